// The home tiles open to a user: per person type, with the at-school rule and the new-student window.
import type { Repositories } from '../repositories/index.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import { chinaDate, chinaDateTime, type Clock } from './clock.ts';

const NOT_AT_SCHOOL: Record<string, string> = { '2': '您不在校，无法借用户口卡', '7': '您不在校，无法迁出' };
const NOT_FOR_TYPE = '该业务不适用于您的人员类别';
const NEW_STUDENT = '5';

export interface EnrolmentWindow {
  yxStartTime: string;
  yxEndTime: string;
}

export interface SubSectorView {
  sectorCode: string;
  sectorName: string;
  disabled: boolean;
  disabledReason: string | null;
}

export interface SectorView extends SubSectorView {
  subSectors?: SubSectorView[];
}

/** The new-student move-in is open strictly between yxStartTime and yxEndTime (the home tile and the server alike). */
export const enrolmentOpen = (window: EnrolmentWindow | null | undefined, now: Date) =>
  !!window && new Date(window.yxStartTime) < now && now < new Date(window.yxEndTime);

export function createSectorService(repos: Repositories, clock: Clock) {
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

      const reasonFor = (code: string, requiresHkIn: boolean, disabledForType: boolean, parentCode: string | null) => {
        if (requiresHkIn && !hkIn) return NOT_AT_SCHOOL[parentCode ?? code] ?? NOT_AT_SCHOOL['7']!;
        if (disabledForType) return NOT_FOR_TYPE;
        if (!parentCode && code === NEW_STUDENT && !open) return '新生迁入办理时间未开放';
        return null;
      };
      const view = (row: (typeof rows)[number]): SubSectorView => {
        const reason = reasonFor(row.sectorCode, row.requiresHkIn, row.disabled, row.parentCode);
        return { sectorCode: row.sectorCode, sectorName: row.name, disabled: reason !== null, disabledReason: reason };
      };
      const openSectors: SectorView[] = rows
        .filter((r) => r.parentCode === null)
        .map((tile) => {
          const subs = rows.filter((r) => r.parentCode === tile.sectorCode).map(view);
          return { ...view(tile), ...(subs.length ? { subSectors: subs } : {}) };
        });
      return {
        openSectors,
        tips: tips?.[user.personType] || tips?.default || null,
        yxStartTime: window ? chinaDateTime(new Date(window.yxStartTime)) : null,
        yxEndTime: window ? chinaDateTime(new Date(window.yxEndTime)) : null,
        yxTime: open && window ? chinaDate(new Date(window.yxEndTime)) : null,
      };
    },
  };
}

export type SectorService = ReturnType<typeof createSectorService>;
