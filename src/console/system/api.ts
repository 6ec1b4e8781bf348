// The calls of 系统's pages: 工作人员, 在线用户, 登录记录, 操作日志, 定时任务, 服务监控, 校园名册.
import { client, unwrap, type Schemas } from '@/api/client';
import type { BodyOf, QueryOf } from '../data';

/** The staff accounts (工作人员, and the staff an entry of 操作日志 names); `quiet`: without the loading layer. */
export const loadStaff = (quiet = false) => unwrap(client.GET('/api/admin/staff', quiet ? { loading: false } : {}));

export const createStaff = (body: BodyOf<'adminCreateStaff'>) => unwrap(client.POST('/api/admin/staff', { body }));

/** Changes an account (its name, role, enabled; `unlock` lifts its sign-in lock). */
export const updateStaff = (id: number, body: BodyOf<'adminUpdateStaff'>) =>
  unwrap(client.PUT('/api/admin/staff/{id}', { params: { path: { id } }, body }));

export const loadSessions = (query: QueryOf<'adminListOnlineSessions'>) =>
  unwrap(client.GET('/api/admin/online-sessions', { params: { query } }));

export const endSession = (id: number) => unwrap(client.DELETE('/api/admin/online-sessions/{id}', { params: { path: { id } } }));

export const loadLoginRecords = (query: QueryOf<'adminListLoginRecords'>) =>
  unwrap(client.GET('/api/admin/login-records', { params: { query } }));

export const loadAudit = (query: QueryOf<'adminListAudit'>) => unwrap(client.GET('/api/admin/audit', { params: { query } }));

export const loadJobs = () => unwrap(client.GET('/api/admin/jobs'));

export const runJob = (name: Schemas['JobName']) => unwrap(client.POST('/api/admin/jobs/{name}/run', { params: { path: { name } } }));

export const loadMonitor = () => unwrap(client.GET('/api/admin/monitor'));

export const loadRoster = () => unwrap(client.GET('/api/admin/roster'));

/** One batch of the roster's rows. */
export const importRoster = (rows: BodyOf<'adminImportRoster'>['rows']) => unwrap(client.POST('/api/admin/roster', { body: { rows } }));
