// The seed: reference data on a first start and on an upgrade that brings more (the demo's people in demo mode), staff
// and the roster's demo; then every instance drops the caches the seed wrote behind.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_CHANNEL, sessionCache } from '../lib/session-cache.ts';
import { seed } from '../seed/seed.ts';
import { seedRoster } from '../seed/roster.ts';
import { seedStaff } from '../seed/staff.ts';
import type { Clock } from '../services/clock.ts';

export default fp(async function seedPlugin(app: FastifyInstance, opts: { clock: Clock }) {
  const { db, config } = app;
  await seed(db, { now: opts.clock.now(), log: app.log, demo: config.demo });
  await seedStaff(db, { log: app.log, demo: config.demo });
  await seedRoster(db, { now: opts.clock.now(), log: app.log, demo: config.demo });
  sessionCache.onNotify('*');
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, '*')`);
});
