// The four move-in forms as their screen (move-in-form-page) knows them before their code is fetched: the draft and
// guide code, the module of the form, and why it cannot be started now. Small: it loads with the screen.
import type { UserInfo } from '@/api/client';
import type { Refusal } from '@/components/service-form/service-screen';
import { paths } from '@shared/pages/paths';
import { formatDateTime } from '@/lib/format';
import { newStudentWindowOpen, type SectorsState } from '@/stores/sectors';
import type { MoveInForm } from './move-in-form';

export const WINDOW_CLOSED = '当前不在新生迁入办理时间内';
export const ALREADY_IN = '您的户口已在本校，无需迁入';
export const HEAD_NOT_IN = '您的户口尚未迁入本校，不能作为户主办理家属随迁';

export interface RefusalContext {
  user: UserInfo | null;
  sectors: SectorsState;
}

type Make = (user: UserInfo | null) => MoveInForm;

export interface MoveInService {
  /** Draft and guide code (the form's serviceCode). */
  serviceCode: string;
  /** The form's module. */
  load: () => Promise<Make>;
  /** Why the user cannot start this form now (told instead of the guide), or null. */
  refusal: (context: RefusalContext) => Refusal | null;
  /** The refusal reads the sectors (the new-student window): they are loaded first. */
  needsSectors?: boolean;
}

const qianru = (qrlx: '1' | '2'): MoveInService => ({
  serviceCode: `qianru-${qrlx}`,
  load: () => import('./qianru-form').then((m) => (user) => m.form(user, qrlx)),
  refusal: ({ user: u }) =>
    u?.hkIn
      ? qrlx === '2'
        ? {
            title: ALREADY_IN,
            description: '配偶、子女等家属随迁，请以您本人为户主申请家属随迁。',
            link: [paths.moveInStaffM.href(), '办理家属随迁'],
          }
        : { title: ALREADY_IN }
      : null,
});

const services = {
  yingxin: {
    serviceCode: 'yingxin',
    load: () => import('./yingxin-form').then((m) => m.form),
    needsSectors: true,
    refusal: ({ user: u, sectors }) => {
      if (!newStudentWindowOpen(sectors)) {
        const { yxStartTime: start, yxEndTime: end } = sectors;
        return {
          title: WINDOW_CLOSED,
          description:
            start && end ? `新生迁入办理时间：${formatDateTime(start)} 至 ${formatDateTime(end)}` : '办理时间另行通知，请留意通知公告。',
        };
      }
      return u?.hkIn ? { title: ALREADY_IN } : null;
    },
  },
  dr: qianru('1'),
  staff: qianru('2'),
  family: {
    serviceCode: 'qianru-3',
    load: () => import('./family-form').then((m) => m.form),
    refusal: ({ user: u }) =>
      u?.rylb === '4' && u.hkIn === false
        ? {
            title: HEAD_NOT_IN,
            description: '请先办理教职工迁入，户口迁入学校教职工集体户后再为家属申请随迁。',
            link: [paths.moveInStaff.href(), '办理教职工迁入'],
          }
        : null,
  },
} satisfies Record<string, MoveInService>;

/** The move-in form of a route (/move-in-new, /move-in-dr, /move-in-staff, /move-in-staff-m). */
export function moveInService(path: string): MoveInService {
  if (path.startsWith(paths.moveInNew.path)) return services.yingxin;
  if (path.startsWith(paths.moveInStaffM.path)) return services.family;
  return path.startsWith(paths.moveInDr.path) ? services.dr : services.staff;
}
