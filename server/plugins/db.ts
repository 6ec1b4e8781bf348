// The database decorator (opened from the configuration unless one is given), repositories and services.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { seedStaff } from '../db/seed-staff.ts';
import { createRepositories } from '../repositories/index.ts';
import { createServices } from '../services/index.ts';
import type { Clock } from '../services/clock.ts';
import type { SmsSender } from '../services/sms.ts';

export interface DbPluginOptions {
  /** An open database (tests); the app then leaves closing it to the caller. */
  handle?: DatabaseHandle;
  clock: Clock;
  smsSender?: SmsSender;
}

export default fp(async function dbPlugin(app: FastifyInstance, opts: DbPluginOptions) {
  const { config } = app;
  const handle =
    opts.handle ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }));
  if (!opts.handle) app.addHook('onClose', async () => handle.close());
  app.decorate('db', handle.db);
  const repos = createRepositories(handle.db);
  app.decorate('repos', repos);
  app.decorate('services', createServices({ config, db: handle.db, repos, clock: opts.clock, log: app.log, smsSender: opts.smsSender }));
  await seed(handle.db, { now: opts.clock.now(), log: app.log, demo: config.nodeEnv !== 'production' });
  await seedStaff(handle.db, { log: app.log, demo: config.nodeEnv !== 'production' });
  if (config.nodeEnv !== 'test') {
    const { housekeeping } = app.services;
    app.addHook('onReady', async () => housekeeping.start());
    app.addHook('preClose', async () => housekeeping.stop());
  }
});
