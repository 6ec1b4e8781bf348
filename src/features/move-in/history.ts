import { client, unwrap, type Schemas } from '@/api/client';
import { navigateApp } from '@/lib/nav';

export type HistoryItem = Schemas['ApplicationListItem'];

/** The user's move-in records, newest first (getQrxxHistory). */
export const loadHistory = () => unwrap(client.GET('/api/qianru/getQrxxHistory'));

/**
 * Opened without ?id= (a bookmark, the menu): the newest record that allows the action is shown; false when none.
 */
export async function openLatest(action: Schemas['AppAction'], href: (id: number) => string): Promise<boolean> {
  const r = await loadHistory();
  const item = r.ok ? r.data.find((a) => a.actions.includes(action)) : undefined;
  if (!item) return false;
  navigateApp(href(item.id), { replace: true });
  return true;
}
