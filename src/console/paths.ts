// The staff console's route table (issue 5). Paths are relative to the console's nested router
// (/web/admin); only the console's lazy chunks import this file, so the students' first load does not carry it.
import type { Schemas } from '@/api/types';
import { withQuery, type Query } from '@shared/pages/paths';

export type StaffRole = Schemas['StaffRole'];

export interface AdminRouteDef {
  /** wouter pattern inside the console. */
  path: string;
  /** Chinese page title. */
  title: string;
  href: (query?: Query) => string;
  /** 'admin': 管理员 only (menu and page); absent: every staff member. */
  role?: 'admin';
  /** Menu group; absent: not in the menu. */
  group?: MenuGroup;
}

export type MenuGroup = '办理' | '设置' | '内容' | '系统';

const route = (path: string, title: string, group?: MenuGroup, role?: 'admin'): AdminRouteDef => ({
  path,
  title,
  href: (query) => withQuery(path, query),
  ...(group ? { group } : {}),
  ...(role ? { role } : {}),
});

export const adminPaths = {
  login: route('/login', '工作人员登录'),
  dashboard: route('/', '概览', '办理'),
  queue: route('/applications', '待办队列', '办理'),
  application: {
    path: '/applications/:id',
    title: '申请详情',
    href: (query?: Query) => withQuery(`/applications/${encodeURIComponent(String(query?.id ?? ''))}`, { ...query, id: undefined }),
  } satisfies AdminRouteDef,
  borrowed: route('/borrowed-cards', '借出户口卡', '办理'),
  questions: route('/questions', '问答', '办理'),
  ratings: route('/ratings', '评价', '办理'),
  sectors: route('/settings/sectors', '首页板块', '设置', 'admin'),
  tips: route('/settings/tips', '提示与迎新时间', '设置', 'admin'),
  quotas: route('/settings/quotas', '预约名额', '设置', 'admin'),
  dicts: route('/settings/dicts', '字典', '设置', 'admin'),
  stations: route('/settings/police-stations', '派出所', '设置', 'admin'),
  collective: route('/settings/collective-households', '集体户', '设置', 'admin'),
  templates: route('/settings/notice-templates', '通知模板', '设置', 'admin'),
  guides: route('/content/guides', '办事指南', '内容', 'admin'),
  announcements: route('/content/announcements', '通知公告', '内容', 'admin'),
  banners: route('/content/banners', '轮播图', '内容', 'admin'),
  contact: route('/content/contact', '联系我们', '内容', 'admin'),
  staff: route('/staff', '工作人员', '系统', 'admin'),
  roster: route('/roster', '校园身份名册', '系统', 'admin'),
  audit: route('/audit', '审计日志', '系统', 'admin'),
  loginRecords: route('/login-records', '登录日志', '系统', 'admin'),
  sessions: route('/online-sessions', '在线用户', '系统', 'admin'),
  monitor: route('/monitor', '服务监控', '系统', 'admin'),
  jobs: route('/jobs', '定时任务', '系统', 'admin'),
  password: route('/password', '修改密码'),
} as const satisfies Record<string, AdminRouteDef>;

export type AdminRouteKey = keyof typeof adminPaths;

export const menuGroups: MenuGroup[] = ['办理', '设置', '内容', '系统'];

/** Whether a staff member of this role may open a route (and see it in the menu). */
export const allowed = (def: AdminRouteDef, role: StaffRole | undefined): boolean => !def.role || role === 'admin';
