// 服务监控: every instance writes its figures (memory, event-loop lag, requests served), read from its own /metrics
// registry, to the instances table every 15 s and removes its row when it closes; `app.monitor.snapshot()` gives the
// console the instances heard from in the last minute, the database (kind, version, size, this instance's pool) and
// Redis (whether the counters are kept there, how often its breaker opened).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { releaseVersion } from '../lib/paths.ts';
import type { InstanceFigures } from '../repositories/operations.ts';
import { addSeconds, type Clock } from '../services/clock.ts';

export const BEAT_MS = 15_000;
/** An instance not heard from for this long is not listed. */
const SEEN_SECONDS = 60;

declare module 'fastify' {
  interface FastifyInstance {
    monitor: { id: string; beat(): Promise<void>; snapshot(): Promise<MonitorSnapshot> };
  }
}

export interface MonitorSnapshot {
  self: string;
  instances: Awaited<ReturnType<FastifyInstance['repos']['instances']['seenSince']>>;
  database: {
    kind: 'postgres' | 'pglite';
    version: string;
    sizeBytes: number;
    pool: { total: number; idle: number; waiting: number } | null;
  };
  redis: { configured: boolean; up: boolean | null; breakerOpened: number };
}

export default fp(
  async function monitorPlugin(app: FastifyInstance, opts: { clock: Clock }) {
    const { clock } = opts;
    const id = randomUUID();
    const startedAt = clock.now();
    const value = async (name: string): Promise<number> => {
      const metric = await app.metrics.getSingleMetric(name)?.get();
      return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
    };
    const figures = async (): Promise<InstanceFigures> => ({
      rssBytes: await value('process_resident_memory_bytes'),
      heapUsedBytes: await value('nodejs_heap_size_used_bytes'),
      heapTotalBytes: await value('nodejs_heap_size_total_bytes'),
      eventLoopLagMs: Math.round((await value('nodejs_eventloop_lag_p99_seconds')) * 10_000) / 10,
      requests: await value('hukou_http_requests_total'),
    });
    const beat = async () => {
      try {
        await app.repos.instances.beat({
          id,
          host: hostname().slice(0, 64),
          pid: process.pid,
          version: releaseVersion(),
          node: process.version,
          startedAt,
          seenAt: clock.now(),
          figures: await figures(),
        });
      } catch (err) {
        // The database away: the outage is logged once by the error handler; the next beat tries again.
        app.log.debug({ err }, 'instance heartbeat not written');
      }
    };
    const snapshot = async (): Promise<MonitorSnapshot> => {
      await beat();
      const handle = app.dbHandle;
      const result = (await app.db.execute(sql`select version() as version, pg_database_size(current_database()) as size`)) as unknown as {
        rows: { version: string; size: string | number }[];
      };
      const [row] = result.rows;
      const breaker = app.counterBreaker;
      return {
        self: id,
        instances: await app.repos.instances.seenSince(addSeconds(clock.now(), -SEEN_SECONDS)),
        database: {
          kind: handle.kind,
          version: String(row?.version ?? '')
            .split(' on ')[0]!
            .split(',')[0]!
            .slice(0, 100),
          sizeBytes: Number(row?.size ?? 0),
          pool: handle.poolStats?.() ?? null,
        },
        redis: { configured: Boolean(app.config.redisUrl), up: app.config.redisUrl ? !breaker.open : null, breakerOpened: breaker.opened },
      };
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await beat();
      timer = setInterval(() => void beat(), BEAT_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await app.repos.instances.remove(id).catch(() => {});
    });
    app.decorate('monitor', { id, beat, snapshot });
  },
  { name: 'monitor' },
);
