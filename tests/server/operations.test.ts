// 服务监控 and 定时任务 (issue 26 item 7): administrators see the instances (from the figures /metrics has), the
// database and Redis, and the scheduled jobs with their runs; 立即执行 runs a job and records who asked. One instance
// runs a job at a time: two apps on one database, asked at once, never run the same job at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../server/repositories/index.ts';
import { createHousekeeping } from '../../server/services/housekeeping.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'admin');
  staff = await createStaff(t, 'staff');
});
afterAll(async () => t?.close());

type Run = {
  id: number;
  job: string;
  trigger: string;
  triggerName: string;
  startedAt: string;
  durationMs: number;
  ok: boolean;
  error: string | null;
  instance: string;
  by: string | null;
};

describe('服务监控', () => {
  it('lists this instance with the figures of its /metrics, the database and Redis', async () => {
    const res = await call(t, 'GET', '/api/admin/monitor', admin.token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    const self = data.instances.find((i: { self: boolean }) => i.self);
    expect(self).toMatchObject({ pid: process.pid, node: process.version, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(self.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(self.heapUsedBytes).toBeGreaterThan(0);
    expect(self.heapTotalBytes).toBeGreaterThanOrEqual(self.heapUsedBytes);
    expect(self.requests).toBeGreaterThanOrEqual(0);
    expect(data.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(data.database.version).toMatch(/PostgreSQL \d+/);
    expect(data.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(data.redis).toEqual({ configured: false, up: null, breakerOpened: 0 });
    t.assertContract();
  });

  it('is for administrators only', async () => {
    expect((await call(t, 'GET', '/api/admin/monitor', staff.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/jobs', staff.token)).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/jobs/purge/run', staff.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/monitor')).status).toBe(401);
    const user = await t.login(demo.undergraduate.phone);
    expect((await call(t, 'POST', '/api/admin/jobs/purge/run', user)).status).toBe(403);
  });
});

describe('定时任务', () => {
  it('lists the jobs with their schedule and the runs the hourly timer made', async () => {
    // What the hourly timer does (tests start no timer).
    await t.app.services.housekeeping.run();
    const res = await call(t, 'GET', '/api/admin/jobs', admin.token);
    expect(res.status).toBe(200);
    const rows = res.body.rows as { name: string; label: string; schedule: string; running: boolean; runs: Run[] }[];
    expect(rows.map((r) => r.name)).toEqual(['purge', 'quotas', 'borrow-reminders', 'idempotency']);
    expect(rows.map((r) => r.label)).toEqual(['清理过期数据', '生成预约号源', '户口卡归还提醒', '清理重复提交记录']);
    for (const row of rows) {
      expect(row.schedule).toBe('每小时一次（多个实例时由其中一个执行）');
      expect(row.running).toBe(false);
      expect(row.runs[0]).toMatchObject({ trigger: 'schedule', triggerName: '定时', ok: true, error: null, by: null });
    }
    t.assertContract();
  });

  it('立即执行 runs the job, answers its run, lists it first with who asked, and audits it', async () => {
    const res = await call(t, 'POST', '/api/admin/jobs/quotas/run', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('执行成功');
    const run = res.body.data as Run;
    expect(run).toMatchObject({ job: 'quotas', trigger: 'manual', triggerName: '立即执行', ok: true, error: null, by: admin.name });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.instance).toContain(`:${process.pid}`);
    const list = await call(t, 'GET', '/api/admin/jobs', admin.token);
    const quotas = list.body.rows.find((r: { name: string }) => r.name === 'quotas');
    expect(quotas.runs[0]).toEqual(run);
    const audit = await call(t, 'GET', '/api/admin/audit?pageSize=5', admin.token);
    expect(audit.body.rows[0]).toMatchObject({
      action: 'job.run',
      summary: expect.stringContaining('立即执行定时任务「生成预约号源」：成功'),
    });
    expect((await call(t, 'POST', '/api/admin/jobs/nope/run', admin.token)).status).toBe(400);
    t.assertContract();
  });

  it('a failing job is recorded as failed with the class of its error, not its message', async () => {
    const failing = createHousekeeping(createRepositories(t.app.db), t.clock, t.app.log, [
      {
        name: 'boom',
        label: '失败',
        description: '测试',
        run: async () => {
          throw Object.assign(new TypeError('secret 110108200503121233'), { code: 'E_TEST' });
        },
      },
    ]);
    const run = await failing.runJob('boom', 'manual');
    expect(run).toMatchObject({ ok: false, error: 'TypeError E_TEST' });
  });
});

describe('one instance runs a job at a time', () => {
  it('of five asks at once from three instances, one runs and the others are told it is busy', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const instance = () =>
      createHousekeeping(createRepositories(t.app.db), t.clock, t.app.log, [
        {
          name: 'slow',
          label: '慢',
          description: '测试',
          run: async () => {
            running += 1;
            most = Math.max(most, running);
            await gate;
            running -= 1;
          },
        },
      ]);
    const [a, b, c] = [instance(), instance(), instance()];
    const asks = [a, b, c, a, b].map((h) => h.runJob('slow', 'manual'));
    await new Promise((r) => setTimeout(r, 200));
    release();
    const outcomes = await Promise.all(asks);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(4);
    expect(most).toBe(1);
    // Released: the next ask runs.
    expect(await c.runJob('slow', 'manual')).toMatchObject({ ok: true });
  });

  it('two apps on one database: while one instance holds a job both answer 409, and a burst of 立即执行 never overlaps', async () => {
    const b = await createTestApp({ database: { handle: { ...t.app.dbHandle, close: async () => {} }, drop: async () => {} } });
    try {
      const adminB = await createStaff(b, 'admin');
      // Another instance holds purge.
      const now = t.clock.now();
      expect(await t.app.repos.jobs.take('purge', 'elsewhere', now, new Date(now.getTime() - 1800_000))).toBe(true);
      for (const [app, who] of [
        [t, admin],
        [b, adminB],
      ] as const) {
        const res = await call(app, 'POST', '/api/admin/jobs/purge/run', who.token);
        expect(res.status).toBe(409);
        expect(res.body.msg).toBe('该任务正在执行，请稍后再试');
      }
      const list = await call(b, 'GET', '/api/admin/jobs', adminB.token);
      expect(list.body.rows.find((r: { name: string }) => r.name === 'purge').running).toBe(true);
      await t.app.repos.jobs.release('purge', 'elsewhere');

      const burst = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 ? call(b, 'POST', '/api/admin/jobs/purge/run', adminB.token) : call(t, 'POST', '/api/admin/jobs/purge/run', admin.token),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(statuses).toContain(200);
      const ran = new Set(burst.filter((r) => r.status === 200).map((r) => (r.body.data as Run).id));
      // No two of the runs that happened overlapped in time: their rows, to the millisecond (the answer shows the
      // second a run started, and several runs of this burst start within one second).
      const rows = (await t.app.repos.jobRuns.recent(50)).map((r) => r.run).filter((r) => ran.has(r.id));
      expect(rows).toHaveLength(ran.size);
      const spans = rows.map((r) => [r.startedAt.getTime(), r.startedAt.getTime() + r.durationMs!] as const).sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1] - 1);
      // Both instances report to the monitor.
      const monitor = await call(t, 'GET', '/api/admin/monitor', admin.token);
      expect(monitor.body.data.instances.length).toBeGreaterThanOrEqual(2);
      b.assertContract();
    } finally {
      await b.close();
    }
  });
});
