// 待办队列's keys: j/k move, x picks, Enter opens (not while typing in a field or with a dialog open).
import { useEffect, useRef, type RefObject } from 'react';

export function useQueueKeys<Row extends { id: number }>(opts: {
  rows: Row[];
  cursor: number;
  setCursor: (move: (c: number) => number) => void;
  /** A dialog of the page is open. */
  busy: boolean;
  toggle: (row: Row) => void;
  open: (id: number) => void;
  /** The table, whose cursor row is kept in view. */
  table: RefObject<HTMLElement | null>;
}) {
  // Registered once; it reads what is on screen now through `live`.
  const live = useRef(opts);
  live.current = opts;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      const now = live.current;
      if (e.ctrlKey || e.metaKey || e.altKey || now.busy || !now.rows.length) return;
      if (target.closest('input, select, textarea, button, a, [role="dialog"], [role="alertdialog"]')) return;
      if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        now.setCursor((c) => Math.min(now.rows.length - 1, Math.max(0, c + (e.key === 'j' ? 1 : -1))));
      } else if (e.key === 'x') {
        e.preventDefault();
        const row = now.rows[now.cursor];
        if (row) now.toggle(row);
      } else if (e.key === 'Enter') {
        const row = now.rows[now.cursor];
        if (row) now.open(row.id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    opts.table.current?.querySelector('[data-cursor="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [opts.cursor]); // eslint-disable-line react-hooks/exhaustive-deps
}
