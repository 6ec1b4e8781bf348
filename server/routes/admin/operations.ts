// 服务监控 and 定时任务 (administrators): the instances and what they depend on, and the scheduled jobs with their runs
// and 立即执行.
import type { FastifyInstance } from 'fastify';
import { conflict, notFound, ok, okRows } from '../../lib/envelope.ts';
import { currentUser } from '../../lib/request.ts';
import type { components } from '../../../shared/contract/schema';
import { chinaDateTime } from '../../services/clock.ts';
import { JOB_SCHEDULE } from '../../services/housekeeping.ts';
import { auditTools } from './audit.ts';

type S = components['schemas'];

const TRIGGER_NAMES = { schedule: '定时', manual: '立即执行' } as const;
const KIND_NAMES = { postgres: 'PostgreSQL', pglite: '内嵌数据库（PGlite）' } as const;
const RUNS_SHOWN = 10;

type RunRow = {
  id: number;
  job: string;
  trigger: string;
  startedAt: Date;
  durationMs: number | null;
  ok: boolean | null;
  error: string | null;
  instance: string;
};

const runWire = (run: RunRow, by: string | null): S['JobRun'] => ({
  id: run.id,
  job: run.job as S['JobName'],
  trigger: run.trigger as 'schedule' | 'manual',
  triggerName: TRIGGER_NAMES[run.trigger as 'schedule' | 'manual'] ?? run.trigger,
  startedAt: chinaDateTime(run.startedAt),
  durationMs: run.durationMs,
  ok: run.ok,
  error: run.error,
  instance: run.instance,
  by,
});

export default async function operationsRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  app.operation('adminGetMonitor', async () => {
    const snapshot = await app.monitor.snapshot();
    const data: S['ServerMonitor'] = {
      checkedAt: chinaDateTime(services.clock.now()),
      instances: snapshot.instances.map((i) => ({
        id: i.id,
        self: i.id === snapshot.self,
        host: i.host,
        pid: i.pid,
        version: i.version,
        node: i.node,
        startedAt: chinaDateTime(i.startedAt),
        seenAt: chinaDateTime(i.seenAt),
        rssBytes: Math.round(i.figures.rssBytes),
        heapUsedBytes: Math.round(i.figures.heapUsedBytes),
        heapTotalBytes: Math.round(i.figures.heapTotalBytes),
        eventLoopLagMs: i.figures.eventLoopLagMs,
        requests: Math.round(i.figures.requests),
      })),
      database: { ...snapshot.database, kindName: KIND_NAMES[snapshot.database.kind] },
      redis: snapshot.redis,
    };
    return ok(data, '查询成功');
  });

  app.operation('adminListJobs', async () => {
    const { housekeeping } = services;
    const [runs, running] = await Promise.all([repos.jobRuns.recent(RUNS_SHOWN), housekeeping.running()]);
    const rows = housekeeping.jobs.map((job): S['Job'] => ({
      name: job.name as S['JobName'],
      label: job.label,
      description: job.description,
      schedule: JOB_SCHEDULE,
      running: running.has(job.name),
      runs: runs.filter((r) => r.run.job === job.name).map((r) => runWire(r.run, r.staffName)),
    }));
    return okRows(rows, rows.length);
  });

  app.operation('adminRunJob', async (request) => {
    const { name } = request.params;
    const staff = currentUser(request);
    const job = services.housekeeping.jobs.find((j) => j.name === name);
    if (!job) throw notFound('定时任务不存在');
    const outcome = await services.housekeeping.runJob(name, 'manual', staff.id);
    if (outcome === 'unknown') throw notFound('定时任务不存在');
    if (outcome === 'busy') throw conflict('该任务正在执行，请稍后再试');
    await audit.record(request, {
      action: 'job.run',
      summary: `立即执行定时任务「${job.label}」：${outcome.ok ? '成功' : `失败（${outcome.error}）`}，耗时 ${outcome.durationMs} 毫秒`,
    });
    return ok(runWire(outcome, staff.name), outcome.ok ? '执行成功' : '执行失败');
  });
}
