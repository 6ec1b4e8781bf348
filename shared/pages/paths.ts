/** Router base (spec §9); the application itself is served at /web/. */
export const ROUTER_BASE = '/web';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Appends the defined query values to a path. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.set(k, String(v));
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}

export interface RouteDef {
  /** wouter pattern, relative to the base. */
  path: string;
  /** Chinese page title (document.title). */
  title: string;
  /** Builds a link to this route. */
  href: (query?: Query) => string;
  /** For alias routes kept so old links work: the route whose screen they show. */
  aliasOf?: string;
}

const route = (path: string, title: string, aliasOf?: string): RouteDef => ({
  path,
  title,
  href: (query) => withQuery(encodeURI(path), query),
  ...(aliasOf ? { aliasOf } : {}),
});

/** Every route of spec §2 (titles from the services sheet). */
export const paths = {
  login: route('/login', '登录'),
  register: route('/register', '注册'),
  forget: route('/forget', '找回密码'),
  home: route('/home', '办事服务'),
  applyList: route('/apply-list', '我的申请'),
  details: route('/details', '申请详情'),
  my: route('/my', '我的户籍'),
  info: route('/info', '个人信息'),
  news: route('/news', '消息通知'),
  announcement: route('/announcement', '通知公告'),
  contactInformation: route('/contact-information', '联系我们'),
  address: route('/address', '地址选择'),
  other: route('/other', '其他业务'),
  borrow: route('/borrow', '借用户口卡'),

  certif: route('/certif', '证件办理'),
  certifIdCard: route('/certif/id-card', '身份证办理'),
  certifHrCard: route('/certif/hr-card', '户口卡补办'),

  change: route('/change', '信息变更'),
  changeEducation: route('/change/education', '学历变更'),
  changeMarriage: route('/change/marriage', '婚姻状况变更'),
  changeOther: route('/change/other', '其他信息变更'),

  feedback: route('/feedback', '问答反馈'),
  feedbackAdd: route('/feedback/add', '我要提问'),
  feedbackAddCopy: route('/feedback/add copy', '我要提问', 'feedbackAdd'),
  feedbackDetail: {
    path: '/feedback/:id',
    title: '问答详情',
    href: (query?: Query) => withQuery(`/feedback/${encodeURIComponent(String(query?.id ?? ''))}`, { ...query, id: undefined }),
  } satisfies RouteDef,

  verify: {
    path: '/verify/:code',
    title: '文件核验',
    href: (query?: Query) => withQuery(`/verify/${encodeURIComponent(String(query?.code ?? ''))}`, { ...query, code: undefined }),
  } satisfies RouteDef,

  moveIn: route('/move-in', '迁入'),
  mIndex: route('/m-index', '迁入办理记录'),
  moveInNew: route('/move-in-new', '新生迁入'),
  moveInDr: route('/move-in-dr', '博士后迁入'),
  moveInStaff: route('/move-in-staff', '教职工迁入'),
  moveInStaffM: route('/move-in-staff-m', '教职工家属随迁'),
  mCr: route('/m-cr', '迁入信息确认'),
  moveInVoucher: route('/move-in-voucher', '迁入凭证'),

  moveOut: route('/move-out', '户口迁出'),
  moveOutGraduate: route('/move-out/graduate', '毕业生迁出'),
  moveOutPostDoctoral: route('/move-out/post-doctoral', '博士后迁出'),
  moveOutStaff: route('/move-out/staff', '教职工(含家属)迁出'),
  moveOutLeaveSchool: route('/move-out/leave-school', '退学休学迁出'),
  moveOutMoveOut: route('/move-out/move-out', '迁出'),
  moveOutReassignment: route('/move-out/reassignment', '毕业生改派'),
  moveOutPostpone: route('/move-out/postpone', '迁移证延期'),
  moveOutChange: route('/move-out/change', '迁移证地址变更'),
  moveOutMcCard: route('/move-out/mc-card', '迁移证补办'),
  moveOutCIssued: route('/move-out/c-issued', '注销户口并开具证明'),

  prove: route('/prove', '证明开具'),
  proveHrIssued: route('/prove/hr-issued', '户籍证明开具'),
  proveCIssued: route('/prove/c-issued', '无犯罪记录证明开具'),
  proveNIssued: route('/prove/n-issued', '无违法证明开具'),
  proveNIssuedCopy: route('/prove/n-issued copy', '无违法证明开具', 'proveNIssued'),
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof paths;

/** The service of each home tile by sector code (spec §3; 9 is the server's 其他业务). */
export const sectorRoutes: Record<string, RouteKey> = {
  0: 'feedback',
  1: 'certif',
  2: 'borrow',
  3: 'prove',
  4: 'moveInDr',
  5: 'moveInNew',
  6: 'moveInStaff',
  7: 'moveOut',
  8: 'change',
  9: 'other',
  10: 'announcement',
};

/** Move-out sub-sectors by index (spec §3). */
export const moveOutSubRoutes: RouteKey[] = [
  'moveOutGraduate',
  'moveOutPostDoctoral',
  'moveOutStaff',
  'moveOutLeaveSchool',
  'moveOutPostpone',
  'moveOutChange',
  'moveOutMcCard',
  'moveOutCIssued',
];

/**
 * Services whose screens exist. Home shows a sector tile only when its route is listed here;
 * each issue that lands a service screen adds its route key.
 */
export const builtServices: readonly RouteKey[] = [
  'announcement',
  'certif',
  'borrow',
  'prove',
  'change',
  'other',
  'feedback',
  'moveInDr',
  'moveInNew',
  'moveInStaff',
  'moveOut',
];

/** Tab bar routes (spec §2; their titles are the tab labels 办事服务, 我的申请, 我的户籍). */
export const tabs: RouteKey[] = ['home', 'applyList', 'my'];

export const showsTabBar = (path: string): boolean => /apply-list|my|home/.test(path);

/** The staff console (issue 5) lives under /admin with its own router, session and sign-in. */
export const ADMIN_BASE = '/admin';

export const isAdminPath = (path: string): boolean => /^\/admin(\/|$)/i.test(path);

/** Paths that work without login (spec §2, compared case-insensitively). */
export const publicPaths = ['/login', '/register', '/forget', '/announcement'];

/** The check page of an issued document (/verify/<code>): opened by anyone who scans the document's QR code. */
const VERIFY_PATH = /^\/verify\/[0-9a-z-]+\/?$/i;

export const isPublicPath = (path: string): boolean => publicPaths.includes(path.toLowerCase()) || VERIFY_PATH.test(path);

/** The route whose pattern matches a path (first match wins), for titles. */
export function routeForPath(path: string): RouteDef | undefined {
  for (const def of Object.values(paths) as RouteDef[]) {
    const pattern = new RegExp('^' + def.path.replace(/:[^/]+/g, '[^/]+') + '/?$', 'i');
    if (pattern.test(path)) return def;
  }
  return undefined;
}
