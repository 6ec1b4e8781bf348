import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import { $staff } from '@/console/staff';
import type { Schemas } from '@/api/client';
import { Button } from '@/components/ui/button';
import { adminPaths } from '@/console/paths';
import { formatDate } from '@/lib/format';
import { confirmDialog } from '@/state/ui';
import { transition } from './transition';
import { ExportButtons } from '../export-buttons';
import { KeywordSearch, LoadError, PageHead, Pager, PAGE_SIZE, StatusTag, Table } from '../kit';
import { useRemote, useUrlFilters } from '../data';
import { loadBorrowedCards } from './api';

type Card = Schemas['BorrowedCard'];

/** 借出户口卡: cards out (due date first), the overdue ones, and marking one returned. */
export default function BorrowedPage() {
  const { q, search, page, set: show } = useUrlFilters(adminPaths.borrowed);
  const me = useStore($staff);
  const overdue = q.get('overdue') === '1';
  const keyword = q.get('keyword') ?? '';
  const list = useRemote(
    () =>
      loadBorrowedCards({
        ...(overdue ? { overdue: '1' as const } : {}),
        ...(keyword ? { keyword } : {}),
        pageNum: page,
        pageSize: PAGE_SIZE,
      }),
    [search],
  );

  async function returned(card: Card) {
    const yes = await confirmDialog({
      title: '标记归还',
      message: `确认 ${card.applicant.xm} 已归还户口卡（申请 ${card.sqbh}）吗？`,
      confirmText: '已归还',
    });
    if (yes)
      await transition(
        card.applicationId,
        { to: 7, expectedVersion: card.version, expectedStatus: card.status },
        '已标记归还',
        list.reload,
      );
  }

  return (
    <>
      <PageHead title="借出户口卡">
        <ExportButtons
          path="/api/admin/exports/borrowed"
          query={{ ...(overdue ? { overdue: '1' } : {}), ...(keyword ? { keyword } : {}) }}
          title={overdue ? '逾期未还户口卡' : '借出户口卡'}
          full={me?.role === 'admin'}
        />
      </PageHead>
      <div class="adm-filters">
        <div class="adm-tabs" role="group" aria-label="范围">
          <button type="button" aria-pressed={!overdue} onClick={() => show({ overdue: '' })}>
            全部借出
          </button>
          <button type="button" aria-pressed={overdue} onClick={() => show({ overdue: 1 })}>
            已逾期
          </button>
        </div>
        <KeywordSearch placeholder="申请编号、姓名、学号/工作证号" value={keyword} onSearch={(k) => show({ keyword: k })} />
      </div>
      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table
            head={['申请编号', '借用人', '借用日期', '应还日期', '状态', '操作']}
            empty={!list.data.length && (overdue ? '没有逾期未还的户口卡' : '没有借出的户口卡')}
          >
            {list.data.map((card) => (
              <tr key={card.applicationId}>
                <td class="adm-nowrap">
                  <Link href={adminPaths.application.href({ id: card.applicationId })}>{card.sqbh}</Link>
                </td>
                <td class="adm-nowrap">
                  {card.applicant.xm}
                  <div class="adm-muted">
                    {card.applicant.xh ?? card.applicant.gzzh ?? ''} {card.applicant.phone ?? ''}
                  </div>
                </td>
                <td class="adm-nowrap">{formatDate(card.jyrq)}</td>
                <td class={card.overdue ? 'adm-nowrap adm-warn' : 'adm-nowrap'}>
                  {formatDate(card.ghrq)}
                  {card.overdue && <div>逾期 {card.overdueDays} 天</div>}
                </td>
                <td>
                  <StatusTag status={card.status} name={card.statusName} />
                </td>
                <td>
                  <Button size="mini" variant="default" onClick={() => void returned(card)}>
                    标记归还
                  </Button>
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
