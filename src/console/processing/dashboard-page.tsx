import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import { adminPaths } from '@/console/paths';
import { formatDateTime } from '@/lib/format';
import { $adminMeta, kindLabel } from '@/console/staff';
import { LoadError, PageHead } from '../kit';
import { useRemote } from '../data';
import { loadDashboard } from './api';

/** Hours as the office speaks of them: hours under two days, days above. */
export const duration = (hours: number) => (hours < 48 ? `${hours.toFixed(1)} 小时` : `${(hours / 24).toFixed(1)} 天`);

/** 概览: applications per service and status, median processing time (30 days), overdue items, ratings. */
export default function DashboardPage() {
  const meta = useStore($adminMeta);
  const { data, error } = useRemote(loadDashboard, []);
  const statuses = meta?.statuses ?? [];
  // The server may send the code where the label belongs; the reference table has the label.
  const kindName = (kind: string, name: string) => (name && name !== kind ? name : kindLabel(meta, kind));

  return (
    <>
      <PageHead title="概览">{data && <span class="adm-muted">统计于 {formatDateTime(data.generatedAt)}</span>}</PageHead>
      <LoadError message={error} />
      {data && (
        <>
          <div class="adm-stats">
            <Link href={adminPaths.queue.href({ status: 1 })} class={data.overdue.waiting ? 'adm-stat adm-stat_warn' : 'adm-stat'}>
              <b>{data.overdue.waiting}</b>超过 {data.overdue.thresholdDays} 天未办理
            </Link>
            <Link
              href={adminPaths.borrowed.href({ overdue: 1 })}
              class={data.overdue.borrowedCards ? 'adm-stat adm-stat_warn' : 'adm-stat'}
            >
              <b>{data.overdue.borrowedCards}</b>逾期未还的户口卡
            </Link>
            <Link href={adminPaths.ratings.href()} class="adm-stat">
              <b>{data.ratings.average === null ? '—' : data.ratings.average.toFixed(2)}</b>平均评分（{data.ratings.count} 条评价）
            </Link>
            <Link
              href={adminPaths.ratings.href({ pending: 1 })}
              class={data.ratings.pendingFollowUp ? 'adm-stat adm-stat_warn' : 'adm-stat'}
            >
              <b>{data.ratings.pendingFollowUp}</b>待回访（共 {data.ratings.flagged} 条需回访）
            </Link>
          </div>

          <section class="adm-card">
            <h3 class="adm-card__title">各业务申请</h3>
            {data.byService.length ? (
              <div class="adm-scroll">
                <table class="adm-table">
                  <thead>
                    <tr>
                      <th>业务</th>
                      <th class="adm-num">合计</th>
                      {statuses.map((s) => (
                        <th key={s.code} class="adm-num">
                          {s.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.byService.map((row) => (
                      <tr key={row.kind}>
                        <td class="adm-nowrap">
                          <Link href={adminPaths.queue.href({ kind: row.kind })}>{kindName(row.kind, row.kindName)}</Link>
                        </td>
                        <td class="adm-num">{row.total}</td>
                        {statuses.map((s) => (
                          <td key={s.code} class="adm-num">
                            {row.counts.find((c) => c.status === s.code)?.count ?? 0}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p class="adm-empty">暂无申请</p>
            )}
          </section>

          <section class="adm-card">
            <h3 class="adm-card__title">近 30 天办理时长（提交到办结的中位数）</h3>
            {data.processing.length ? (
              <table class="adm-table">
                <thead>
                  <tr>
                    <th>业务</th>
                    <th class="adm-num">办结数</th>
                    <th class="adm-num">办理时长中位数</th>
                  </tr>
                </thead>
                <tbody>
                  {data.processing.map((row) => (
                    <tr key={row.kind}>
                      <td>{kindName(row.kind, row.kindName)}</td>
                      <td class="adm-num">{row.finished}</td>
                      <td class="adm-num">{duration(row.medianHours)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p class="adm-empty">近 30 天没有办结的申请</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
