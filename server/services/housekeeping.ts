// The scheduled jobs (定时任务): clean-up of expired codes, permits, tickets and sessions (SMS records are kept 2 days
// for the daily limit), plus the jobs of other services (appointment quotas ahead, borrow reminders, old keys).
// Every instance keeps the hourly timer; each hour one of them claims the run (a row in settings,
// repos.housekeeping.claimJob), so several instances behind a proxy remind a borrower once, not once per instance.
// Each job also runs alone: an instance takes it (repos.jobs.take) before it runs, scheduled or 立即执行 from the
// console, and every run is recorded (repos.jobRuns: when, how long, the outcome, where, who asked) and logged.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LOGIN_RECORD_DAYS } from './login-records.ts';
import { TRUSTED_DEVICE_DAYS } from './login-guard.ts';
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

const EVERY_MS = 3600_000;
/** A claim older than this lets the next timer run: a little under the hour, so timers that drift never skip one. */
const CLAIM_MS = 55 * 60_000;
/** A job held longer than this was left by an instance that died: another may take it. */
const STALE_SECONDS = 30 * 60;
/** Runs are kept this long. */
export const JOB_RUN_DAYS = 90;
/** What the console says of the schedule. */
export const JOB_SCHEDULE = '每小时一次（多个实例时由其中一个执行）';

export interface HousekeepingTask {
  /** Key of the job ([a-z-]). */
  name: string;
  /** 任务名称. */
  label: string;
  /** What it does, for the console. */
  description: string;
  run(): Promise<void>;
}

export type JobRunRow = Awaited<ReturnType<Repositories['jobRuns']['finish']>>;

/** Where a run happened: host and process, as the console shows it. */
const instanceName = () => `${hostname().slice(0, 48)}:${process.pid}`;

/** What failed, without the message (a database error's message may quote the data it was given). */
const failureOf = (err: unknown): string => {
  const e = err as { name?: string; code?: string };
  return [e?.name ?? 'Error', typeof e?.code === 'string' ? e.code : ''].filter(Boolean).join(' ').slice(0, 100);
};

export function createHousekeeping(repos: Repositories, clock: Clock, log: FastifyBaseLogger, tasks: HousekeepingTask[] = []) {
  let timer: NodeJS.Timeout | undefined;
  const instance = randomUUID();
  const where = instanceName();
  const holder = `${where}/${instance.slice(0, 8)}`;
  const jobs: HousekeepingTask[] = [
    {
      name: 'purge',
      label: '清理过期数据',
      description: `删除过期的验证码、登录凭证与会话，${LOGIN_RECORD_DAYS} 天前的登录日志和 ${JOB_RUN_DAYS} 天前的任务日志`,
      run: async () => {
        const now = clock.now();
        await repos.housekeeping.purge(now, addSeconds(now, -2 * 86400), addSeconds(now, -86400));
        await repos.loginRecords.purgeBefore(addSeconds(now, -LOGIN_RECORD_DAYS * 86400));
        await repos.trustedDevices.purgeBefore(addSeconds(now, -TRUSTED_DEVICE_DAYS * 86400));
        await repos.jobRuns.purgeBefore(addSeconds(now, -JOB_RUN_DAYS * 86400));
        await repos.instances.purgeBefore(addSeconds(now, -86400));
      },
    },
    ...tasks,
  ];

  /**
   * Runs one job if no instance runs it now: 'busy' when one does, 'unknown' for a name that is not a job. The run is
   * recorded before it starts and its outcome after; a failure is recorded and logged, not thrown.
   */
  const runJob = async (
    name: string,
    trigger: 'schedule' | 'manual',
    staffId: number | null = null,
  ): Promise<JobRunRow | 'busy' | 'unknown'> => {
    const job = jobs.find((j) => j.name === name);
    if (!job) return 'unknown';
    const now = clock.now();
    if (!(await repos.jobs.take(name, holder, now, addSeconds(now, -STALE_SECONDS)))) return 'busy';
    // The run starts once the claim is held: a claim that waited for a connection behind another run's release must
    // not date its run before that release.
    const startedAt = clock.now();
    const started = performance.now();
    try {
      const run = await repos.jobRuns.start({ job: name, trigger, startedAt, instance: where, staffId });
      let error: string | null = null;
      try {
        await job.run();
      } catch (err) {
        error = failureOf(err);
        log.warn({ err, job: name }, 'job failed');
      }
      const durationMs = Math.round(performance.now() - started);
      log.info({ job: name, trigger, durationMs, ok: !error }, 'job finished');
      return await repos.jobRuns.finish(run.id, { durationMs, ok: !error, error });
    } finally {
      await repos.jobs.release(name, holder);
    }
  };

  /** Every job now, one after another, whatever another one did (tests, and an operator's one-off). */
  const run = async () => {
    for (const job of jobs) {
      try {
        await runJob(job.name, 'schedule');
      } catch (err) {
        log.warn({ err, job: job.name }, 'job could not run');
      }
    }
  };
  /** Runs the jobs when this instance wins the hour's claim; false when another instance has the hour. */
  const runIfDue = async (): Promise<boolean> => {
    const now = clock.now();
    let claimed: boolean;
    try {
      claimed = await repos.housekeeping.claimJob('housekeeping', now, new Date(now.getTime() - CLAIM_MS), instance);
    } catch (err) {
      log.warn({ err }, 'housekeeping could not claim its run');
      return false;
    }
    if (claimed) await run();
    return claimed;
  };
  return {
    /** The jobs, in the order they run. */
    jobs: jobs.map(({ name, label, description }) => ({ name, label, description })),
    runJob,
    run,
    runIfDue,
    /** The jobs some instance runs now. */
    running: () => repos.jobs.running(addSeconds(clock.now(), -STALE_SECONDS)),
    /** Claims a run now (quotas ahead after a first start), then every hour. */
    start() {
      void runIfDue();
      timer = setInterval(() => void runIfDue(), EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
