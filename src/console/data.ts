// The console's data: remote calls as state (useRemote), filters kept in the URL or in the page, the outcome of a
// change as a toast, the loader of a form's schema and the body of a one-file upload.
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toldByClient, type ApiResult } from '@/api/client';
import type { Query } from '@shared/pages/paths';
import { showToast } from '@/state/ui';
import type { operations } from '@shared/contract/schema';

type AdminSchemas = typeof import('./schemas');

/** A loader of one form schema, for useForm().submit: valibot loads with the first form, not with the page. */
export const schema =
  <K extends keyof AdminSchemas>(name: K) =>
  (): Promise<AdminSchemas[K]> =>
    import('./schemas').then((m) => m[name]);

/**
 * Filters kept in the URL (going back from an entry finds them again): the values, the page, and a change of
 * some of them (a new filter starts at page 1; empty values leave the URL).
 */
/** A change of URL filters (a new filter starts at page 1; empty values leave the URL). */
export type ShowFilters = (patch: Record<string, string | number | undefined>) => void;

export function useUrlFilters(route: { href: (query?: Query) => string }) {
  const search = useSearch();
  const [, go] = useLocation();
  const q = new URLSearchParams(search);
  const set: ShowFilters = (patch) => {
    const next: Record<string, string> = Object.fromEntries(q);
    if (!('page' in patch)) delete next.page;
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) delete next[k];
      else next[k] = String(v);
    }
    go(route.href(next), { replace: true });
  };
  return { q, search, page: Number(q.get('page')) || 1, set };
}

/**
 * Filters typed into a form (`draft`) and applied on 查询 (`filters`, which the list loads with), and the page (back
 * to 1 on every 查询): the state of a filtered, paged list kept in the component.
 */
export function useFilters<F extends Record<string, string>>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const [page, setPage] = useState(1);
  /** One field of the draft from an input or a select. */
  const field = (name: keyof F) => (e: { currentTarget: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.currentTarget.value }));
  const apply = () => {
    setPage(1);
    setFilters({ ...draft });
  };
  return { draft, setDraft, field, filters, page, setPage, apply };
}

export interface Remote<T> {
  data?: T;
  total: number;
  /** The message of the last failed load ('' after a success). */
  error: string;
  reload: () => void;
}

/** Data of a call, loaded again when a dependency changes or on reload(). */
export function useRemote<T>(load: () => Promise<ApiResult<T>>, deps: unknown[]): Remote<T> {
  const [state, setState] = useState<{ data?: T; total: number; error: string }>({ total: 0, error: '' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then((r) => {
      if (!live) return;
      setState((prev) => (r.ok ? { data: r.data, total: r.total ?? 0, error: '' } : { ...prev, error: r.msg || '加载失败，请稍后重试' }));
    });
    return () => {
      live = false;
    };
    // The caller names what the call depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

/**
 * The outcome of a change: a toast on success; failures the middleware did not show already
 * (400 without field errors, 403, 404, 409) as a toast too. Gives whether it succeeded.
 */
export function announce(r: ApiResult<unknown>, done: string): boolean {
  if (r.ok) showToast(done);
  else if (!toldByClient(r) && !r.errors.length) showToast(r.msg);
  return r.ok;
}

/** The body of a one-file upload (multipart field `file`), as the client takes it: `client.POST(path, { ...fileUpload(file) })`. */
export const fileUpload = (file: File) => ({
  body: { file: file as unknown as string },
  bodySerializer: () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return form;
  },
});

/** The query of a console operation, as an area's api.ts takes it. */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;
/** The path parameters of a console operation. */
export type PathOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['path']>;
/** The JSON body of a console operation. */
export type BodyOf<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;
