import { client, unwrap, type Schemas } from '@/api/client';

/** The user's last finished move-out (to prefill a certificate service or 改派), or null. */
export async function lastFinishedMoveOut(): Promise<Schemas['Application'] | null> {
  const r = await unwrap(client.GET('/api/qianchu/getLastFinishedQcByUserSfzjh'));
  return (r.ok && r.data) || null;
}
