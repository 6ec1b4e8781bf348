// The console's widgets: a page's heading, tables and their pager, filter forms, a modal, tags, a failed load. They
// take props and hold only their own typing state; the data they show comes from the pages (data.ts).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const PAGE_SIZE = 20;

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

/** A failed load, said where the data would be. */
export const LoadError = ({ message }: { message: string }) =>
  message ? (
    <p class="adm-error" role="alert">
      {message}
    </p>
  ) : null;
