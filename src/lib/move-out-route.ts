import { paths } from '@shared/pages/paths';
import type { MoveOutSub } from '@/api/types';

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
