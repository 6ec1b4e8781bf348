// Probes for supervisors and load balancers: /healthz (the process answers) and /readyz (the database answers and every
// migration of this release is applied). On SIGTERM the instance first drains (server/main.ts): /readyz answers 503
// while everything else is still served, for SHUTDOWN_DRAIN_SECONDS; then the listener closes and Fastify answers what
// still arrives on open connections with 503 (return503OnClosing; nginx retries those on the other instance, see
// deploy/nginx/hukou-proxy.conf) until running requests finish. Not rate-limited, not logged per probe, no sign-in.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseMigrations } from '../db/client.ts';
import { databaseAwayReason } from './errors.ts';

export { releaseMigrations };

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's shutdown state: draining from SIGTERM until the listener closes (server/main.ts). */
    lifecycle: { draining: boolean };
  }
}

export default fp(async function healthPlugin(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });
  // Draining: every answer closes its connection, so no kept-alive connection outlives the drain (a proxy reconnects:
  // here while the listener is open, to the other instance after), and the close that follows has no idle connection
  // to wait for (issue 26: an instance waited on kept-alive connections past its 10 s and exited 1).
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
  const expected = releaseMigrations();
  const probe = { config: { rateLimit: false }, logLevel: 'warn' as const };

  app.get('/healthz', probe, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Draining (SIGTERM, before the listener closes): not ready, while the app still serves what reaches it.
    if (app.lifecycle.draining) return reply.status(503).header('retry-after', '5').send({ status: 'draining' });
    try {
      // node-postgres and PGlite both answer { rows }.
      const result = (await app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[];
      };
      const applied = Number(result.rows[0]?.n ?? 0);
      if (applied < expected) return reply.status(503).send({ status: 'migrations pending', applied, expected });
      app.databaseOutage.end();
      return reply.send({ status: 'ready', database: app.dbHandle.kind, migrations: applied });
    } catch (err) {
      // An outage is logged once, as the requests' (errors plugin); anything else, short (no SQL, no stack).
      const away = databaseAwayReason(err);
      if (away) app.databaseOutage.begin(away);
      else app.log.warn({ reason: (err as Error).message.split('\n')[0]!.slice(0, 200) }, 'readiness: the database check failed');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
});
