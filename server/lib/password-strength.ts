// Staff passwords must resist guessing, not only match the contract's pattern: zxcvbn-ts (a maintained strength
// estimator with its common-password and keyboard-pattern dictionaries) scores them, and a blocklist refuses the
// published demo password and passwords built on the account's own sign-in name or name. Used by the console's account
// operations and `admin:create`; a user's password follows the contract's pattern (the spec sets no stronger rule).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** The demo accounts' password, published in the README (tests keep it equal to the seed's). */
export const PUBLISHED_DEMO_PASSWORD = 'Demo@2026';

/** zxcvbn's 0-4 scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_STAFF_SCORE = 3;

export const WEAK_STAFF_PASSWORD = '密码强度不足：请勿使用常见密码、演示密码或含登录名、姓名的密码，建议 12 位以上并混合字母、数字与符号';

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, useLevenshteinDistance: true }));

/** Why a staff password is refused (WEAK_STAFF_PASSWORD), or null when it is strong enough. */
export async function staffPasswordProblem(password: string, who: { username?: string; name?: string }): Promise<string | null> {
  const lower = password.toLowerCase();
  const own = [who.username, who.name].map((s) => s?.trim().toLowerCase()).filter((s): s is string => !!s && s.length >= 3);
  if (lower === PUBLISHED_DEMO_PASSWORD.toLowerCase() || own.some((s) => lower.includes(s))) return WEAK_STAFF_PASSWORD;
  const result = await zxcvbn().check(password, [PUBLISHED_DEMO_PASSWORD, ...own, '户籍', 'hukou', 'admin']);
  return result.score < MIN_STAFF_SCORE ? WEAK_STAFF_PASSWORD : null;
}
