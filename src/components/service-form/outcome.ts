import { NETWORK_FAILURE_CODE } from '@/api/client';
import type { ApiFailure } from '@/api/types';

export const NETWORK_NOTICE = '网络异常，提交结果未知。您填写的内容已保存，请检查网络后再次提交（不会重复提交）。';
export const SESSION_NOTICE = '登录已失效。您填写的内容已保存，重新登录后可继续提交。';

/**
 * A failed submit that is not a definite refusal: its notice, or null for a refusal. Unknown outcome (no answer, a
 * 5xx, 429): the next try must send the same Idempotency-Key, so it cannot create a second record. 401: the draft
 * keeps the typing for after signing in again.
 */
export function unsettledNotice(failure: ApiFailure): string | null {
  const { code } = failure;
  if (code === NETWORK_FAILURE_CODE) return NETWORK_NOTICE;
  if (code >= 500 || code === 429) return failure.msg;
  if (code === 401) return SESSION_NOTICE;
  return null;
}
