// Request types of each operation, taken from the client types generated from the OpenAPI document.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../shared/contract/schema';

export type OperationId = keyof operations & string;

type Op<K extends OperationId> = operations[K];
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : NonNullable<T>;

export type BodyOf<K extends OperationId> = Op<K> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : unknown;
export type QueryOf<K extends OperationId> = Op<K> extends { parameters: { query?: infer Q } } ? OrEmpty<Q> : Record<string, never>;
export type ParamsOf<K extends OperationId> = Op<K> extends { parameters: { path?: infer P } } ? OrEmpty<P> : Record<string, never>;

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Querystring: QueryOf<K>;
  Params: ParamsOf<K>;
}>;

/** The JSON answer the contract declares for HTTP 200 (unknown where the answer is a file or has no JSON body). */
export type ResponseOf<K extends OperationId> =
  Op<K> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : unknown;

/**
 * A handler of an operation: it answers the contract's 200 JSON (checked at compile time), or sends through `reply`
 * itself (a file, a redirect, a page), or throws an AppError (answered as the envelope).
 */
export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<ResponseOf<K> | FastifyReply | undefined>;
