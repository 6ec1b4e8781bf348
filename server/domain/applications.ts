// The application model: kinds (ServiceCode and sub-service), the one status table and the transitions allowed.
// Rules as data, no imports: services, routes, the seed and the console read them from here.

/** 业务代码 ServiceCode: one set of codes for the contract, the seed and the database. */
export const serviceCodes = [
  'hkkjy',
  'sfzbl',
  'hkkbb',
  'hjzmkj',
  'wfzzmkj',
  'wwfzmkj',
  'zxhkzmkj',
  'hyzkbg',
  'xlzkbg',
  'qtbs',
  'qianru',
  'yingxin',
  'qianchu',
  'qyzyq',
  'qyzbg',
  'qykbb',
] as const;

/** 业务代码 */
export type ServiceCode = (typeof serviceCodes)[number];

/** An application kind: a ServiceCode, with a sub-service where the code has several (qianchu, qianru, qtbs). */
export interface ApplicationKind {
  readonly code: ServiceCode;
  /** sub-service: qianchu graduate…, qianru qrlx 1-3, qtbs change (其他信息变更); null when the code has one */
  readonly sub: string | null;
  /** 申请类型名称 */
  readonly label: string;
  /** home tile (sector) that leads to it; null = reached from elsewhere (e.g. /other from 我的户籍) */
  readonly sector: number | null;
  /** move-out sub-sector index (0–7) for qianchu and the 迁移证 services, else null */
  readonly moveOutSubSector: number | null;
  /** web route under /web */
  readonly route: string;
  /** API prefix of the service's calls */
  readonly api: string;
  /** the user books an appointment date (with quota) */
  readonly appointment: boolean;
  /** the result can be mailed (delivery form) */
  readonly delivery: boolean;
}

export interface ApplicationStatus {
  readonly code: number;
  readonly label: string;
  /** label used for 借用户口卡 where it differs (4 已借出, 7 已归还) */
  readonly borrowLabel?: string;
  /** colour hint for tags (hex) */
  readonly color: string;
  /** semantic tone for UI components */
  readonly tone: 'primary' | 'info' | 'warning' | 'danger' | 'success' | 'muted';
  /** no further transition possible */
  readonly final: boolean;
}

export interface StatusTransition {
  readonly from: number;
  readonly to: number;
  readonly by: 'user' | 'staff';
  /** a note (the reason of a return or refusal) is required; 5 and 6 need pickup or courier details instead */
  readonly noteRequired: boolean;
}

export const applicationKinds: readonly ApplicationKind[] = [
  {
    code: 'hkkjy',
    sub: null,
    label: '借用户口卡',
    sector: 2,
    moveOutSubSector: null,
    route: '/borrow',
    api: '/api/daily/hkkjy',
    appointment: true,
    delivery: true,
  },
  {
    code: 'sfzbl',
    sub: null,
    label: '身份证办理',
    sector: 1,
    moveOutSubSector: null,
    route: '/certif/id-card',
    api: '/api/daily/sfzbl',
    appointment: true,
    delivery: true,
  },
  {
    code: 'hkkbb',
    sub: null,
    label: '户口卡补办',
    sector: 1,
    moveOutSubSector: null,
    route: '/certif/hr-card',
    api: '/api/daily/hkkbb',
    appointment: false,
    delivery: true,
  },
  {
    code: 'hjzmkj',
    sub: null,
    label: '户籍证明开具',
    sector: 3,
    moveOutSubSector: null,
    route: '/prove/hr-issued',
    api: '/api/daily/hjzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'wfzzmkj',
    sub: null,
    label: '无犯罪记录证明开具',
    sector: 3,
    moveOutSubSector: null,
    route: '/prove/c-issued',
    api: '/api/daily/wfzzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'wwfzmkj',
    sub: null,
    label: '无违法证明开具',
    sector: 3,
    moveOutSubSector: null,
    route: '/prove/n-issued',
    api: '/api/daily/wwfzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'zxhkzmkj',
    sub: null,
    label: '注销户口并开具证明',
    sector: 7,
    moveOutSubSector: 7,
    route: '/move-out/c-issued',
    api: '/api/daily/zxhkzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'xlzkbg',
    sub: null,
    label: '学历变更',
    sector: 8,
    moveOutSubSector: null,
    route: '/change/education',
    api: '/api/daily/xlzkbg',
    appointment: false,
    delivery: false,
  },
  {
    code: 'hyzkbg',
    sub: null,
    label: '婚姻状况变更',
    sector: 8,
    moveOutSubSector: null,
    route: '/change/marriage',
    api: '/api/daily/hyzkbg',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qtbs',
    sub: null,
    label: '其他业务',
    sector: null,
    moveOutSubSector: null,
    route: '/other',
    api: '/api/qhqt/qtbs',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qtbs',
    sub: 'change',
    label: '其他信息变更',
    sector: 8,
    moveOutSubSector: null,
    route: '/change/other',
    api: '/api/qhqt/qtbs',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianru',
    sub: '1',
    label: '博士后迁入',
    sector: 4,
    moveOutSubSector: null,
    route: '/move-in-dr',
    api: '/api/qianru',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianru',
    sub: '2',
    label: '教职工迁入',
    sector: 6,
    moveOutSubSector: null,
    route: '/move-in-staff',
    api: '/api/qianru',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianru',
    sub: '3',
    label: '家属随迁',
    sector: 6,
    moveOutSubSector: null,
    route: '/move-in-staff-m',
    api: '/api/qianru',
    appointment: false,
    delivery: false,
  },
  {
    code: 'yingxin',
    sub: null,
    label: '新生迁入',
    sector: 5,
    moveOutSubSector: null,
    route: '/move-in-new',
    api: '/api/yingxin',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'graduate',
    label: '毕业生迁出',
    sector: 7,
    moveOutSubSector: 0,
    route: '/move-out/graduate',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'reassignment',
    label: '毕业生改派',
    sector: 7,
    moveOutSubSector: 0,
    route: '/move-out/reassignment',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'post-doctoral',
    label: '博士后迁出',
    sector: 7,
    moveOutSubSector: 1,
    route: '/move-out/post-doctoral',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'staff',
    label: '教职工(含家属)迁出',
    sector: 7,
    moveOutSubSector: 2,
    route: '/move-out/staff',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'leave-school',
    label: '退学休学迁出',
    sector: 7,
    moveOutSubSector: 3,
    route: '/move-out/leave-school',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'move-out',
    label: '迁出',
    sector: 7,
    moveOutSubSector: null,
    route: '/move-out/move-out',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qyzyq',
    sub: null,
    label: '迁移证延期',
    sector: 7,
    moveOutSubSector: 4,
    route: '/move-out/postpone',
    api: '/api/daily/qyzyq',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qyzbg',
    sub: null,
    label: '迁移证地址变更',
    sector: 7,
    moveOutSubSector: 5,
    route: '/move-out/change',
    api: '/api/daily/qyzbg',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qykbb',
    sub: null,
    label: '迁移证补办',
    sector: 7,
    moveOutSubSector: 6,
    route: '/move-out/mc-card',
    api: '/api/daily/qykbb',
    appointment: false,
    delivery: false,
  },
];

/** The guide code of a kind (GET /api/guide/{code}): the ServiceCode, or `<code>-<sub>` for a sub-service. */
export const guideCodeOf = (kind: { code: string; sub: string | null }) => (kind.sub ? `${kind.code}-${kind.sub}` : kind.code);

/** One status table for every application (services.md). */
export const applicationStatuses: readonly ApplicationStatus[] = [
  { code: 1, label: '已提交', color: '#1677ff', tone: 'info', final: false },
  { code: 2, label: '审核中', color: '#faad14', tone: 'warning', final: false },
  { code: 3, label: '退回修改', color: '#fa8c16', tone: 'warning', final: false },
  { code: 4, label: '办理中', borrowLabel: '已借出', color: '#791cb5', tone: 'primary', final: false },
  { code: 5, label: '待领取', color: '#13c2c2', tone: 'info', final: false },
  { code: 6, label: '已寄出', color: '#13c2c2', tone: 'info', final: false },
  { code: 7, label: '已办结', borrowLabel: '已归还', color: '#52c41a', tone: 'success', final: true },
  { code: 8, label: '未通过', color: '#f5222d', tone: 'danger', final: true },
  { code: 9, label: '已撤销', color: '#999999', tone: 'muted', final: true },
];

/**
 * Allowed transitions; anything else is refused. The user submits (→1), resubmits after a return (3→1) and
 * withdraws (1/3→9); staff do the rest (the console's table: 2 from 1; 3 from 1, 2; 4 from 1, 2; 5 and 6 from 2, 4;
 * 7 from 4, 5, 6; 8 from 1, 2, 4).
 */
export const applicationStatusTransitions: readonly StatusTransition[] = [
  { from: 1, to: 9, by: 'user', noteRequired: false },
  { from: 3, to: 1, by: 'user', noteRequired: false },
  { from: 3, to: 9, by: 'user', noteRequired: false },
  { from: 1, to: 2, by: 'staff', noteRequired: false },
  { from: 1, to: 3, by: 'staff', noteRequired: true },
  { from: 2, to: 3, by: 'staff', noteRequired: true },
  { from: 1, to: 4, by: 'staff', noteRequired: false },
  { from: 2, to: 4, by: 'staff', noteRequired: false },
  { from: 2, to: 5, by: 'staff', noteRequired: false },
  { from: 4, to: 5, by: 'staff', noteRequired: false },
  { from: 2, to: 6, by: 'staff', noteRequired: false },
  { from: 4, to: 6, by: 'staff', noteRequired: false },
  { from: 4, to: 7, by: 'staff', noteRequired: false },
  { from: 5, to: 7, by: 'staff', noteRequired: false },
  { from: 6, to: 7, by: 'staff', noteRequired: false },
  { from: 1, to: 8, by: 'staff', noteRequired: true },
  { from: 2, to: 8, by: 'staff', noteRequired: true },
  { from: 4, to: 8, by: 'staff', noteRequired: true },
];

/** What staff type in for a transition besides a note: pickup place and time, courier and waybill, a return date. */
export type HandlingInput = 'lqdd' | 'lqsj' | 'kdgs' | 'kddh' | 'ghrq';

/**
 * The inputs a move to `to` requires (one table for the console's form and the service's check): 待领取 the place and
 * time, 已寄出 the courier and waybill, and lending a household card (借用户口卡 to 办理中) its return date when the
 * application has none yet.
 */
export function handlingRequired(to: number, opts: { borrowWithoutDue?: boolean } = {}): HandlingInput[] {
  if (to === 5) return ['lqdd', 'lqsj'];
  if (to === 6) return ['kdgs', 'kddh'];
  if (to === 4 && opts.borrowWithoutDue) return ['ghrq'];
  return [];
}

/** The statuses by name (the numbers of the status table above). */
export const Status = {
  submitted: 1,
  reviewing: 2,
  returned: 3,
  handling: 4,
  awaitingPickup: 5,
  mailed: 6,
  done: 7,
  refused: 8,
  withdrawn: 9,
} as const;

/** The user may edit (and withdraw) an application while it is 已提交 or 退回修改. */
export const EDITABLE: readonly number[] = [Status.submitted, Status.returned];

/** What the services answer about applications (contract text). */
export const MSG = {
  notFound: '申请不存在',
  duplicate: '您已有正在办理的该项业务，请勿重复提交',
  full: '该日期名额已满，请选择其他日期',
  cannotEdit: '当前状态不能修改',
  cannotCancel: '当前状态不能撤销',
  notAllowed: '当前状态不允许该操作',
  changed: '申请状态已变化，请刷新后重试',
  attachment: '附件不存在或已失效，请重新上传',
  cannotContinue: '当前申请不能继续提交',
} as const;

export const kindOf = (kind: string, sub: string) => applicationKinds.find((k) => k.code === kind && (k.sub ?? '') === sub);

export const kindName = (kind: string, sub = '') => kindOf(kind, sub)?.label ?? kindOf(kind, '')?.label ?? kind;

/** 借用户口卡 shows 4 and 7 as 已借出 and 已归还. */
export function statusName(kind: string, status: number): string {
  const def = applicationStatuses.find((s) => s.code === status);
  return (kind === 'hkkjy' ? def?.borrowLabel : undefined) ?? def?.label ?? String(status);
}

/** Codes that have only sub-services: the name of the family, for lists and filters by code. */
const FAMILY_NAMES: Partial<Record<ServiceCode, string>> = { qianru: '迁入', qianchu: '迁出' };

/** The name of each ServiceCode as a whole (the filter of 我的申请, the console's lists): its kind, or its family. */
export const serviceNames = Object.fromEntries(
  serviceCodes.map((code) => [code, applicationKinds.find((k) => k.code === code && k.sub === null)?.label ?? FAMILY_NAMES[code]!]),
) as Record<ServiceCode, string>;
