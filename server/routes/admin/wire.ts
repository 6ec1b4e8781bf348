// Wire shapes of the staff console.
import type { components } from '../../../shared/contract/schema';
import {
  applicationKinds,
  applicationStatuses,
  applicationStatusTransitions,
  handlingRequired,
  moveOutSubSectors,
  personTypes,
  sectors as sectorCatalogue,
  kindName,
  statusName,
  Status,
} from '../../domain/index.ts';
import { maskPhone } from '../../lib/masks.ts';
import type { AuditRow } from '../../repositories/audit.ts';
import type { RatingRow } from '../../repositories/ratings.ts';
import type { ApplicationEventRow, ApplicationRow } from '../../repositories/applications.ts';
import type { UploadRow } from '../../repositories/content.ts';
import { maskedIdNumber, type UserRow } from '../../repositories/users.ts';
import { chinaDate, chinaDateTime } from '../../services/clock.ts';
import { RATING_LABELS } from '../../services/ratings.ts';
import { ROLE_NAMES, type StaffRole } from '../../services/staff.ts';
import { detailWire, listItemWire, ratingWire } from '../applications/wire.ts';
import type { Prefill } from '../../services/handling-inputs.ts';

type S = components['schemas'];

/** Applications waiting (已提交, 审核中) longer than this many days are overdue. */
export const WAITING_DAYS = 3;
export const DAY = 86400_000;

/** A figure rounded to some decimals (averages, hours). */
export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Days a household card is past its return date (`dueOn`, YYYY-MM-DD) on `today`; 0 when not. */
export const overdueDays = (dueOn: string | null, today: string) =>
  dueOn && dueOn < today ? Math.round((Date.parse(today) - Date.parse(dueOn)) / DAY) : 0;

export const staffWire = (u: UserRow): S['StaffAccount'] => ({
  id: u.id,
  username: u.username ?? '',
  name: u.name,
  role: u.role as StaffRole,
  roleName: ROLE_NAMES[u.role as StaffRole] ?? '办理员',
  enabled: !u.disabled,
  createdAt: chinaDateTime(u.createdAt),
});

export const personTypeName = (rylb: string) => personTypes.find((p) => p.rylb === rylb)?.label ?? rylb;

/**
 * The applicant. The ID number is always masked (显示 reveals it, audited: adminRevealIdNumber); `detail` (the
 * application's page) shows the whole phone, to call the applicant, lists mask it.
 */
export const applicantWire = (
  u: UserRow,
  householdStatus: string | null | undefined,
  detail: boolean,
  unitName?: string | null,
): S['Applicant'] => ({
  userId: u.id,
  xm: u.name,
  rylb: u.personType as S['Rylb'],
  rylbmc: personTypeName(u.personType),
  xh: u.studentNo,
  gzzh: u.staffNo,
  sfzjh: maskedIdNumber(u),
  phone: detail ? u.phone : maskPhone(u.phone),
  dwmc: unitName ?? null,
  hkIn: householdStatus === '1',
});

const isOverdue = (a: ApplicationRow, now: Date) =>
  ([1, 2].includes(a.status) && now.getTime() - a.createdAt.getTime() > WAITING_DAYS * DAY) ||
  (a.kind === 'hkkjy' && [4, 6].includes(a.status) && !!a.dueOn && a.dueOn < chinaDate(now));

/** Who has an application (认领, 分派), named; null when nobody. */
export const assigneeWire = (a: Pick<ApplicationRow, 'assigneeId' | 'assignedAt'>, names: Map<number, string>): S['Assignee'] =>
  a.assigneeId && a.assignedAt
    ? { id: a.assigneeId, name: names.get(a.assigneeId) ?? `#${a.assigneeId}`, at: chinaDateTime(a.assignedAt) }
    : null;

export const adminRowWire = (
  a: ApplicationRow,
  u: UserRow,
  householdStatus: string | null,
  now: Date,
  names: Map<number, string> = new Map(),
): S['AdminApplicationRow'] => ({
  ...listItemWire(a),
  version: a.version,
  applicant: applicantWire(u, householdStatus, false),
  waitingDays: Math.max(0, Math.floor((now.getTime() - a.createdAt.getTime()) / DAY)),
  overdue: isOverdue(a, now),
  assignee: assigneeWire(a, names),
});

const ACTION_LABELS: Record<number, string> = {
  2: '开始审核',
  3: '退回修改',
  4: '受理',
  5: '通知领取',
  6: '寄出',
  7: '办结',
  8: '不予通过',
};
const BORROW_ACTION_LABELS: Record<number, string> = { 4: '借出', 7: '确认归还' };

type Input = 'note' | 'lqdd' | 'lqsj' | 'kdgs' | 'kddh' | 'ghrq';

export function requiresOf(to: number, noteRequired: boolean, borrowWithoutDue = false): Input[] {
  return noteRequired ? ['note'] : handlingRequired(to, { borrowWithoutDue });
}

/** Values a transition's form starts with (staff may change them): the courier the applicant chose, the office's place and hours. */
export type { Prefill };

/**
 * The staff actions the status table allows from the application's status, with the inputs each needs and the
 * values they start with; 已办结 goes to `blocked` with the reason when the hooks would refuse it (`finishRefusal`).
 */
export function transitionsOf(
  a: ApplicationRow,
  finishRefusal: string | null = null,
  prefill: Partial<Record<number, Prefill>> = {},
  couriers: S['TransitionOption']['couriers'] = [],
) {
  const options = applicationStatusTransitions
    .filter((t) => t.by === 'staff' && t.from === a.status)
    .map((t): S['TransitionOption'] => {
      const requires = requiresOf(t.to, t.noteRequired, a.kind === 'hkkjy' && !a.dueOn);
      const start = Object.fromEntries(Object.entries(prefill[t.to] ?? {}).filter(([k, v]) => v && requires.includes(k as Input)));
      return {
        to: t.to as S['AppStatus'],
        toName: statusName(a.kind, t.to),
        action: (a.kind === 'hkkjy' ? BORROW_ACTION_LABELS[t.to] : undefined) ?? ACTION_LABELS[t.to] ?? statusName(a.kind, t.to),
        requires,
        ...(Object.keys(start).length ? { prefill: start } : {}),
        ...(requires.includes('kdgs') ? { couriers } : {}),
      };
    });
  const refused = (t: S['TransitionOption']) => t.to === Status.done && !!finishRefusal;
  return {
    transitions: options.filter((t) => !refused(t)),
    blocked: options
      .filter(refused)
      .map((t): S['BlockedTransition'] => ({ to: t.to, toName: t.toName, action: t.action, reason: finishRefusal! })),
  };
}

export interface AdminDetailParts {
  app: ApplicationRow;
  user: UserRow;
  events: ApplicationEventRow[];
  files: UploadRow[];
  household: S['HouseholdRecord'] | null;
  householdStatus: string | null;
  staffNames: Map<number, string>;
  rating: RatingRow | null;
  unitName: string | null;
  /** The answers as people read them (answerSummary, ID numbers masked, each with the key that reveals it). */
  summary: S['AnswerSummaryItem'][];
  /** Why 已办结 would be refused now (finishRefusal), or null. */
  finishRefusal: string | null;
  /** Starting values of the transitions' forms, by target status. */
  prefill: Partial<Record<number, Prefill>>;
  /** The couriers 寄出 chooses from. */
  couriers?: { value: string; label: string }[];
  /** What contradicts the application (familyConflicts): shown on it and in 办结's confirmation. */
  conflicts?: string[];
}

/**
 * The detail as staff see it: ID numbers masked like everywhere (显示 reveals one, audited), staff named in the
 * timeline, files read through the console, the actions the rules will take and those they would refuse.
 */
export function adminDetailWire(p: AdminDetailParts): S['AdminApplication'] {
  const base = detailWire(p.app, p.events, p.files, p.user.name, p.summary);
  return {
    ...base,
    attachments: base.attachments.map((f) => ({ ...f, url: `/api/admin/applications/${p.app.id}/files/${f.fileId}` })),
    events: base.events.map((e, i) => {
      const row = p.events[i]!;
      return row.actorRole === 'staff' && row.actorId
        ? { ...e, actor: { role: 'staff' as const, name: p.staffNames.get(row.actorId) ?? '户籍办' } }
        : e;
    }),
    version: p.app.version,
    assignee: assigneeWire(p.app, p.staffNames),
    applicant: applicantWire(p.user, p.householdStatus, true, p.unitName),
    household: p.household,
    ...transitionsOf(p.app, p.finishRefusal, p.prefill, p.couriers ?? []),
    rating: p.rating ? ratingWire(p.rating) : null,
    ...(p.conflicts?.length ? { conflicts: p.conflicts } : {}),
  };
}

export const adminMeta = (): S['AdminMeta'] => ({
  statuses: applicationStatuses.map((s) => ({ code: s.code as S['AppStatus'], label: s.label, borrowLabel: s.borrowLabel ?? null })),
  kinds: applicationKinds.map((k) => ({ code: k.code as S['ServiceCode'], sub: k.sub, label: k.label })),
  transitions: applicationStatusTransitions
    .filter((t) => t.by === 'staff')
    .map((t) => ({ from: t.from as S['AppStatus'], to: t.to as S['AppStatus'], requires: requiresOf(t.to, t.noteRequired) })),
  ratings: [5, 4, 3, 2, 1].map((score) => ({ score: score as S['RatingScore'], label: RATING_LABELS[score]! })),
  personTypes: personTypes.map((p) => ({ rylb: p.rylb, label: p.label })),
  sectors: sectorCatalogue.map((s) => ({
    sectorCode: String(s.sectorCode),
    sectorName: s.name,
    ...(s.sectorCode === 7 ? { subSectors: moveOutSubSectors.map((m) => ({ sectorCode: String(m.sectorCode), sectorName: m.name })) } : {}),
  })),
});

export const AUDIT_ACTIONS: Record<string, string> = {
  login: '登录',
  logout: '退出登录',
  'password.change': '修改密码',
  'application.list': '查看申请列表',
  'application.view': '查看申请详情',
  'application.file': '查看申请附件',
  'application.transition': '办理申请',
  'application.idNumber': '查看身份证件号',
  'borrowed.list': '查看借出的户口卡',
  'feedback.list': '查看问答',
  'feedback.reply': '回复问题',
  'rating.list': '查看评价',
  'rating.followUp': '记录回访',
  'staff.create': '新建工作人员',
  'staff.update': '修改工作人员',
  'quota.set': '设置预约名额',
  'sectors.update': '设置首页板块',
  'settings.home': '修改首页提示与迎新时间',
  'settings.contact': '修改联系我们',
  'template.update': '修改通知模板',
  'dict.create': '新增字典项',
  'dict.update': '修改字典项',
  'police.create': '新增派出所',
  'police.update': '修改派出所',
  'guide.update': '修改办事指南',
  'announcement.create': '新建公告',
  'announcement.update': '修改公告',
  'announcement.delete': '删除公告',
  'announcement.file.add': '上传公告附件',
  'announcement.file.delete': '删除公告附件',
  'banner.create': '新增轮播图',
  'banner.update': '修改轮播图',
  'banner.delete': '删除轮播图',
  'roster.import': '导入校园身份名册',
  'audit.view': '查看审计日志',
  'loginRecords.view': '查看登录日志',
  'sessions.view': '查看在线用户',
  'session.end': '强制退出',
  'export.applications': '导出申请列表',
  'export.borrowed': '导出借出户口卡',
  'export.ratings': '导出评价',
  'export.audit': '导出审计日志',
  'application.claim': '认领申请',
  'application.assign': '分派申请',
};

export const auditWire = (e: AuditRow): S['AuditEntry'] => ({
  id: e.id,
  at: chinaDateTime(e.at),
  staffId: e.staffId,
  staffName: e.staffName,
  staffUsername: e.staffUsername,
  action: e.action,
  actionName: AUDIT_ACTIONS[e.action] ?? e.action,
  targetType: e.targetType,
  targetId: e.targetId,
  summary: e.summary,
  ip: e.ip,
});

export { kindName };
