// The database decorator (opened from the configuration unless one is given), repositories and services.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { prepareFieldEncryption } from '../db/field-encryption.ts';
import { FieldCipher, installFieldCipher, resolveDataKey } from '../lib/field-crypto.ts';
import { seed } from '../seed/seed.ts';
import { SESSION_CHANNEL, sessionCache } from '../lib/session-cache.ts';
import { seedStaff } from '../seed/staff.ts';
import { seedRoster } from '../seed/roster.ts';
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
    opts.handle ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }));
  try {
    // The data key must open this database's check value; ID numbers still in clear are encrypted before anything else.
    const cipher = new FieldCipher(resolveDataKey(config, app.log));
    await prepareFieldEncryption(handle.db, cipher, app.log);
    installFieldCipher(cipher);
  } catch (err) {
    if (!opts.handle) await handle.close();
    throw err;
  }
  if (!opts.handle) app.addHook('onClose', async () => handle.close());
  // The session cache (server/lib/session-cache.ts) is on while this instance hears the others' evictions.
  if (handle.listen) {
    const stop = handle.listen(
      SESSION_CHANNEL,
      (payload) => sessionCache.onNotify(payload),
      (listening) => {
        if (!listening) sessionCache.clear();
        sessionCache.enabled = listening;
      },
    );
    app.addHook('onClose', async () => stop());
  } else {
    sessionCache.enabled = true;
  }
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  const repos = createRepositories(handle.db);
  app.decorate('repos', repos);
  app.decorate('services', createServices({ config, db: handle.db, repos, clock: opts.clock, log: app.log, smsSender: opts.smsSender }));
  await seed(handle.db, { now: opts.clock.now(), log: app.log, demo: config.demo });
  await seedStaff(handle.db, { log: app.log, demo: config.demo });
  await seedRoster(handle.db, { now: opts.clock.now(), log: app.log, demo: config.demo });
  // A seed (first start, or an upgrade's) wrote reference data behind the caches' back: every instance drops its own.
  sessionCache.onNotify('*');
  await handle.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, '*')`);
  // Sliding renewals still waiting (services/sessions.ts) are written before the database closes.
  app.addHook('preClose', async () => app.services.sessions.flush());
  if (config.nodeEnv !== 'test') {
    const { housekeeping } = app.services;
    app.addHook('onReady', async () => housekeeping.start());
    app.addHook('preClose', async () => housekeeping.stop());
  }
});
