// Idempotency keys (header Idempotency-Key): per user and operation, a key answers the first result for 24 hours;
// the same key with another body is 409. The key is claimed in the transaction that creates the result, so of
// two concurrent requests with one key only one commits (the other finds the winner's result).
import { sha256 } from '../lib/crypto.ts';
import { badRequest, conflict } from '../lib/envelope.ts';
import { Batcher } from '../lib/batch.ts';
import type { IdempotencyRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';

export const KEY_TTL_SECONDS = 24 * 3600;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface IdempotentRequest {
  /** operationId: keys are per user and operation. */
  operation: string;
  key?: string;
  /** The request body, to refuse a reused key with other content. */
  body: unknown;
}

/** Thrown inside a transaction when another request with the same key committed first. */
export class KeyTaken extends Error {}

/** JSON with sorted keys: the same content always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The Idempotency-Key header, checked (400 when malformed). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  if (!KEY_PATTERN.test(key))
    throw badRequest('幂等键格式不正确', [{ field: 'Idempotency-Key', message: '幂等键格式不正确（8-64 位字母、数字、_ 或 -）' }]);
  return key;
}

interface KeyRef {
  userId: number;
  operation: string;
  key: string;
}

const idOf = (k: KeyRef) => `${k.userId}\u0000${k.operation}\u0000${k.key}`;

function keyOf(userId: number, req: IdempotentRequest, now: Date): Omit<IdempotencyRow, 'resourceId'> | null {
  if (!req.key) return null;
  return { userId, operation: req.operation, key: req.key, requestHash: sha256(canonical(req.body)), createdAt: now };
}

export function createIdempotency(repos: Repositories) {
  // Look-ups that arrive together (a rush) go to the database together.
  const lookups = new Batcher<KeyRef, IdempotencyRow>(async (keys) => {
    const rows = await repos.idempotency.findMany(keys);
    return new Map(rows.map((r) => [idOf(r), r]));
  }, idOf);

  return {
    /** The resource the first request with this key made, or null; 409 when the key came with other content. */
    async prior(userId: number, req: IdempotentRequest): Promise<number | null> {
      if (!req.key) return null;
      const row = await lookups.get({ userId, operation: req.operation, key: req.key });
      if (!row) return null;
      if (row.requestHash !== sha256(canonical(req.body))) throw conflict('重复提交的内容不一致');
      return row.resourceId;
    },

    /** The key's row but for what it answers (null without a key): repositories/filing.ts claims it with the application. */
    keyOf,

    /** Claims the key in a transaction (its repositories); throws KeyTaken when another request holds it. */
    async claim(r: Repositories, userId: number, req: IdempotentRequest, resourceId: number, now: Date): Promise<void> {
      const key = keyOf(userId, req, now);
      if (!key) return;
      if (!(await r.idempotency.claim({ ...key, resourceId }))) throw new KeyTaken();
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
