// The home tiles open to a user: per person type, with the at-school rule, the move-out rule (move-out-rule.ts:
// the same rule as the guard of /move-out/{sub}), the move-in refusals and the new-student window.
import type { Schemas } from '../lib/contract.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import { chinaDate, chinaDateTime, type Clock } from './clock.ts';
import { deepFreeze } from '../lib/reference-cache.ts';
import { createMoveOutRule, moveOutReason, moveOutTileReason, SUB_OF_SECTOR } from './move-out-rule.ts';

const NOT_AT_SCHOOL: Record<string, string> = { '2': '您不在校，无法借用户口卡', '7': '您不在校，无法迁出' };
const NOT_FOR_TYPE = '该业务不适用于您的人员类别';
/** The server refuses 博士后迁入 and 新生迁入 to whom is registered at the school already (move-in-forms.ts). */
const ALREADY_IN = '您的户口已在本校，无需迁入';
const POSTDOC = '4';
const NEW_STUDENT = '5';
const MOVE_OUT = '7';
/** The move-out sub-services outside the 0–7 index (moreSubSectors of the 迁出 tile). */
const MORE_MOVE_OUT = [
  { sectorCode: 'reassignment', sectorName: '毕业生改派', typeOf: '0' },
  { sectorCode: 'move-out', sectorName: '其他原因迁出', typeOf: null },
] as const;
/** An account without a person type (single sign-on that gave none) has no tiles yet: the tip says where to give it. */
export const CHOOSE_TYPE_TIP = '请先在「我的户籍 → 个人信息」中选择人员类型，再办理业务';

export interface EnrolmentWindow {
  yxStartTime: string;
  yxEndTime: string;
}

export type SubSectorView = Schemas['SubSector'];
export type SectorView = Schemas['Sector'];

/** The new-student move-in is open strictly between yxStartTime and yxEndTime (the home tile and the server alike). */
export const enrolmentOpen = (window: EnrolmentWindow | null | undefined, now: Date) =>
  !!window && new Date(window.yxStartTime) < now && now < new Date(window.yxEndTime);

export function createSectorService(repos: Repositories, clock: Clock) {
  const moveOutRule = createMoveOutRule(repos, clock);
  /** The answer for this user, worked out. */
  async function workOut(
    user: UserRow,
    household: HouseholdRow | null,
    rows: Awaited<ReturnType<Repositories['sectors']['forPersonType']>>,
    window: EnrolmentWindow | undefined,
    tips: Record<string, string> | undefined,
    open: boolean,
  ) {
    const hkIn = household?.status === '1';
    const hasMoveOut = rows.some((r) => r.parentCode === null && r.sectorCode === MOVE_OUT);
    const facts = hasMoveOut ? await moveOutRule.facts(user, household) : null;

    const tileReason = (row: (typeof rows)[number]) => {
      if (row.disabled) return NOT_FOR_TYPE;
      if (row.sectorCode === MOVE_OUT) return null; // decided by its sub-services below
      if (row.requiresHkIn && !hkIn) return NOT_AT_SCHOOL[row.sectorCode] ?? NOT_AT_SCHOOL[MOVE_OUT]!;
      if ((row.sectorCode === POSTDOC || row.sectorCode === NEW_STUDENT) && hkIn) return ALREADY_IN;
      if (row.sectorCode === NEW_STUDENT && !open) return '新生迁入办理时间未开放';
      return null;
    };
    const subReason = (row: (typeof rows)[number]) => {
      if (row.disabled) return NOT_FOR_TYPE;
      const sub = SUB_OF_SECTOR[Number(row.sectorCode)];
      return sub && facts ? moveOutReason(sub, facts) : null;
    };
    const view = (row: (typeof rows)[number], reason: string | null): SubSectorView => ({
      sectorCode: row.sectorCode,
      sectorName: row.name,
      disabled: reason !== null,
      disabledReason: reason,
    });
    const openSectors: SectorView[] = rows
      .filter((r) => r.parentCode === null)
      .map((tile) => {
        const subs = rows.filter((r) => r.parentCode === tile.sectorCode).map((r) => view(r, subReason(r)));
        if (tile.sectorCode !== MOVE_OUT || !facts)
          return { ...view(tile, tileReason(tile)), ...(subs.length ? { subSectors: subs } : {}) };
        const more = MORE_MOVE_OUT.flatMap(({ sectorCode, sectorName, typeOf }) => {
          const typeRow = typeOf === null ? tile : rows.find((r) => r.parentCode === MOVE_OUT && r.sectorCode === typeOf);
          if (!typeRow) return [];
          const reason = typeRow.disabled ? NOT_FOR_TYPE : moveOutReason(sectorCode, facts);
          return [{ sectorCode, sectorName, disabled: reason !== null, disabledReason: reason }];
        });
        // The tile opens when any of its sub-services does (a person who moved out has the certificate services).
        const reason = tile.disabled
          ? NOT_FOR_TYPE
          : [...subs, ...more].some((s) => !s.disabled)
            ? null
            : (moveOutTileReason(facts) ?? NOT_FOR_TYPE);
        return { ...view(tile, reason), subSectors: subs, moreSubSectors: more };
      });
    return {
      openSectors,
      tips: user.personType ? tips?.[user.personType] || tips?.default || null : CHOOSE_TYPE_TIP,
      yxStartTime: window ? chinaDateTime(new Date(window.yxStartTime)) : null,
      yxEndTime: window ? chinaDateTime(new Date(window.yxEndTime)) : null,
      yxTime: open && window ? chinaDate(new Date(window.yxEndTime)) : null,
    };
  }

  /**
   * Answers already worked out, for users whose registration has not left with a certificate (nearly everyone): theirs
   * depends only on the tiles of their person type, the settings read, whether they are registered at the school, their
   * address lock and whether the new-student window is open. Kept with the very tile rows the reference cache handed
   * out (frozen; any change to the tiles is a new array) and dropped when the settings read are other objects (any
   * change to the settings, or a read that bypassed the cache): no eviction of their own is needed.
   */
  const answered = new WeakMap<object, { window: unknown; tips: unknown; answers: Map<string, Awaited<ReturnType<typeof workOut>>> }>();

  return {
    async openSectors(user: UserRow, household: HouseholdRow | null) {
      const hkIn = household?.status === '1';
      const [rows, settings] = await Promise.all([
        repos.sectors.forPersonType(user.personType),
        repos.settings.getMany(['enrolment.window', 'sectors.tips']),
      ]);
      const window = settings.get('enrolment.window') as EnrolmentWindow | undefined;
      const tips = settings.get('sectors.tips') as Record<string, string> | undefined;
      const now = clock.now();
      const open = enrolmentOpen(window, now);
      // A person who moved out: the certificate, its dates and their finished move-outs decide (not kept).
      const gone = household?.status === '2' && !!household.migrationCertNo;
      let kept = gone || !Object.isFrozen(rows) ? undefined : answered.get(rows);
      if (kept && (kept.window !== window || kept.tips !== tips)) kept = undefined;
      const key = `${user.personType}|${hkIn}|${!!household?.addressLocked}|${open}`;
      const known = kept?.answers.get(key);
      if (known) return known;
      const answer = deepFreeze(await workOut(user, household, rows, window, tips, open));
      if (!gone && Object.isFrozen(rows)) {
        if (!kept) answered.set(rows, (kept = { window, tips, answers: new Map() }));
        kept.answers.set(key, answer);
      }
      return answer;
    },
  };
}

export type SectorService = ReturnType<typeof createSectorService>;
