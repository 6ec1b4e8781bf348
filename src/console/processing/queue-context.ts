// The queue as staff last filtered it (业务, 状态, 关键字, 排序…), kept for this browser tab, so that an application's
// page can open 下一件 in the same filter after an action (处理下一件).
import type { Schemas } from '@/api/client';
import { loadQueue, type QueueQuery } from './queue/api';

const KEY = 'adm.queue';

export function rememberQueue(query: QueueQuery): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(query));
  } catch {
    // Private mode without storage: 处理下一件 then uses the 待办 queue.
  }
}

function lastQueue(): QueueQuery {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as QueueQuery | null;
    return saved && typeof saved === 'object' ? saved : { todo: '1' };
  } catch {
    return { todo: '1' };
  }
}

/**
 * The next application of the last queue after `current` (it may have left the filter by the action just taken):
 * the first of the filter's first page that is not it, or null when there is none.
 */
export async function nextInQueue(current: number): Promise<Schemas['AdminApplicationRow'] | null | 'failed'> {
  const r = await loadQueue(lastQueue(), 1, 5);
  if (!r.ok) return 'failed';
  return r.data.find((row) => row.id !== current) ?? null;
}
