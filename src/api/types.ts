// Types of the contract, for every layer (lib, config and components/ui may import this file and ./schema, nothing
// else of api/). Generated types only: a name here is an alias of openapi/'s schema, never a copy of it.
import type { components } from '@shared/contract/schema';

export type Schemas = components['schemas'];
export type UserInfo = Schemas['UserInfo'];
export type FieldError = Schemas['FieldError'];

/** The header of a submission: the attempt's idempotency key (a retry sends the same one). */
export type IdempotencyHeader = { 'Idempotency-Key': string };

/** The move-out sub-routes the guard checks (GET /api/qianchu/check?sub=). */
export type MoveOutSub = Schemas['MoveOutSub'];

/** What every JSON call resolves to once the middleware has read the envelope. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface ApiSuccess<T> {
  ok: true;
  data: T;
  /** `total` of paged lists. */
  total?: number;
  msg?: string;
}

export interface ApiFailure {
  ok: false;
  /** Envelope code (100 business message, 400…500), or -1 when the server could not be reached. */
  code: number;
  msg: string;
  /** Field errors of a 400 answer. */
  errors: FieldError[];
  /** `data` of the envelope (e.g. `{needCaptcha}`), or the empty list of a network failure. */
  data?: unknown;
}
