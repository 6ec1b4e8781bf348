import { client, unwrap } from '@/api/client';
import type { MoveOutSub } from '@/api/types';

/** GET /api/qianchu/check for a move-out sub-route, without the loading indicator (spec §7). */
export function checkMoveOut(sub: MoveOutSub) {
  return unwrap(client.GET('/api/qianchu/check', { params: { query: { sub } }, loading: false }));
}
