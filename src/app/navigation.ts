import { alertDialog } from '@/stores/ui';
import { navigateApp } from '@/lib/nav';
import type { ApiResult, Schemas } from '@/api/client';
import { paths } from '@/config/paths';
import { checkMoveOut, type MoveOutSub } from './move-out-check';

export const BRAND_COLOR = '#791cb5';
export const ADDRESS_LOCKED = '毕业生地址为锁定状态，无法修改户口迁出地址';
const MOVE_OUT_PREFIX = '/move-out/';

export type MoveOutVerdict = Schemas['MoveOutCheck'];

/** The move-out sub-routes of the route table (graduate, change, …). */
const moveOutSubs: string[] = Object.values(paths)
  .map((def) => def.path)
  .filter((p) => p.startsWith(MOVE_OUT_PREFIX))
  .map((p) => p.slice(MOVE_OUT_PREFIX.length));

const isMoveOutSub = (sub: string): sub is MoveOutSub => moveOutSubs.includes(sub);

export type GuardDecision =
  | { action: 'proceed'; to: string }
  | { action: 'cancel'; alert?: { title: string; message: string; confirmColor: string } };

function splitHref(to: string): { path: string; query: URLSearchParams; hash: string } {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const queryAt = withoutHash.indexOf('?');
  return {
    path: queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash,
    query: new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : ''),
    hash,
  };
}

/**
 * The move-out sub-route a navigation must be checked for, or null (spec §2: not with edit=1;
 * an unknown sub-route has no screen to protect).
 */
export function moveOutSubRoute(to: string): MoveOutSub | null {
  const { path, query } = splitHref(to);
  if (!path.startsWith(MOVE_OUT_PREFIX) || query.get('edit') === '1') return null;
  const sub = path.slice(MOVE_OUT_PREFIX.length).replace(/\/+$/, '');
  return isMoveOutSub(sub) ? sub : null;
}

/** Pure decision of the move-out guard from the check's result (spec §2, §8). */
export function decideMoveOut(to: string, sub: MoveOutSub, result: ApiResult<MoveOutVerdict>): GuardDecision {
  if (!result.ok) {
    // Code 100 (toast) and transport failures (alert) were shown by the middleware already.
    if (result.code === 100 || result.code === 401 || result.code < 0) return { action: 'cancel' };
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

/** Navigates inside the app through the guard (links, tiles and buttons use this). */
export async function navigate(to: string, options: { replace?: boolean } = {}): Promise<boolean> {
  const target = await guardNavigation(to);
  if (target === null) return false;
  navigateApp(target, options);
  return true;
}
