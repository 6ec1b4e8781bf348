import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from '@/api/types';

/**
 * A list loaded a page at a time (加载更多): page 1 when the list opens or one of `deps` changes, the next page on
 * `more()`. An answer that comes after a newer request (a filter changed meanwhile) is dropped.
 */
export function usePagedList<T>(fetchPage: (pageNum: number) => Promise<ApiResult<T[]>>, deps: readonly unknown[]) {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  async function load(next: number) {
    const call = ++latest.current;
    setLoading(true);
    const r = await fetchPage(next);
    if (call !== latest.current) return;
    setLoading(false);
    setFailed(!r.ok);
    if (!r.ok) return;
    setRows((prev) => (next === 1 ? r.data : [...prev, ...r.data]));
    setTotal(r.total ?? 0);
    setPage(next);
  }

  useEffect(() => {
    setPage(0);
    void load(1);
    // The caller names what reloads the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { rows, setRows, total, page, loading, failed, more: () => void load(page + 1) };
}
