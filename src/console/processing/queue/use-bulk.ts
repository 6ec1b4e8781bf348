// 批量办理 of 待办队列: the rows picked (id → the version seen), the action asked, and what became of each application.
import { useState } from 'react';
import { confirmDialog } from '@/state/ui';
import { announce } from '../../data';
import { bulkTransition, type BulkResults, type BulkTo, type Place } from './api';

export const BULK: { to: BulkTo; action: string }[] = [
  { to: 4, action: '受理' },
  { to: 5, action: '通知领取' },
  { to: 7, action: '办结' },
];

export function useBulk<Row extends { id: number; version: number }>(done: () => void) {
  const [picked, setPicked] = useState<Map<number, number>>(new Map());
  /** 批量通知领取, waiting for its place and time. */
  const [asking, setAsking] = useState<{ to: BulkTo; action: string } | null>(null);
  const [results, setResults] = useState<{ action: string; data: BulkResults } | null>(null);
  const [working, setWorking] = useState(false);

  const toggle = (row: Row) =>
    setPicked((now) => {
      const next = new Map(now);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.version);
      return next;
    });
  const pickAll = (rows: Row[], all: boolean) => setPicked(all ? new Map(rows.map((r) => [r.id, r.version])) : new Map());
  const clear = () => setPicked(new Map());

  async function run(to: BulkTo, action: string, place?: Place) {
    if (working) return;
    const items = [...picked].map(([id, expectedVersion]) => ({ id, expectedVersion }));
    if (
      !place &&
      !(await confirmDialog({
        title: `批量${action}`,
        message: `确定将选中的 ${items.length} 件申请${action}吗？申请人将各自收到通知。`,
        confirmText: action,
      }))
    )
      return;
    setWorking(true);
    const r = await bulkTransition(to, items, place);
    setWorking(false);
    if (!r.ok) {
      announce(r, '');
      return r;
    }
    setAsking(null);
    setResults({ action, data: r.data });
    setPicked(new Map());
    done();
    return r;
  }

  return { picked, toggle, pickAll, clear, asking, setAsking, results, closeResults: () => setResults(null), working, run };
}
