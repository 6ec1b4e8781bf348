// The database: opened from the configuration unless one is given (tests), its field encryption readied (the data key
// must open it; ID numbers still in clear are sealed first), the session cache's LISTEN, and closing it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { prepareFieldEncryption } from '../db/field-encryption.ts';
import { FieldCipher, installFieldCipher, resolveDataKey } from '../lib/field-crypto.ts';
import { SESSION_CHANNEL, sessionCache } from '../lib/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The open database (kind, pool use for metrics). */
    dbHandle: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  /** An open database (tests); the app then leaves closing it to the caller. */
  handle?: DatabaseHandle;
}

export default fp(async function databasePlugin(app: FastifyInstance, opts: DatabasePluginOptions) {
  const { config } = app;
  const handle =
    opts.handle ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }));
  try {
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
});
