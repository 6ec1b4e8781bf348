import type { Schemas } from '@/api/client';
import type { RouteKey } from '@/config/paths';

export type ServiceCode = Schemas['ServiceCode'];
export type AppStatus = Schemas['AppStatus'];

/** Application kinds (ServiceCode) with their labels, for the filter. */
export const kinds: { value: ServiceCode; label: string }[] = [
  { value: 'hkkjy', label: '借用户口卡' },
  { value: 'sfzbl', label: '身份证办理' },
  { value: 'hkkbb', label: '户口卡补办' },
  { value: 'hjzmkj', label: '户籍证明开具' },
  { value: 'wfzzmkj', label: '无犯罪记录证明' },
  { value: 'wwfzmkj', label: '无违法证明' },
  { value: 'zxhkzmkj', label: '注销户口并开具证明' },
  { value: 'hyzkbg', label: '婚姻状况变更' },
  { value: 'xlzkbg', label: '学历变更' },
  { value: 'qtbs', label: '其他业务' },
  { value: 'qianru', label: '迁入' },
  { value: 'yingxin', label: '新生迁入' },
  { value: 'qianchu', label: '迁出' },
  { value: 'qyzyq', label: '迁移证延期' },
  { value: 'qyzbg', label: '迁移证地址变更' },
  { value: 'qykbb', label: '迁移证补办' },
];

/** The status table of services.md; colours chosen for contrast on a light tint. */
export const statuses: { value: AppStatus; label: string; color: string }[] = [
  { value: 1, label: '已提交', color: '#0958d9' },
  { value: 2, label: '审核中', color: '#ad6800' },
  { value: 3, label: '退回修改', color: '#d4380d' },
  { value: 4, label: '办理中', color: '#791cb5' },
  { value: 5, label: '待领取', color: '#08979c' },
  { value: 6, label: '已寄出', color: '#08979c' },
  { value: 7, label: '已办结', color: '#389e0d' },
  { value: 8, label: '未通过', color: '#cf1322' },
  { value: 9, label: '已撤销', color: '#666666' },
];

export const statusOf = (status: number) => statuses.find((s) => s.value === status);

const moveOutRoutes: Record<string, RouteKey> = {
  graduate: 'moveOutGraduate',
  'post-doctoral': 'moveOutPostDoctoral',
  staff: 'moveOutStaff',
  'leave-school': 'moveOutLeaveSchool',
  'move-out': 'moveOutMoveOut',
  reassignment: 'moveOutReassignment',
};
const moveInRoutes: Record<string, RouteKey> = { '1': 'moveInDr', '2': 'moveInStaff', '3': 'moveInStaffM' };
const formRoutes: Partial<Record<ServiceCode, RouteKey>> = {
  hkkjy: 'borrow',
  sfzbl: 'certifIdCard',
  hkkbb: 'certifHrCard',
  hjzmkj: 'proveHrIssued',
  wfzzmkj: 'proveCIssued',
  wwfzmkj: 'proveNIssued',
  zxhkzmkj: 'moveOutCIssued',
  hyzkbg: 'changeMarriage',
  xlzkbg: 'changeEducation',
  yingxin: 'moveInNew',
  qyzyq: 'moveOutPostpone',
  qyzbg: 'moveOutChange',
  qykbb: 'moveOutMcCard',
};

/** The form screen of an application (for 修改 with edit=1). */
export function formRoute(kind: ServiceCode, sub: string | null | undefined): RouteKey | undefined {
  if (kind === 'qianchu') return sub ? moveOutRoutes[sub] : undefined;
  if (kind === 'qianru') return sub ? moveInRoutes[sub] : undefined;
  if (kind === 'qtbs') return sub === 'change' ? 'changeOther' : 'other';
  return formRoutes[kind];
}
