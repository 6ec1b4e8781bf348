import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import type { Schemas } from '@/api/types';
import { confirmDialog } from '@/state/ui';
import { LoadError, PageHead, Table } from '../kit';
import { announce, useRemote } from '../data';
import { loadJobs, runJob } from './api';

type Run = Schemas['JobRun'];

const outcome = (run: Run) => (run.ok === null ? '执行中' : run.ok ? '成功' : `失败（${run.error ?? '未知错误'}）`);
const took = (run: Run) =>
  run.durationMs === null ? '—' : run.durationMs < 1000 ? `${run.durationMs} ms` : `${(run.durationMs / 1000).toFixed(1)} s`;

/** 定时任务: the jobs with their schedule and state, 立即执行, and the log of their latest runs. */
export default function JobsPage() {
  const list = useRemote(loadJobs, []);
  const [busy, setBusy] = useState<string | null>(null);

  async function runNow(name: Schemas['JobName'], label: string) {
    if (busy) return;
    if (!(await confirmDialog({ title: '立即执行', message: `确定立即执行「${label}」吗？`, confirmText: '立即执行' }))) return;
    setBusy(name);
    const r = await runJob(name);
    setBusy(null);
    if (r.ok) announce(r, r.data.ok ? `「${label}」执行成功，耗时 ${took(r.data)}` : `「${label}」执行失败：${r.data.error ?? '未知错误'}`);
    else announce(r, '');
    list.reload();
  }

  const jobs = list.data ?? [];
  const runs = jobs
    .flatMap((j) => j.runs.map((run) => ({ run, label: j.label })))
    .sort((a, b) => b.run.startedAt.localeCompare(a.run.startedAt) || b.run.id - a.run.id);
  return (
    <>
      <PageHead title="定时任务">
        <button type="button" class="adm-link" onClick={() => list.reload()}>
          刷新
        </button>
      </PageHead>
      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table head={['任务', '执行周期', '状态', '最近执行', '操作']} empty={!jobs.length && '没有定时任务'}>
            {jobs.map((j) => {
              const last = j.runs[0];
              return (
                <tr key={j.name}>
                  <td>
                    {j.label}
                    <div class="adm-muted">{j.description}</div>
                  </td>
                  <td>{j.schedule}</td>
                  <td class="adm-nowrap">{j.running ? <span class="adm-tag">执行中</span> : '空闲'}</td>
                  <td class="adm-nowrap">
                    {last ? (
                      <>
                        {formatDateTime(last.startedAt)}
                        <div class={last.ok === false ? 'adm-bad' : 'adm-muted'}>
                          {last.triggerName}，{outcome(last)}，{took(last)}
                        </div>
                      </>
                    ) : (
                      <span class="adm-muted">尚未执行</span>
                    )}
                  </td>
                  <td class="adm-nowrap">
                    <button
                      type="button"
                      class="weui-btn weui-btn_primary weui-btn_mini"
                      disabled={busy !== null || j.running}
                      onClick={() => void runNow(j.name, j.label)}
                    >
                      {busy === j.name ? '执行中…' : '立即执行'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </Table>
          <section class="adm-card">
            <h3 class="adm-card__title">执行日志</h3>
            <p class="adm-muted">每个任务最近 10 次执行；执行记录保留 90 天。同一任务在所有实例中同时只执行一次。</p>
            <Table
              head={['开始时间', '任务', '方式', '耗时', '结果', '实例', '执行人']}
              num={['耗时']}
              empty={!runs.length && '尚无执行记录'}
            >
              {runs.map(({ run, label }) => (
                <tr key={run.id}>
                  <td class="adm-nowrap">{formatDateTime(run.startedAt)}</td>
                  <td class="adm-nowrap">{label}</td>
                  <td class="adm-nowrap">{run.triggerName}</td>
                  <td class="adm-num adm-nowrap">{took(run)}</td>
                  <td class={run.ok === false ? 'adm-nowrap adm-bad' : 'adm-nowrap'}>{outcome(run)}</td>
                  <td class="adm-nowrap">{run.instance}</td>
                  <td class="adm-nowrap">{run.by ?? '—'}</td>
                </tr>
              ))}
            </Table>
          </section>
        </>
      )}
    </>
  );
}
