// The calls of an application's page in the console (its record, 认领, 分派 and the staff to give it to).
import { client, unwrap } from '@/api/client';

export const loadApplication = (id: number) => unwrap(client.GET('/api/admin/applications/{id}', { params: { path: { id } } }));

export const claimApplication = (id: number) => unwrap(client.POST('/api/admin/applications/{id}/claim', { params: { path: { id } } }));

/** Gives it to a staff member, or takes it back (null). */
export const assignApplication = (id: number, staffId: number | null) =>
  unwrap(client.PUT('/api/admin/applications/{id}/assignee', { params: { path: { id } }, body: { staffId } }));
