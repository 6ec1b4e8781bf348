// Fastify type extensions shared by plugins and routes.
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { OpenApiDoc } from './lib/openapi-doc.ts';
import type { Repositories } from './repositories/index.ts';
import type { Services } from './services/index.ts';
import type { OperationOptions } from './plugins/openapi.ts';
import type { OperationHandler, OperationId } from './lib/operation-types.ts';

export type { SessionUser } from './lib/session-user.ts';
import type { SessionUser } from './lib/session-user.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** The open database (kind, pool use for metrics). */
    dbHandle: DatabaseHandle;
    repos: Repositories;
    services: Services;
    openapi: OpenApiDoc;
    implementedOperations: Set<string>;
    operation<K extends OperationId>(operationId: K, handler: OperationHandler<K>, options?: OperationOptions): void;
    /** Response-contract violations seen in test mode (tests assert it stays empty). */
    contractViolations: string[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** Set on requests authenticated by a bearer token (so logout can revoke it). */
    tokenHash: string | null;
    /** A bearer token was sent but names no live session (it counts as no token). */
    tokenRejected: boolean;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}
