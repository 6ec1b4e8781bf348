// Shared data of the staff console tests (contract shapes: StaffAccount, AdminMeta, AdminApplication).
import { forgetStaff } from '@/console/staff';

export const staffAccount = {
  id: 2,
  username: 'staff01',
  name: '王办理',
  role: 'staff' as const,
  roleName: '办理员' as const,
  enabled: true,
  createdAt: '2026-11-01T09:00:00+08:00',
};

export const adminAccount = {
  ...staffAccount,
  id: 3,
  username: 'admin01',
  name: '李管理',
  role: 'admin' as const,
  roleName: '管理员' as const,
};

const labels = ['已提交', '审核中', '退回修改', '办理中', '待领取', '已寄出', '已办结', '未通过', '已撤销'];

export const adminMeta = {
  statuses: labels.map((label, i) => ({ code: i + 1, label, borrowLabel: i === 3 ? '已借出' : i === 6 ? '已归还' : null })),
  kinds: [
    { code: 'hkkjy', sub: null, label: '借用户口卡' },
    { code: 'sfzbl', sub: null, label: '身份证办理' },
    { code: 'qianchu', sub: 'graduate', label: '毕业生迁出' },
  ],
  transitions: [],
  ratings: [
    { score: 5, label: '非常满意' },
    { score: 4, label: '满意' },
    { score: 3, label: '基本满意' },
    { score: 2, label: '不满意' },
    { score: 1, label: '非常不满意' },
  ],
  personTypes: [{ rylb: '0', label: '本科生' }],
  sectors: [],
};

export const dashboard = {
  generatedAt: '2026-11-22T09:00:00+08:00',
  byService: [{ kind: 'sfzbl', kindName: '身份证办理', total: 3, counts: [{ status: 1, statusName: '已提交', count: 3 }] }],
  processing: [{ kind: 'sfzbl', kindName: '身份证办理', finished: 4, medianHours: 30 }],
  overdue: { waiting: 2, borrowedCards: 1, thresholdDays: 3 },
  ratings: { count: 5, average: 4.2, flagged: 1, pendingFollowUp: 1 },
};

const applicant = {
  userId: 7,
  xm: '张三',
  rylb: '0',
  rylbmc: '本科生',
  xh: '2023010101',
  gzzh: null,
  sfzjh: '1101**********1234',
  phone: '13800138001',
  dwmc: '计算机系',
  hkIn: true,
};

/** An application as adminGetApplication gives it (status 1, 已提交; ID numbers masked, the phone in full). */
export const adminApplication = (over: Record<string, unknown> = {}) => ({
  id: 5,
  sqbh: 'HJ20261121000005',
  kind: 'sfzbl',
  kindName: '身份证办理',
  status: 1,
  statusName: '已提交',
  title: '身份证办理 · 预约日期 2026-11-25',
  sub: null,
  createdAt: '2026-11-21T09:30:00+08:00',
  updatedAt: '2026-11-21T09:30:00+08:00',
  actions: [],
  answers: { blyy: '4', blfs: '1', yyrq: '2026-11-25', lxdh: '13800138001' },
  summary: [
    { label: '办理原因', value: '丢失补领', group: null },
    { label: '办理方式', value: '学校集中受理（户籍办代收代领）', group: null },
    { label: '预约日期', value: '2026年11月25日（星期三）', group: null },
    { label: '联系电话', value: '13800138001', group: null },
  ],
  attachments: [],
  events: [{ at: '2026-11-21T09:30:00+08:00', actor: { role: 'user', name: '张三' }, from: null, to: 1, note: null }],
  handling: {},
  version: 4,
  applicant,
  household: { hjzt: '1', hjztmc: '在册', hkIn: true, hh: '510000101', jthmc: '示范大学学生集体户' },
  transitions: [
    { to: 2, toName: '审核中', action: '开始审核', requires: [] },
    { to: 3, toName: '退回修改', action: '退回修改', requires: ['note'] },
    { to: 4, toName: '办理中', action: '受理', requires: [] },
    { to: 8, toName: '未通过', action: '不予通过', requires: ['note'] },
  ],
  blocked: [],
  rating: null,
  ...over,
});

export const queueRow = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  sqbh: `HJ20261121${String(id).padStart(6, '0')}`,
  kind: 'sfzbl',
  kindName: '身份证办理',
  status: 1,
  statusName: '已提交',
  title: '身份证办理 · 预约日期 2026-11-25',
  sub: null,
  createdAt: '2026-11-21T09:30:00+08:00',
  updatedAt: '2026-11-21T09:30:00+08:00',
  actions: [],
  version: 1,
  applicant: { ...applicant, phone: '138****8001' },
  waitingDays: 4,
  overdue: true,
  ...over,
});

/** The console's store starts empty in every test. */
export const resetConsole = () => forgetStaff();

/** Signs a staff member in (the console's own storage key) as the console finds it. */
export const signInStaff = (token = 'staff-tok') => localStorage.setItem('adminToken', token);
