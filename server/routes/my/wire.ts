// Wire shapes of the household record (我的户籍) and notices.
import type { NoticeRow } from '../../repositories/content.ts';
import { maskedIdNumber, type HouseholdRow, type UserRow } from '../../repositories/users.ts';
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

/** `card`: the borrow application that has the household card out (4 or 6), if any. */
export function householdWire(
  user: UserRow,
  record: HouseholdRow | null,
  labels: HouseholdLabels,
  card: { dueOn: string | null } | null,
  today: string,
) {
  if (!record) return NO_RECORD;
  const lent = !!card;
  const dueOn = card?.dueOn ?? null;
  const booklet: keyof typeof BOOKLET = lent && dueOn && dueOn < today ? '2' : lent ? '1' : '0';
  const inSchool = record.status === '1';
  return {
    hjzt: record.status as '1' | '2',
    hjztmc: inSchool ? '在册' : '已迁出',
    hkIn: inSchool,
    xm: user.name,
    xbmc: labels.gender ?? null,
    mzmc: labels.ethnic ?? null,
    csrq: user.birthDate,
    sfzjh: maskedIdNumber(user),
    hh: record.householdNo,
    jthmc: record.collectiveName,
    jthdz: record.collectiveAddress,
    yhzgx: record.relationCode ? (labels.relation ?? null) : '集体户成员',
    pcsmc: labels.policeStation ?? null,
    qrrq: record.movedInOn,
    qrlymc: record.moveInKind,
    ysdz: record.formerAddress,
    qcrq: record.movedOutOn,
    // A card out stays shown after moving out: it is still owed to the office.
    hkkzt: inSchool || lent ? booklet : null,
    hkkztmc: inSchool || lent ? BOOKLET[booklet] : null,
    hkkyhrq: lent ? dueOn : null,
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
