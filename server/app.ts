// Builds the app: plugins (helmet, limits, db, errors, health, metrics, input guard, openapi, compression, auth, multipart), then routes, then /web/.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { OpenApiDoc } from './lib/openapi-doc.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import securityHeaders from './plugins/security-headers.ts';
import databasePlugin from './plugins/database.ts';
import housekeepingPlugin from './plugins/housekeeping.ts';
import partsPlugin from './plugins/parts.ts';
import seedPlugin from './plugins/seed.ts';
import errorsPlugin, { frameworkErrors } from './plugins/errors.ts';
import loadShedPlugin from './plugins/load-shed.ts';
import healthPlugin from './plugins/health.ts';
import metricsPlugin from './plugins/metrics.ts';
import monitorPlugin from './plugins/monitor.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import limitsPlugin from './plugins/limits.ts';
import openapiPlugin, { OPENAPI_FORMATS, strictDateFormats } from './plugins/openapi.ts';
import testHooks from './plugins/test-hooks.ts';
import webPlugin, { BOOT_SCRIPT_SOURCE } from './plugins/web.ts';
import routes from './routes/index.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { MAX_UPLOAD_BYTES } from './services/files.ts';
import { maskPersonalData, redactSecrets, serializeError } from './lib/log-safety.ts';
import { stdoutDestination } from './lib/log-stream.ts';
import type { SmsSender } from './services/sms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** An open database (tests); otherwise the app opens one from the configuration and closes it on close. */
  db?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go (tests read them to check redaction); default stdout. */
  logStream?: NodeJS.WritableStream;
  logLevel?: string;
  clock?: Clock;
  smsSender?: SmsSender;
  document?: OpenApiDoc;
  /** Directory of the built web app (default dist/web). */
  webDir?: string;
}

const SECRET_QUERY = /([?&](?:ticket|token|t|code|smsCode|smsTicket|password|sfzjh)=)[^&]*/gi;

/**
 * Never log tokens, passwords, codes or ID numbers: headers and bodies are not logged, secret query values are masked,
 * errors lose their SQL parameters and database detail, and every line is masked for ID and phone numbers.
 */
export function loggerOptions(stream?: NodeJS.WritableStream, level = 'info'): FastifyServerOptions['logger'] {
  return {
    level,
    // Standard output by default: lines gathered and written every 100 ms (log-stream.ts).
    stream: stream ?? stdoutDestination(),
    hooks: { streamWrite: maskPersonalData },
    // Secret fields censored at the top level and one level down (log-safety.ts), instead of pino's wildcard redaction.
    formatters: { log: redactSecrets },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, '$1[redacted]'),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  /** Node's own refusals, as the API answers everything else: a JSON envelope in Chinese, then the socket closes. */
  function clientErrorHandler(err: Error & { code?: string }, socket: import('node:net').Socket): void {
    if (!socket.writable) {
      socket.destroy(err);
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(tooLarge ? { code: 431, msg: '请求地址或请求头过长' } : { code: 400, msg: '请求格式错误' });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(opts.logStream, opts.logLevel ?? config.logLevel),
    // A hop count is supported at run time (fastify/lib/request.js) though its types list only the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    // One id per request across the proxy and every instance (issue 26: req-2 on both instances): the proxy's
    // X-Request-Id when it sends a plausible one (deploy/nginx/hukou-proxy.conf passes nginx's $request_id), else a
    // random one; answered back in X-Request-Id (below) and logged with every line of the request.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // One line per request, written when it completes (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Path parameters up to 2048 characters reach validation (the document's own maxLength answers in Chinese);
    // a longer one, or a path that is not valid percent-encoding, gets an envelope too (frameworkErrors).
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors,
    // What Node's HTTP parser refuses before Fastify sees a request (a request line or headers over 16 kB: 431; a
    // malformed request: 400) is answered with the envelope too, never with Node's bare text.
    clientErrorHandler,
    // A first PGlite boot (initdb + migrations + seed) takes seconds, more on a busy machine.
    pluginTimeout: 120_000,
    ajv: {
      customOptions: {
        strict: false,
        allErrors: true,
        verbose: true,
        formats: Object.fromEntries(OPENAPI_FORMATS.map((f) => [f, true])),
      },
      // After ajv-formats: no date PostgreSQL refuses (year 0000).
      onCreate: (ajv) => strictDateFormats(ajv as never),
    },
  });
  app.decorate('config', config);
  // The request's id, for a person reporting a problem and for the proxy's log (X-Request-Id, see genReqId above).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        // The web app's pages start it with one inline script, allowed by its hash.
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
      },
    },
  });
  await app.register(limitsPlugin);
  // The composition root: the database, the app's parts over it, the seed, the scheduled jobs.
  await app.register(databasePlugin, { handle: opts.db });
  await app.register(partsPlugin, { clock: opts.clock ?? systemClock, smsSender: opts.smsSender });
  await app.register(seedPlugin, { clock: opts.clock ?? systemClock });
  await app.register(housekeepingPlugin);
  await app.register(errorsPlugin);
  await app.register(healthPlugin);
  await app.register(loadShedPlugin, { maxEventLoopDelayMs: config.loadShedEventLoopDelayMs });
  await app.register(metricsPlugin);
  await app.register(monitorPlugin, { clock: opts.clock ?? systemClock });
  await app.register(inputGuardPlugin);
  await app.register(openapiPlugin, { document: opts.document });
  // Before the routes: it compresses the answers of every route registered after it.
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 } });

  await app.register(routes);
  if (config.nodeEnv === 'test') await app.register(testHooks);
  await app.register(webPlugin, { distDir: opts.webDir });
  return app;
}
