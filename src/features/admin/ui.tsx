// Building blocks of the console's pages: headings, tables' pager, a modal form, remote data, outcomes.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toldByClient, type ApiResult } from '@/api/client';
import type { Query } from '@shared/pages/paths';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/state/ui';

export const PAGE_SIZE = 20;

type AdminSchemas = typeof import('./schemas');

/** A loader of one form schema, for useForm().submit: valibot loads with the first form, not with the page. */
export const schema =
  <K extends keyof AdminSchemas>(name: K) =>
  (): Promise<AdminSchemas[K]> =>
    import('./schemas').then((m) => m[name]);

/** A page's title with its actions on the right. */
export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div class="adm-head">
      <h2 class="adm-head__title">{title}</h2>
      {children && <div class="adm-row">{children}</div>}
    </div>
  );
}

/**
 * A table in its scrolling frame: `head` names the columns (those in `num` right-aligned); `empty` is said
 * under the header when there are no rows.
 */
export function Table({
  head,
  num = [],
  empty,
  children,
}: {
  head: string[];
  num?: string[];
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <div class="adm-scroll">
      <table class="adm-table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} class={num.includes(h) ? 'adm-num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p class="adm-empty">{empty}</p>}
    </div>
  );
}

/**
 * Filters kept in the URL (going back from an entry finds them again): the values, the page, and a change of
 * some of them (a new filter starts at page 1; empty values leave the URL).
 */
export function useUrlFilters(route: { href: (query?: Query) => string }) {
  const search = useSearch();
  const [, go] = useLocation();
  const q = new URLSearchParams(search);
  const set = (patch: Record<string, string | number | undefined>) => {
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

/** The filter form above a list: its fields, then 查询. */
export function FilterForm({ onApply, children }: { onApply: () => void; children: ReactNode }) {
  return (
    <form
      class="adm-filters"
      aria-label="筛选"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      {children}
      <button type="submit" class="weui-btn weui-btn_primary weui-btn_mini">
        查询
      </button>
    </form>
  );
}

/**
 * A keyword search of a list: its own small form, the text kept while typing, searched (trimmed) on 查询 or Enter.
 * `secondary`: a grey 查询, where the page's main button stands beside it.
 */
export function KeywordSearch({
  label = '关键字',
  placeholder,
  value,
  onSearch,
  secondary = false,
}: {
  label?: string;
  placeholder: string;
  value: string;
  onSearch: (keyword: string) => void;
  secondary?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <form
      class="adm-row"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <input
        type="search"
        class="adm-input"
        aria-label={label}
        placeholder={placeholder}
        maxLength={50}
        value={draft}
        onInput={(e) => setDraft(e.currentTarget.value)}
      />
      <button type="submit" class={`weui-btn weui-btn_${secondary ? 'default' : 'primary'} weui-btn_mini`}>
        查询
      </button>
    </form>
  );
}

/** The page sizes a long list offers. */
export const PAGE_SIZES = [20, 50, 100] as const;

/**
 * Previous / next page of a paged list, with the total; with `onPageSize`, also the page size and a jump to a page
 * (long lists: the queue at enrolment).
 */
export function Pager({
  page,
  total,
  onPage,
  pageSize = PAGE_SIZE,
  onPageSize,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  pageSize?: number;
  onPageSize?: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [jump, setJump] = useState('');
  return (
    <nav class="adm-pager" aria-label="分页">
      <span>共 {total} 条</span>
      {onPageSize && (
        <select
          class="adm-input adm-input_small"
          aria-label="每页条数"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.currentTarget.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n} 条/页
            </option>
          ))}
        </select>
      )}
      <button type="button" class="adm-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span>
        第 {page} / {pages} 页
      </span>
      <button type="button" class="adm-link" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
      {onPageSize && pages > 1 && (
        <form
          class="adm-pager__jump"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Math.min(pages, Math.max(1, Math.floor(Number(jump)) || 1));
            setJump('');
            onPage(n);
          }}
        >
          <label>
            跳至
            <input
              class="adm-input adm-input_small"
              type="number"
              inputMode="numeric"
              min={1}
              max={pages}
              value={jump}
              onInput={(e) => setJump(e.currentTarget.value)}
            />
            页
          </label>
          <button type="submit" class="adm-link">
            确定
          </button>
        </form>
      )}
    </nav>
  );
}

/** A modal panel (forms that edit one entry); Escape or 关闭 closes it. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
    // Opened once; onClose is the parent's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div class="adm-modal">
      <div class="adm-modal__box" role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} ref={ref}>
        <div class="adm-head">
          <h3 class="adm-head__title">{title}</h3>
          <button type="button" class="adm-link" onClick={onClose}>
            关闭
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** A status in its colour. */
export const StatusTag = ({ status, name }: { status: number; name: string }) => <span class={`adm-tag adm-tag_${status}`}>{name}</span>;

/** A labelled checkbox. */
export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label class="adm-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
      {label}
    </label>
  );
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

/** A failed load, said where the data would be. */
export const LoadError = ({ message }: { message: string }) =>
  message ? (
    <p class="adm-error" role="alert">
      {message}
    </p>
  ) : null;

/**
 * The outcome of a change: a toast on success; failures the middleware did not show already
 * (400 without field errors, 403, 404, 409) as a toast too. Gives whether it succeeded.
 */
export function announce(r: ApiResult<unknown>, done: string): boolean {
  if (r.ok) showToast(done);
  else if (!toldByClient(r) && !r.errors.length) showToast(r.msg);
  return r.ok;
}

/** A datetime-local value typed as Beijing time (YYYY-MM-DDTHH:mm[:ss]) → ISO 8601 instant, whatever the computer's zone. */
export function chinaInputToIso(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}+08:00`).toISOString();
}

/** An ISO date-time as the value of a datetime-local input (Beijing time; chinaInputToIso reads it back). */
export function toLocalInput(iso: string): string {
  const time = formatDateTime(iso);
  return time && time.replace(' ', 'T');
}

/** YYYY-MM-DD of today plus some days, in Beijing (UTC+8 all year, as service-fields/dates.ts counts; no chunk loaded for it). */
export const isoDay = (offsetDays = 0): string => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The body of a one-file upload (multipart field `file`), as the client takes it: `client.POST(path, { ...fileUpload(file) })`. */
export const fileUpload = (file: File) => ({
  body: { file: file as unknown as string },
  bodySerializer: () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return form;
  },
});
