import { client, unwrap, type Schemas } from '@/api/client';

/** The family members in a staff member's household who can move out along; none when they cannot be read. */
export async function familyOf(userId: number): Promise<Schemas['FamilyMember'][]> {
  const r = await unwrap(client.POST('/api/qianchu/getJsById', { body: { id: userId } }));
  return r.ok ? r.data : [];
}
