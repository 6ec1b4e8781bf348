// Probes for supervisors and load balancers: /healthz (the process answers) and /readyz (the database answers and every
// migration of this release is applied). While the app closes (SIGTERM), Fastify answers every request, probes included,
// with 503 (return503OnClosing) until running requests finish. Not rate-limited, not logged per probe, no sign-in.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseMigrations } from '../db/client.ts';

export { releaseMigrations };

export default fp(async function healthPlugin(app: FastifyInstance) {
  const expected = releaseMigrations();
  const probe = { config: { rateLimit: false }, logLevel: 'warn' as const };

  app.get('/healthz', probe, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      // node-postgres and PGlite both answer { rows }.
      const result = (await app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[];
      };
      const applied = Number(result.rows[0]?.n ?? 0);
      if (applied < expected) return reply.status(503).send({ status: 'migrations pending', applied, expected });
      return reply.send({ status: 'ready', database: app.dbHandle.kind, migrations: applied });
    } catch (err) {
      app.log.warn({ err }, 'readiness: the database does not answer');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
});
