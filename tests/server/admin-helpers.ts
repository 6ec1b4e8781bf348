// Helpers of the staff-console tests: staff sign-in (image code always), staff accounts made directly,
// applications submitted as users, and calls with a token.
import type { TestApp } from './helpers.ts';
import { DEMO_PASSWORD, nextIp } from './helpers.ts';
import { createUser, post, type TestUser } from './service-helpers.ts';

export const DEMO_STAFF = { staff: 'staff01', admin: 'admin01' } as const;

/** Signs a staff member in through /api/admin/login (a fresh image code each time). */
export async function staffLogin(t: TestApp, username: string, password = DEMO_PASSWORD, ip = nextIp()): Promise<string> {
  const res = await staffLoginRaw(t, username, password, ip);
  if (res.body.code !== 200) throw new Error(`staff login failed for ${username}: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export async function staffLoginRaw(t: TestApp, username: string, password: string, ip = nextIp(), code?: string) {
  const img = await t.json({ method: 'GET', url: '/api/admin/captcha', remoteAddress: ip });
  const uuid = img.body.data.uuid as string;
  const text = (await t.json({ method: 'GET', url: `/__test__/captcha/${uuid}` })).body.data.text as string;
  return t.json({ method: 'POST', url: '/api/admin/login', payload: { username, password, uuid, code: code ?? text }, remoteAddress: ip });
}

let counter = 0;
/** A staff account made through the service (role staff = 办理员 or admin = 管理员) and its token. */
export async function createStaff(t: TestApp, role: 'staff' | 'admin' = 'staff') {
  counter += 1;
  const username = `t${role}${Date.now().toString(36)}${counter}`;
  const row = await t.app.services.staff.create({
    username,
    name: `${role === 'admin' ? '管理员' : '办理员'}${counter}`,
    role,
    password: DEMO_PASSWORD,
  });
  const token = await t.app.services.sessions.create(row.id, '1', '127.0.0.1', { staff: true });
  return { id: row.id, username, name: row.name, token };
}

/** Staff sessions end after 30 minutes idle: after moving the clock on, staff sign in again. */
export async function renew(t: TestApp, ...who: { id: number; token: string }[]) {
  for (const s of who) s.token = await t.app.services.sessions.create(s.id, '1', '127.0.0.1', { staff: true });
}

export const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.json({ method, url, ...(token ? { token } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A 其他业务 application of a fresh (or given) user: { user, id, sqbh }. */
export async function submitOther(t: TestApp, user?: TestUser) {
  const u = user ?? (await createUser(t));
  const res = await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '2', bsnr: '查询户籍信息', lxdh: '13900000009' });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return { user: u, id: res.body.data.id as number, sqbh: res.body.data.sqbh as string };
}

/** Moves an application through the console as the given staff token, with the version it has now. */
export async function act(t: TestApp, token: string, id: number, to: number, extra: Record<string, unknown> = {}) {
  const row = await t.app.repos.applications.findById(id);
  return call(t, 'POST', `/api/admin/applications/${id}/transition`, token, { to, expectedVersion: row?.version ?? 1, ...extra });
}
