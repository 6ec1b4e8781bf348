import { useEffect, useRef, useState } from 'react';
import { $session } from '@/state/session';
import { draftStorageKey, newIdempotencyKey, readDraft, removeDraft, writeDraft, type Values } from './draft';

/** Autosave delay after the last keystroke. */
export const DRAFT_DELAY_MS = 400;

/**
 * A form's values, saved in localStorage per service and user (and per application when correcting one):
 * restored after a reload, a lost connection, or a 401 and signing in again; removed after a successful submit.
 * The draft also keeps the idempotency key of the application attempt.
 *
 * `arriving` gives values that come back with the mount (a region picked on /address).
 */
export function useDraft<V extends Values>(
  serviceCode: string,
  initial: V,
  editId: number | null = null,
  arriving: () => Partial<V> | null = () => null,
) {
  // The user is fixed at mount: a 401 clears the session, yet the typing so far still belongs to them.
  const [storageKey] = useState(() => draftStorageKey(serviceCode, $session.get().userInfo?.id, editId));
  const [start] = useState(() => {
    const saved = readDraft<V>(storageKey);
    const extra = arriving();
    return { saved, extra, values: { ...initial, ...saved?.values, ...extra } as V };
  });
  const [values, setValues] = useState<V>(start.values);
  const latest = useRef(values);
  latest.current = values;
  const meta = useRef({ key: start.saved?.key ?? newIdempotencyKey(), sent: start.saved?.sent, dirty: Boolean(start.extra) });

  const save = () => {
    meta.current.dirty = true;
    writeDraft(storageKey, { values: latest.current, key: meta.current.key, sent: meta.current.sent });
  };
  const flush = () => {
    if (meta.current.dirty) save();
  };

  useEffect(() => {
    if (!meta.current.dirty) return;
    const timer = setTimeout(save, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
    // Saves after each change of the values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState !== 'visible') flush();
    };
    // Leaving the page, hiding it, or losing the network: save now, not after the delay.
    addEventListener('pagehide', flush);
    addEventListener('offline', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      removeEventListener('pagehide', flush);
      removeEventListener('offline', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
    // Registered once; flush reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    values,
    /** A draft was found at mount. */
    restored: Boolean(start.saved),
    /** The user changed values: they are saved shortly. */
    update: (patch: Partial<V>) => {
      meta.current.dirty = true;
      setValues((prev) => ({ ...prev, ...patch }));
    },
    /** Values that are not the user's typing (an application loaded for correction): not saved by themselves. */
    replace: (next: V) => setValues(next),
    save,
    /**
     * The idempotency key for this body: the attempt's key, or a new one when the body differs from the one
     * sent with it before (the server refuses a reused key with another body). Saved before sending.
     */
    keyFor: (body: string): string => {
      if (meta.current.sent !== undefined && meta.current.sent !== body) meta.current.key = newIdempotencyKey();
      meta.current.sent = body;
      save();
      return meta.current.key;
    },
    /** The server gave a definite refusal: the next submit is a new attempt. */
    settle: () => {
      meta.current.key = newIdempotencyKey();
      meta.current.sent = undefined;
      save();
    },
    /** After a successful submit. */
    clear: () => {
      meta.current = { key: newIdempotencyKey(), sent: undefined, dirty: false };
      removeDraft(storageKey);
    },
  };
}
