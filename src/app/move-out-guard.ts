// The move-out guard (spec §2, §8): before a move-out screen opens, GET /api/qianchu/check decides. Loaded only when
// a navigation goes to a move-out sub-route (src/app/navigation.ts).
import { alertDialog } from '@/state/ui';
import type { ApiResult, MoveOutSub, Schemas } from '@/api/types';
import { toldByClient } from '@/api/failures';
import { checkMoveOut } from './move-out-check';
import { moveOutSubRoute, splitHref } from '@/lib/move-out-route';

export const BRAND_COLOR = '#791cb5';
export const ADDRESS_LOCKED = '毕业生地址为锁定状态，无法修改户口迁出地址';

export type MoveOutVerdict = Schemas['MoveOutCheck'];

export type GuardDecision =
  { action: 'proceed'; to: string } | { action: 'cancel'; alert?: { title: string; message: string; confirmColor: string } };

/** Pure decision of the move-out guard from the check's result (spec §2, §8). */
export function decideMoveOut(to: string, sub: MoveOutSub, result: ApiResult<MoveOutVerdict>): GuardDecision {
  if (!result.ok) {
    if (toldByClient(result)) return { action: 'cancel' };
    return { action: 'cancel', alert: { title: '注意', message: result.msg, confirmColor: BRAND_COLOR } };
  }
  const verdict = result.data;
  if (!verdict.canQianYi) {
    return { action: 'cancel', alert: { title: '注意', message: verdict.msg, confirmColor: BRAND_COLOR } };
  }
  if (sub === 'change' && !verdict.canChangeDizhi) {
    return { action: 'cancel', alert: { title: '注意', message: ADDRESS_LOCKED, confirmColor: BRAND_COLOR } };
  }
  const { path, query, hash } = splitHref(to);
  query.set('dizhi', JSON.stringify(verdict));
  return { action: 'proceed', to: `${path}?${query.toString()}${hash}` };
}

/** Runs the guard for a navigation target: the href to go to, or null when cancelled. */
export async function guardNavigation(
  to: string,
  check: (sub: MoveOutSub) => Promise<ApiResult<MoveOutVerdict>> = checkMoveOut,
): Promise<string | null> {
  const sub = moveOutSubRoute(to);
  if (!sub) return to;
  const decision = decideMoveOut(to, sub, await check(sub));
  if (decision.action === 'proceed') return decision.to;
  if (decision.alert) await alertDialog(decision.alert);
  return null;
}
