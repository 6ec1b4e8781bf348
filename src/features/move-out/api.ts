import { client, unwrap, type Schemas } from '@/api/client';

/** The family members in a staff member's household who can move out along; none when they cannot be read. */
export async function familyOf(userId: number): Promise<Schemas['FamilyMember'][]> {
  const r = await unwrap(client.POST('/api/qianchu/getJsById', { body: { id: userId } }));
  return r.ok ? r.data : [];
}

/** The user's last finished move-out (to prefill a certificate service or 改派), or null. */
export async function lastFinishedMoveOut(): Promise<Schemas['Application'] | null> {
  const r = await unwrap(client.GET('/api/qianchu/getLastFinishedQcByUserSfzjh'));
  return (r.ok && r.data) || null;
}
