import type { ComponentChildren } from 'preact';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import type { Schemas } from '@/api/client';
import { adminPaths } from '@/console/paths';
import { formatDateTime } from '@/lib/format';
import { StatusTag, Table } from '../../kit';

type Row = Schemas['AdminApplicationRow'];

/** The queue's rows: a check box to pick each, the cursor of the keys (a click moves it), the link to each. */
export function QueueTable({
  rows,
  empty,
  cursor,
  setCursor,
  picked,
  toggle,
  table,
  children,
}: {
  rows: Row[];
  empty: string | false;
  cursor: number;
  setCursor: (i: number) => void;
  picked: ReadonlyMap<number, number>;
  toggle: (row: Row) => void;
  table: RefObject<HTMLDivElement | null>;
  /** Under the table (its pager). */
  children?: ComponentChildren;
}) {
  return (
    <div ref={table}>
      <Table head={['选择', '申请编号', '业务', '申请人', '提交时间', '已等待', '认领人', '状态']} num={['已等待']} empty={empty}>
        {rows.map((row, i) => (
          <tr key={row.id} data-cursor={i === cursor} class={i === cursor ? 'adm-row_cursor' : undefined} onClick={() => setCursor(i)}>
            <td>
              <input type="checkbox" aria-label={`选择 ${row.sqbh}`} checked={picked.has(row.id)} onChange={() => toggle(row)} />
            </td>
            <td class="adm-nowrap">
              <Link href={adminPaths.application.href({ id: row.id })}>{row.sqbh}</Link>
            </td>
            <td>
              {row.kindName ?? row.kind}
              <div class="adm-muted">{row.title}</div>
            </td>
            <td class="adm-nowrap">
              {row.applicant.xm}
              <div class="adm-muted">{row.applicant.xh ?? row.applicant.gzzh ?? row.applicant.rylbmc}</div>
            </td>
            <td class="adm-nowrap">{formatDateTime(row.createdAt)}</td>
            <td class={row.overdue ? 'adm-num adm-warn' : 'adm-num'}>
              {row.waitingDays} 天{row.overdue && '（超时）'}
            </td>
            <td class="adm-nowrap">{row.assignee ? row.assignee.name : <span class="adm-muted">未认领</span>}</td>
            <td>
              <StatusTag status={row.status} name={row.statusName} />
            </td>
          </tr>
        ))}
      </Table>
      {children}
    </div>
  );
}
