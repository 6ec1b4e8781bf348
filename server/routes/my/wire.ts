// Wire shapes of the household record (我的户籍) and notices.
import { maskIdNumber } from '../../lib/masks.ts';
import type { NoticeRow } from '../../repositories/content.ts';
import type { HouseholdRow, UserRow } from '../../repositories/users.ts';
import { chinaDateTime } from '../../services/clock.ts';

export interface HouseholdLabels {
  gender?: string;
  ethnic?: string;
  relation?: string;
  policeStation?: string;
}

const BOOKLET = { '0': '在户籍办', '1': '已借出', '2': '逾期未还' } as const;
const NO_RECORD = {
  hjzt: '0' as const,
  hjztmc: '无本校户籍记录',
  hkIn: false,
  xm: null,
  xbmc: null,
  mzmc: null,
  csrq: null,
  sfzjh: null,
  hh: null,
  jthmc: null,
  jthdz: null,
  yhzgx: null,
  pcsmc: null,
  qrrq: null,
  qrlymc: null,
  ysdz: null,
  qcrq: null,
  hkkzt: null,
  hkkztmc: null,
  hkkyhrq: null,
};

export function householdWire(user: UserRow, record: HouseholdRow | null, labels: HouseholdLabels, today: string) {
  if (!record) return NO_RECORD;
  const lent = record.bookletStatus === '1';
  const booklet: keyof typeof BOOKLET = lent && record.bookletDueOn && record.bookletDueOn < today ? '2' : lent ? '1' : '0';
  const inSchool = record.status === '1';
  return {
    hjzt: record.status as '1' | '2',
    hjztmc: inSchool ? '在册' : '已迁出',
    hkIn: inSchool,
    xm: user.name,
    xbmc: labels.gender ?? null,
    mzmc: labels.ethnic ?? null,
    csrq: user.birthDate,
    sfzjh: maskIdNumber(user.idNumber),
    hh: record.householdNo,
    jthmc: record.collectiveName,
    jthdz: record.collectiveAddress,
    yhzgx: record.relationCode ? (labels.relation ?? null) : '集体户成员',
    pcsmc: labels.policeStation ?? null,
    qrrq: record.movedInOn,
    qrlymc: record.moveInKind,
    ysdz: record.formerAddress,
    qcrq: record.movedOutOn,
    hkkzt: inSchool ? booklet : null,
    hkkztmc: inSchool ? BOOKLET[booklet] : null,
    hkkyhrq: inSchool && lent ? record.bookletDueOn : null,
  };
}

const NOTICE_TYPES = { apply: '申请进度', borrow: '借卡提醒', system: '系统通知' } as const;

export const noticeWire = (n: NoticeRow) => ({
  id: n.id,
  type: n.type as keyof typeof NOTICE_TYPES,
  typeName: NOTICE_TYPES[n.type as keyof typeof NOTICE_TYPES] ?? n.type,
  title: n.title,
  content: n.content,
  isRead: n.readAt ? ('1' as const) : ('0' as const),
  createdAt: chinaDateTime(n.createdAt),
  applicationId: n.applicationId,
  sqbh: n.applicationNo,
});
