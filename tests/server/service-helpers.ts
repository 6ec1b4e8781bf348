// Helpers of the service tests (applications, daily services, feedback): users made directly in the database,
// uploads, a delivery form, the days offered, and calls with an idempotency key.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { householdRecords, quotas } from '../../server/db/schema.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { daysAhead } from '../../server/services/appointments.ts';
import type { SmsMessage, SmsSender } from '../../server/services/sms.ts';
import type { TestApp } from './helpers.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface TestUser {
  id: number;
  token: string;
  phone: string;
  name: string;
}

export interface UserOptions {
  /** Household record: 'in' 在册 (default), 'out' 已迁出, 'none' no record. */
  household?: 'in' | 'out' | 'none';
  maritalStatusCode?: string;
  educationCode?: string;
}

let counter = 0;

/** A fresh user signed in without SMS (database and session service directly). */
export async function createUser(t: TestApp, opts: UserOptions = {}): Promise<TestUser> {
  counter += 1;
  const phone = `159${String(Number.parseInt(randomBytes(3).toString('hex'), 16) % 100000).padStart(5, '0')}${String(counter % 1000).padStart(3, '0')}`;
  const name = `测试用户${counter}`;
  const user = await t.app.repos.users.create({
    phone,
    name,
    personType: '1',
    studentNo: `T${phone}`,
    loginType: '1',
    maritalStatusCode: opts.maritalStatusCode ?? '10',
    educationCode: opts.educationCode ?? '21',
  });
  const household = opts.household ?? 'in';
  if (household !== 'none') {
    await t.app.db.insert(householdRecords).values({
      userId: user.id,
      status: household === 'in' ? '1' : '2',
      householdNo: '510000101',
      collectiveName: '示范大学学生集体户',
    });
  }
  const token = await t.app.services.sessions.create(user.id, '1', '127.0.0.1');
  return { id: user.id, token, phone, name };
}

export const uploadFor = async (t: TestApp, userId: number) => (await t.app.services.files.save(userId, PNG, 'scan.png')).id;

/** A 户口卡补办 (hkkbb) form of the user's, with the 遗失情况说明 it requires. */
export const reissueForm = async (t: TestApp, u: { id: number }, extra: Record<string, unknown> = {}) => ({
  bbyy: '遗失',
  lqfs: '0',
  lxdh: '13900000009',
  attachments: [{ fileId: await uploadFor(t, u.id), clmc: '遗失情况说明' }],
  ...extra,
});

/** The weekdays offered from the test clock's today (borrow dates, ID-card dates, delivery dates). */
export const offeredDays = (t: TestApp, ahead = 14) => daysAhead(chinaDate(t.clock.now()), ahead, true);

export const delivery = (t: TestApp) => ({
  pssj: offeredDays(t)[1]!,
  sjd: '0',
  ssl: '紫荆公寓5号楼',
  lxdh: '13900000001',
  sjrxm: '张三',
  sjrdh: '13900000002',
  ssq: { code: '110108', name: '北京市/市辖区/海淀区' },
  xxdz: '示范路1号',
});

/** Sets a day's places (total and remaining) of a kind and channel. */
export async function setQuota(t: TestApp, kind: string, channel: string, day: string, places: number) {
  await t.app.db
    .update(quotas)
    .set({ total: places, remaining: places })
    .where(and(eq(quotas.kind, kind), eq(quotas.channel, channel), eq(quotas.day, day)));
  // As the console's quota change does (a change behind the instance's back shows within a second).
  t.app.services.appointments.fullDays.clear();
}

export const quotaOf = async (t: TestApp, kind: string, channel: string, day: string) =>
  (await t.app.repos.quotas.find(kind, channel, day))!;

export const key = () => `k_${randomBytes(12).toString('hex')}`;

/** POST with a bearer token and optionally an idempotency key. */
export const post = (t: TestApp, url: string, token: string, payload: unknown = {}, idempotencyKey?: string) =>
  t.json({ method: 'POST', url, token, payload: payload as object, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

export const get = (t: TestApp, url: string, token: string) => t.json({ method: 'GET', url, token });

/** Moves an application along the status table as staff (the console arrives with a later issue). */
export const staffMoves = (
  t: TestApp,
  id: number,
  to: number,
  opts: Parameters<TestApp['app']['services']['applications']['transition']>[3] = {},
) => t.app.services.applications.transition(id, to, { role: 'staff', id: null }, opts);

/** An SMS sender that records messages (stands for a configured gateway). */
export function recordingSender(): SmsSender & { sent: { phone: string; text: string; message: SmsMessage }[] } {
  const sent: { phone: string; text: string; message: SmsMessage }[] = [];
  return {
    name: 'recording',
    sent,
    async send(phone, message) {
      sent.push({ phone, text: message.text, message });
    },
  };
}
