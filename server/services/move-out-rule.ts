// Who may start which move-out sub-service (services.md, "The hkIn rule" and the migration-certificate services):
// one rule for the home tiles and /move-out (openSectors) and for the guard of /move-out/{sub} (check) with the
// forms behind it, so that what is offered is what the guard lets through.
// - At school (hkIn): the sub-services that take the registration out of the school: 0 毕业生, 1 博士后, 2 教职工,
//   3 退学休学 and 其他原因迁出; 7 注销户口.
// - Moved out (a finished move-out issued a 户口迁移证): 4 延期, 5 地址变更 (not while the address is locked),
//   6 补办 and 毕业生改派 (after a graduate move-out), while the certificate is valid; 延期 also up to 30 days after
//   it expired (renewing it is what 延期 is for).
// The person type (the sector rows) and the in-progress rule are applied by the callers.
import type { Schemas } from '../lib/contract.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import { addDays } from './appointments.ts';
import { chinaDate, type Clock } from './clock.ts';

/** The sub-services the move-out check answers for (the contract's MoveOutSub). */
export type MoveOutSub = Schemas['MoveOutSub'];

export const MOVE_OUT_MSG = {
  notAtSchool: '您不在校，无法迁出',
  notForType: '您的人员类型不能办理该业务',
  open: '您已有正在办理的迁出业务',
  noFinished: '未查询到已办结的迁出记录',
  noReassignment: '未查询到可改派的迁出记录',
  locked: '毕业生地址为锁定状态，无法修改户口迁出地址',
  notRegistered: '您的户口不在本校，无法注销',
  family: '随迁家属信息有误',
  /** The certificate expired more than POSTPONE_GRACE_DAYS ago: only the office can help. */
  expired: '迁移证已过期，请到户籍办公室办理',
  /** The certificate expired lately: 延期 first, then the other certificate services. */
  renewFirst: '迁移证已过期，请先办理迁移证延期',
} as const;

/** The move-out sub-sector (spec §3 index) of a sub-route; 其他原因迁出 needs only the tile, 改派 follows 毕业生迁出. */
export const SUB_SECTOR: Record<MoveOutSub, string | null> = {
  graduate: '0',
  reassignment: '0',
  'post-doctoral': '1',
  staff: '2',
  'leave-school': '3',
  postpone: '4',
  change: '5',
  'mc-card': '6',
  'c-issued': '7',
  'move-out': null,
};

/** Sub-route of each sub-sector index 0–7. */
export const SUB_OF_SECTOR: readonly MoveOutSub[] = [
  'graduate',
  'post-doctoral',
  'staff',
  'leave-school',
  'postpone',
  'change',
  'mc-card',
  'c-issued',
];

/** Sub-routes that take the registration out of the school (need it at school). */
export const LEAVING: readonly MoveOutSub[] = ['graduate', 'post-doctoral', 'staff', 'leave-school', 'move-out'];
/** Sub-routes about the 户口迁移证 of a finished move-out (for people whose registration has left). */
export const CERTIFICATE: readonly MoveOutSub[] = ['reassignment', 'postpone', 'change', 'mc-card'];
/** Days after its expiry a 迁移证 can still be postponed online. */
export const POSTPONE_GRACE_DAYS = 30;

/** What the rule reads about a person: where the registration is, the certificate, the finished move-outs. */
export interface MoveOutFacts {
  hkIn: boolean;
  /** Moved out by a finished move-out: a 户口迁移证 was issued. */
  gone: boolean;
  validUntil: string | null;
  addressLocked: boolean;
  /** The last finished move-out (certificate services) and the last finished graduate move-out or 改派 (改派). */
  last: ApplicationRow | null;
  lastGraduate: ApplicationRow | null;
  today: string;
}

export function createMoveOutRule(repos: Repositories, clock: Clock) {
  /** The user's last finished move-out, by ID number (any account of the same person), optionally among subs. */
  async function lastFinished(user: UserRow, subs?: string[]): Promise<ApplicationRow | null> {
    const ids = user.idNumber ? await repos.users.idsByIdNumber(user.idNumber) : [user.id];
    return repos.applications.lastFinished(ids.includes(user.id) ? ids : [...ids, user.id], 'qianchu', subs);
  }

  async function facts(user: UserRow, household: HouseholdRow | null): Promise<MoveOutFacts> {
    const gone = household?.status === '2' && !!household.migrationCertNo;
    const [last, lastGraduate] = gone
      ? await Promise.all([lastFinished(user), lastFinished(user, ['graduate', 'reassignment'])])
      : [null, null];
    return {
      hkIn: household?.status === '1',
      gone,
      validUntil: gone ? household.migrationValidUntil : null,
      addressLocked: !!household?.addressLocked,
      last,
      lastGraduate,
      today: chinaDate(clock.now()),
    };
  }

  return { lastFinished, facts };
}

/** Why `sub` cannot be started where the registration is and with the certificate it has (null: it can). */
export function moveOutReason(sub: MoveOutSub, f: MoveOutFacts): string | null {
  if (LEAVING.includes(sub)) return f.hkIn ? null : MOVE_OUT_MSG.notAtSchool;
  if (sub === 'c-issued') return f.hkIn ? null : MOVE_OUT_MSG.notRegistered;
  const last = sub === 'reassignment' ? f.lastGraduate : f.last;
  if (!f.gone || !last) return sub === 'reassignment' ? MOVE_OUT_MSG.noReassignment : MOVE_OUT_MSG.noFinished;
  if (f.validUntil && f.validUntil < f.today) {
    if (f.validUntil < addDays(f.today, -POSTPONE_GRACE_DAYS)) return MOVE_OUT_MSG.expired;
    if (sub !== 'postpone') return MOVE_OUT_MSG.renewFirst;
  }
  if (sub === 'change' && f.addressLocked) return MOVE_OUT_MSG.locked;
  return null;
}

/** Why the 迁出 tile is grey when none of its sub-services is open to the person (null: at school). */
export function moveOutTileReason(f: MoveOutFacts): string | null {
  if (f.hkIn) return null;
  if (f.gone && f.validUntil && f.validUntil < addDays(f.today, -POSTPONE_GRACE_DAYS)) return MOVE_OUT_MSG.expired;
  return MOVE_OUT_MSG.notAtSchool;
}

export type MoveOutRule = ReturnType<typeof createMoveOutRule>;
