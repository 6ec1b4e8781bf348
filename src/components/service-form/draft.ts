import { DRAFT_PREFIX } from '@/lib/draft-keys';

/** Form values of a service form: flat strings; a nested part uses dotted names (`yjxx.pssj`). */
export type Values = Record<string, string>;

/** What localStorage keeps for one form of one user. */
export interface Draft<V extends Values = Values> {
  values: V;
  /** Idempotency-Key of this application attempt (kept across retries and reloads). */
  key: string;
  /** The body last sent with `key`: a different body needs a new key (the server answers 409 otherwise). */
  sent?: string;
  /** When it was saved (ms). */
  at: number;
}

/** Drafts hold personal data: after a week they are dropped. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Storage key of a draft: per service, per user, and per application when correcting one (edit=1). */
export function draftStorageKey(serviceCode: string, userId: string | number | null | undefined, editId?: number | null) {
  if (userId === null || userId === undefined || userId === '') return null;
  return `${DRAFT_PREFIX}${serviceCode}:${userId}${editId ? `:${editId}` : ''}`;
}

/** Fields renamed since a draft may have been saved (the delivery form took the wire's names): old → new. */
const RENAMED: Record<string, string> = { 'yjxx.pssd': 'yjxx.sjd', 'yjxx.sslh': 'yjxx.ssl' };

function upgrade<V extends Values>(values: V): V {
  const out: Values = { ...values };
  for (const [old, name] of Object.entries(RENAMED)) {
    if (old in out) {
      out[name] ??= out[old];
      delete out[old];
    }
  }
  return out as V;
}

export function readDraft<V extends Values>(storageKey: string | null): Draft<V> | null {
  if (!storageKey) return null;
  try {
    const draft = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Draft<V> | null;
    if (draft && typeof draft.values === 'object' && typeof draft.key === 'string' && Date.now() - draft.at < DRAFT_MAX_AGE_MS) {
      return { ...draft, values: upgrade(draft.values) };
    }
    if (draft) localStorage.removeItem(storageKey);
  } catch {
    // Unreadable or blocked storage: start afresh.
  }
  return null;
}

export function writeDraft(storageKey: string | null, draft: Omit<Draft, 'at'>): void {
  if (!storageKey) return;
  try {
    localStorage.setItem(storageKey, JSON.stringify({ ...draft, at: Date.now() }));
  } catch {
    // Full or blocked storage: the form still works, only without a draft.
  }
}

export function removeDraft(storageKey: string | null): void {
  if (!storageKey) return;
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing to remove.
  }
}

/** 32 random hex digits (getRandomValues also works outside HTTPS, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
