import type { Schemas } from '@/api/client';
import type { RouteKey } from '@shared/pages/paths';
import { SERVICE_NAMES, STATUSES } from '@shared/contract/domain';

export type ServiceCode = Schemas['ServiceCode'];
export type AppStatus = Schemas['AppStatus'];

/** Application kinds (ServiceCode) with their names, for the filter (the server's table, shared/contract/domain.ts). */
export const kinds = (Object.entries(SERVICE_NAMES) as [ServiceCode, string][]).map(([value, label]) => ({ value, label }));

/** Colours of the status table, chosen for contrast on a light tint. */
const STATUS_COLORS: Record<AppStatus, string> = {
  1: '#0958d9',
  2: '#ad6800',
  3: '#d4380d',
  4: '#791cb5',
  5: '#08979c',
  6: '#08979c',
  7: '#389e0d',
  8: '#cf1322',
  9: '#666666',
};

/** The status table of services.md (the server's, shared/contract/domain.ts) with its colours. */
export const statuses = STATUSES.map((s) => ({ value: s.value, label: s.label, color: STATUS_COLORS[s.value] }));

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
