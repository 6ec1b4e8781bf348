// Prometheus metrics (prom-client, a registry per app): requests and latency per operation (the route's pattern, never
// the raw URL with its ids and tokens), status class, database pool use, event-loop lag and the process's own metrics.
// Served at /metrics on the main port only with `Authorization: Bearer <METRICS_TOKEN>` (404 otherwise, so it is not
// advertised), and on METRICS_PORT by a listener of its own (server/main.ts).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionCache } from '../lib/session-cache.ts';
import { droppedLogCharacters } from '../lib/log-stream.ts';
import { releaseVersion } from '../lib/paths.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export default fp(async function metricsPlugin(app: FastifyInstance) {
  const register = new Registry();
  // The stock names (process_*, nodejs_*), so stock Node.js dashboards match; the app's own carry hukou_.
  collectDefaultMetrics({ register });
  new Gauge({
    name: 'hukou_build_info',
    help: 'The running release: its version and Node.js (always 1)',
    labelNames: ['version', 'node'],
    registers: [register],
  }).set({ version: releaseVersion(), node: process.version }, 1);
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'hukou_http_requests_total',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'hukou_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  new Counter({
    name: 'hukou_log_dropped_characters_total',
    help: 'Characters of log lines dropped because standard output did not take them (lib/log-stream.ts MAX_LENGTH)',
    registers: [register],
    collect() {
      this.reset();
      this.inc(droppedLogCharacters());
    },
  });
  const handle = app.dbHandle;
  if (handle.poolStats) {
    const stats = handle.poolStats;
    new Gauge({
      name: 'hukou_db_pool_connections',
      help: 'PostgreSQL pool connections (total)',
      registers: [register],
      collect() {
        this.set(stats().total);
      },
    });
    new Gauge({
      name: 'hukou_db_pool_idle',
      help: 'PostgreSQL pool connections idle',
      registers: [register],
      collect() {
        this.set(stats().idle);
      },
    });
    new Gauge({
      name: 'hukou_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection',
      registers: [register],
      collect() {
        this.set(stats().waiting);
      },
    });
  }
  if (app.config.redisUrl) {
    const breaker = app.counterBreaker;
    new Gauge({
      name: 'hukou_rate_limit_redis_up',
      help: 'Whether the rate-limit counters are kept in Redis (1) or, its circuit breaker open, in this instance (0)',
      registers: [register],
      collect() {
        this.set(breaker.open ? 0 : 1);
      },
    });
    new Counter({
      name: 'hukou_rate_limit_redis_breaker_opened_total',
      help: 'Times Redis failed and the rate-limit counters moved to this instance for a cooldown',
      registers: [register],
      collect() {
        this.reset();
        this.inc(breaker.opened);
      },
    });
  }
  const shed = app.loadShed;
  new Counter({
    name: 'hukou_requests_shed_total',
    help: 'API requests answered 503 at once because the event loop lagged (LOAD_SHED_EVENT_LOOP_DELAY_MS)',
    registers: [register],
    collect() {
      this.reset();
      this.inc(shed.shed());
    },
  });
  new Gauge({
    name: 'hukou_event_loop_delay_mean_seconds',
    help: 'Mean event-loop delay over the last second (what load shedding compares)',
    registers: [register],
    collect() {
      this.set(shed.delayMs() / 1000);
    },
  });
  new Counter({
    name: 'hukou_session_cache_hits_total',
    help: 'Signed-in requests whose session came from the cache',
    registers: [register],
    collect() {
      this.reset();
      this.inc(sessionCache.hits);
    },
  });
  new Counter({
    name: 'hukou_session_cache_misses_total',
    help: 'Signed-in requests whose session was read from the database',
    registers: [register],
    collect() {
      this.reset();
      this.inc(sessionCache.misses);
    },
  });
  app.decorate('metrics', register);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics' || route === '/healthz' || route === '/readyz') return;
    // Files of the web app are one label, not one per asset.
    const labels = {
      method: request.method,
      route: route.startsWith('/web') ? '/web/*' : route,
      status: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  // Without a token the route does not exist; with a wrong one it answers like a route that does not exist.
  const token = app.config.metricsToken;
  if (token) {
    app.get('/metrics', { config: { rateLimit: false }, logLevel: 'warn' }, async (request, reply) => {
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
        return reply.status(404).send({ code: 404, msg: '接口不存在' });
      return reply
        .header('cache-control', 'no-store')
        .type(register.contentType)
        .send(await register.metrics());
    });
  }
});
