// The response envelope of every JSON answer, and the errors that become one.
import type { Schemas } from './contract.ts';

export type FieldError = Schemas['FieldError'];

/** The contract's Envelope with its success members (data, rows and total, token) typed by what a handler answers. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  rows?: T[];
  total?: number;
  token?: string;
  errors?: FieldError[];
}

/** A success with data (typed as present, so a handler's answer is checked against the contract's `data`), or without. */
export function ok<T>(data: T, msg?: string): Envelope<T> & { data: T };
export function ok(data?: undefined, msg?: string): Envelope<never>;
export function ok<T>(data?: T, msg = '操作成功'): Envelope<T> {
  return data === undefined ? { code: 200, msg } : { code: 200, msg, data };
}

export const okRows = <T>(rows: T[], total: number, msg = '查询成功'): Envelope<T> & { rows: T[]; total: number } => ({
  code: 200,
  msg,
  rows,
  total,
});

export const okToken = (token: string, msg = '登录成功'): Envelope<never> & { token: string } => ({ code: 200, msg, token });

/** An error answered as an envelope: HTTP status mirrors the class; code 100 is a business message with HTTP 200. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  /** Extra data of a business message (e.g. needCaptcha, resendAfter). */
  readonly data?: unknown;

  constructor(
    statusCode: number,
    msg: string,
    opts: { code?: number; errors?: FieldError[]; headers?: Record<string, string>; data?: unknown } = {},
  ) {
    // An answer to the client (below 500) is no fault: it captures no stack trace, which a booking rush would pay for
    // hundreds of times at once. A 5xx keeps its stack for the log.
    const limit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(msg);
    Error.stackTraceLimit = limit;
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = opts.code ?? statusCode;
    this.errors = opts.errors;
    this.headers = opts.headers;
    this.data = opts.data;
  }
}

/** A business message (code 100, HTTP 200): the client shows msg as a toast and treats the call as failed. */
export const bizError = (msg: string, data?: unknown) => new AppError(200, msg, { code: 100, data });

export const badRequest = (msg: string, errors?: FieldError[]) => new AppError(400, msg, { errors });
export const unauthorized = (msg = '登录已过期，请重新登录') => new AppError(401, msg);
export const forbidden = (msg = '无权访问') => new AppError(403, msg);
export const notFound = (msg = '记录不存在') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
/** A refusal for now (429), always saying when to come back (the document requires Retry-After on every 429). */
export const tooMany = (msg: string, retryAfterSeconds: number) =>
  new AppError(429, msg, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
/** Seconds to wait when a line of work is full: it moves in seconds. */
export const BUSY_RETRY_SECONDS = 5;

export const GENERIC_500 = '系统繁忙，请稍后再试';
