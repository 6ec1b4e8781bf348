// Moving an application (adminTransitionApplication), shared by its page and the borrowed-cards list.
import { client, unwrap } from '@/api/client';
import type { operations } from '@shared/contract/schema';
import { alertDialog, showToast } from '@/state/ui';
import { announce } from '../data';

export type TransitionBody = NonNullable<operations['adminTransitionApplication']['requestBody']>['content']['application/json'];

export const STATUS_CHANGED = '申请状态已变化，请刷新后重试';

/**
 * Runs a transition with the version (and status) the staff member saw. On success a toast and `reload`;
 * on a 409 (someone else acted first, or the status no longer allows it) an alert that says so, then `reload`.
 */
export async function transition(id: number, body: TransitionBody, done: string, reload: () => unknown) {
  const r = await unwrap(client.POST('/api/admin/applications/{id}/transition', { params: { path: { id } }, body }));
  if (r.ok) {
    showToast(done);
    void reload();
  } else if (r.code === 409) {
    await alertDialog({ title: '办理未完成', message: r.msg || STATUS_CHANGED });
    await reload();
  } else announce(r, '');
  return r;
}
