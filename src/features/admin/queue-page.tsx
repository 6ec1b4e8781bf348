import { useState } from 'react';
import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { adminPaths } from '@/config/admin-paths';
import { formatDateTime } from '@/lib/format';
import { $adminMeta, serviceOptions } from '@/stores/staff';
import { LoadError, PageHead, Pager, PAGE_SIZE, StatusTag, Table, useRemote, useUrlFilters } from './ui';

type Filters = { kind: string; keyword: string; from: string; to: string };
const filterKeys = ['kind', 'keyword', 'from', 'to'] as const;

/** The status tab of 全部 in the URL (`status=all`); no status in the URL is 待办. */
const ALL = 'all';

/**
 * 待办队列: oldest first, by service, status (tabs with counts), date and text; paged. It opens on 待办 (what waits
 * for staff: 已提交, 审核中, 办理中 but cards lent out); 全部 and each status are one tap away, the choice in the URL.
 */
export default function QueuePage() {
  const meta = useStore($adminMeta);
  const { q, search, page, set: show } = useUrlFilters(adminPaths.queue);
  const applied: Filters = { kind: q.get('kind') ?? '', keyword: q.get('keyword') ?? '', from: q.get('from') ?? '', to: q.get('to') ?? '' };
  const status = q.get('status') ?? '';
  const scope = status === ALL ? {} : status ? { status: Number(status) as Schemas['AppStatus'] } : { todo: '1' as const };
  const [draft, setDraft] = useState<Filters>(applied);

  /** The filters of the URL as call parameters (empty ones left out). */
  const query = {
    ...(applied.kind ? { kind: applied.kind as Schemas['ServiceCode'] } : {}),
    ...(applied.keyword ? { keyword: applied.keyword } : {}),
    ...(applied.from ? { from: applied.from } : {}),
    ...(applied.to ? { to: applied.to } : {}),
  };
  const list = useRemote(
    () =>
      unwrap(
        client.GET('/api/admin/applications', {
          params: { query: { ...query, ...scope, pageNum: page, pageSize: PAGE_SIZE } },
        }),
      ),
    [search],
  );
  const counts = useRemote(() => unwrap(client.GET('/api/admin/applications/counts', { params: { query }, loading: false })), [
    applied.kind,
    applied.keyword,
    applied.from,
    applied.to,
  ]);

  const total = counts.data?.reduce((n, c) => n + c.count, 0);
  const todo = counts.data?.reduce((n, c) => n + (c.todo ?? 0), 0);

  return (
    <>
      <PageHead title="待办队列" />
      <form
        class="adm-filters"
        aria-label="筛选"
        onSubmit={(e) => {
          e.preventDefault();
          show({ ...draft });
        }}
      >
        <label>
          业务
          <select class="adm-input" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value })}>
            <option value="">全部业务</option>
            {serviceOptions(meta).map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          提交日期起
          <input type="date" class="adm-input" value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
        </label>
        <label>
          提交日期止
          <input type="date" class="adm-input" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
        </label>
        <label>
          关键字
          <input
            type="search"
            class="adm-input"
            value={draft.keyword}
            maxLength={50}
            placeholder="申请编号、姓名、学号/工作证号"
            onInput={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
          />
        </label>
        <button type="submit" class="weui-btn weui-btn_primary weui-btn_mini">
          查询
        </button>
        <button
          type="button"
          class="weui-btn weui-btn_default weui-btn_mini"
          onClick={() => {
            setDraft({ kind: '', keyword: '', from: '', to: '' });
            show(Object.fromEntries(filterKeys.map((k) => [k, ''])));
          }}
        >
          重置
        </button>
      </form>

      <div class="adm-tabs" role="group" aria-label="办理状态">
        <button type="button" aria-pressed={!status} onClick={() => show({ status: '' })}>
          待办{todo !== undefined && ` ${todo}`}
        </button>
        <button type="button" aria-pressed={status === ALL} onClick={() => show({ status: ALL })}>
          全部{total !== undefined && ` ${total}`}
        </button>
        {(counts.data ?? meta?.statuses.map((s) => ({ status: s.code, statusName: s.label, count: undefined })) ?? []).map((c) => (
          <button key={c.status} type="button" aria-pressed={status === String(c.status)} onClick={() => show({ status: c.status })}>
            {c.statusName}
            {c.count !== undefined && ` ${c.count}`}
          </button>
        ))}
      </div>

      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table
            head={['申请编号', '业务', '申请人', '提交时间', '已等待', '状态']}
            num={['已等待']}
            empty={!list.data.length && (status ? '没有符合条件的申请' : '没有待办的申请，可查看「全部」')}
          >
            {list.data.map((row) => (
              <tr key={row.id}>
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
                <td>
                  <StatusTag status={row.status} name={row.statusName} />
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} total={list.total} onPage={(p) => show({ page: p })} />
        </>
      )}
    </>
  );
}
