import { navigateApp } from '@/lib/nav';
import { paths } from '@/config/paths';
import type { MoveOutSub } from './move-out-check';

const MOVE_OUT_PREFIX = '/move-out/';

/** The move-out sub-routes of the route table (graduate, change, …). */
const moveOutSubs: string[] = Object.values(paths)
  .map((def) => def.path)
  .filter((p) => p.startsWith(MOVE_OUT_PREFIX))
  .map((p) => p.slice(MOVE_OUT_PREFIX.length));

const isMoveOutSub = (sub: string): sub is MoveOutSub => moveOutSubs.includes(sub);

export function splitHref(to: string): { path: string; query: URLSearchParams; hash: string } {
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

/**
 * Runs the guard for a navigation target: the href to go to, or null when cancelled. The guard's code
 * (./move-out-guard) loads only for a move-out sub-route.
 */
export async function guardNavigation(to: string): Promise<string | null> {
  if (!moveOutSubRoute(to)) return to;
  const guard = await import('./move-out-guard');
  return guard.guardNavigation(to);
}

/** Navigates inside the app through the guard (links, tiles and buttons use this). */
export async function navigate(to: string, options: { replace?: boolean } = {}): Promise<boolean> {
  const target = await guardNavigation(to);
  if (target === null) return false;
  navigateApp(target, options);
  return true;
}
