// Builds the app: plugins (helmet, limits, db, errors, openapi, auth, multipart), then routes, then /web/.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { OpenApiDoc } from './lib/openapi-doc.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import limitsPlugin from './plugins/limits.ts';
import openapiPlugin, { OPENAPI_FORMATS } from './plugins/openapi.ts';
import testHooks from './plugins/test-hooks.ts';
import webPlugin from './plugins/web.ts';
import routes from './routes/index.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { MAX_UPLOAD_BYTES } from './services/files.ts';
import type { SmsSender } from './services/sms.ts';
import './types.ts';

export interface BuildOptions {
  /** An open database (tests); otherwise the app opens one from the configuration and closes it on close. */
  db?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go (tests read them to check redaction); default stdout. */
  logStream?: NodeJS.WritableStream;
  clock?: Clock;
  smsSender?: SmsSender;
  document?: OpenApiDoc;
  /** Directory of the built web app (default dist/web). */
  webDir?: string;
}

const SECRET_QUERY = /([?&](?:ticket|token|code|smsCode|smsTicket|password|sfzjh)=)[^&]*/gi;

/** Never log tokens, passwords, codes or ID numbers: headers and bodies are not logged, secret query values are masked. */
export function loggerOptions(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.qhyhauthorization', 'req.headers.authorization', 'req.headers.cookie', 'req.body', '*.password', '*.token', '*.sfzjh', '*.smsCode', '*.code'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, '$1[redacted]'),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(opts.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A first PGlite boot (initdb + migrations + seed) takes seconds, more on a busy machine.
    pluginTimeout: 120_000,
    ajv: {
      customOptions: {
        strict: false,
        allErrors: true,
        verbose: true,
        formats: Object.fromEntries(OPENAPI_FORMATS.map((f) => [f, true])),
      },
    },
  });
  app.decorate('config', config);

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      directives: {
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
      },
    },
  });
  await app.register(limitsPlugin);
  await app.register(dbPlugin, { handle: opts.db, clock: opts.clock ?? systemClock, smsSender: opts.smsSender });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { document: opts.document });
  await app.register(authPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } });

  await app.register(routes);
  if (config.nodeEnv === 'test') await app.register(testHooks);
  await app.register(webPlugin, { distDir: opts.webDir });
  return app;
}
