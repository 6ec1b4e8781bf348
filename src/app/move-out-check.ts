import { client, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';

export type MoveOutSub = paths['/api/qianchu/check']['get']['parameters']['query']['sub'];

/** GET /api/qianchu/check for a move-out sub-route, without the loading indicator (spec §7). */
export function checkMoveOut(sub: MoveOutSub) {
  return unwrap(client.GET('/api/qianchu/check', { params: { query: { sub } }, loading: false }));
}
