// The statement that files an application (server/repositories/filing.ts): everything or nothing in one round trip.
// On PostgreSQL (TEST_DATABASE_URL) the parallel filings run on separate pooled connections and meet on the quota row.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications, counters, idempotencyKeys, notices } from '../../server/db/schema.ts';
import { uniqueViolation } from '../../server/db/errors.ts';
import { filingRepo, REFERENCE_MARK, type Filing } from '../../server/repositories/filing.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser, key, offeredDays, quotaOf, setQuota } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// A day of its own for the counter, so the numbers of these tests follow each other whatever else the app filed.
const CHINA_DAY = '20991231';

function filing(userId: number, day: string | null, opts: { key?: string | null; kind?: string } = {}): Filing {
  const now = t.clock.now();
  const kind = opts.kind ?? 'sfzbl';
  return {
    slot: day ? { kind, channel: '2', day } : null,
    chinaDay: CHINA_DAY,
    application: {
      kind,
      sub: '',
      userId,
      status: 1,
      title: '身份证办理',
      answers: { blyy: '2', sfzjh: '110101199003070011' },
      attachments: [],
      slotDay: day,
      slotChannel: day ? '2' : null,
      dueOn: null,
      stage: null,
      createdAt: now,
      updatedAt: now,
    },
    event: { actorRole: 'user', actorId: userId, fromStatus: null, toStatus: 1, at: now },
    notice: { type: 'apply', title: `已提交 ${REFERENCE_MARK}`, content: `申请编号 ${REFERENCE_MARK}，请留意办理进度。`, createdAt: now },
    key: opts.key === null ? null : { userId, operation: 'addSfzbl', key: opts.key ?? key(), requestHash: 'a'.repeat(64), createdAt: now },
  };
}

/** What the filings of a user left: applications, events, notices, keys; and the test day's counter. */
async function leftBy(userId: number) {
  const db = t.app.db;
  const [apps] = await db.select({ n: count() }).from(applications).where(eq(applications.userId, userId));
  const [events] = await db.select({ n: count() }).from(applicationEvents).where(eq(applicationEvents.actorId, userId));
  const [sent] = await db.select({ n: count() }).from(notices).where(eq(notices.userId, userId));
  const [keys] = await db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  const [counter] = await db
    .select()
    .from(counters)
    .where(eq(counters.name, `sqbh:${CHINA_DAY}`));
  return { apps: apps!.n, events: events!.n, notices: sent!.n, keys: keys!.n, numbers: counter?.value ?? 0 };
}

const day = (i: number) => offeredDays(t)[i]!;

describe('filing an application in one statement', () => {
  it('takes the place and the next number, and writes the application, its event, the notice with that number and the key', async () => {
    const u = await createUser(t);
    await setQuota(t, 'sfzbl', '2', day(2), 2);
    const before = await leftBy(u.id);
    const k = key();
    const filed = await filingRepo(t.app.db).file(filing(u.id, day(2), { key: k }));
    expect(filed).not.toBeNull();
    const { app, remaining } = filed!;
    expect(remaining).toBe(1);
    expect(app.referenceNo).toBe(`HJ${CHINA_DAY}${String(before.numbers + 1).padStart(6, '0')}`);
    expect(app).toMatchObject({ userId: u.id, kind: 'sfzbl', status: 1, slotDay: day(2), slotChannel: '2', version: 1 });
    expect(app.createdAt).toBeInstanceOf(Date);
    // The answers are stored sealed and read back open.
    expect(app.answers).toEqual({ blyy: '2', sfzjh: '110101199003070011' });
    const [stored] = await t.app.db.select({ answers: applications.answers }).from(applications).where(eq(applications.id, app.id));
    expect(JSON.stringify(stored!.answers)).not.toContain('110101199003070011');
    const [notice] = await t.app.db.select().from(notices).where(eq(notices.applicationId, app.id));
    expect(notice).toMatchObject({
      userId: u.id,
      title: `已提交 ${app.referenceNo}`,
      content: `申请编号 ${app.referenceNo}，请留意办理进度。`,
      applicationNo: app.referenceNo,
    });
    const [event] = await t.app.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, app.id));
    expect(event).toMatchObject({ actorRole: 'user', actorId: u.id, fromStatus: null, toStatus: 1 });
    const [claimed] = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, u.id), eq(idempotencyKeys.key, k)));
    expect(claimed!.resourceId).toBe(app.id);
    expect(await leftBy(u.id)).toEqual({ apps: 1, events: 1, notices: 1, keys: 1, numbers: before.numbers + 1 });
    expect((await quotaOf(t, 'sfzbl', '2', day(2))).remaining).toBe(1);
  });

  it('without a place left it writes nothing and takes no number', async () => {
    const u = await createUser(t);
    await setQuota(t, 'sfzbl', '2', day(3), 0);
    const before = await leftBy(u.id);
    expect(await filingRepo(t.app.db).file(filing(u.id, day(3)))).toBeNull();
    expect(await leftBy(u.id)).toEqual(before);
  });

  it('a key another request claimed, or an application in progress, fails the whole statement: the place stays', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    await setQuota(t, 'sfzbl', '2', day(4), 5);
    const repo = filingRepo(t.app.db);
    const k = key();
    await repo.file(filing(a.id, day(4), { key: k }));
    const before = { a: await leftBy(a.id), remaining: (await quotaOf(t, 'sfzbl', '2', day(4))).remaining };
    // The same key again (another kind, so only the key collides).
    const sameKey = await repo.file(filing(a.id, null, { key: k, kind: 'hkkjy' })).catch((err: unknown) => err);
    expect(uniqueViolation(sameKey)).toBe('idempotency_keys_user_id_operation_key_pk');
    // A second application of the kind in progress, with a key of its own.
    const twice = await repo.file(filing(a.id, day(4))).catch((err: unknown) => err);
    expect(uniqueViolation(twice)).toBe('applications_one_active_uq');
    expect(await leftBy(a.id)).toEqual(before.a);
    expect((await quotaOf(t, 'sfzbl', '2', day(4))).remaining).toBe(before.remaining);
    // Someone else still books.
    expect((await repo.file(filing(b.id, day(4))))!.remaining).toBe(before.remaining - 1);
  });

  it('files without a place and without a key', async () => {
    const u = await createUser(t);
    const filed = await filingRepo(t.app.db).file(filing(u.id, null, { key: null, kind: 'hkkjy' }));
    expect(filed!.remaining).toBeNull();
    expect(filed!.app).toMatchObject({ kind: 'hkkjy', slotDay: null });
    expect(await leftBy(u.id)).toMatchObject({ apps: 1, events: 1, notices: 1, keys: 0 });
  });

  it('a burst of parallel filings of one day takes exactly its places, the numbers one after another', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    await setQuota(t, 'sfzbl', '2', day(5), 3);
    const before = await leftBy(users[0]!.id);
    // Straight to the database, past the instance's queue of the day (services/application-submission.ts): as the
    // bookings of several instances meet on the quota row.
    const filed = await Promise.all(users.map((u) => filingRepo(t.app.db).file(filing(u.id, day(5)))));
    const taken = filed.filter((f) => f !== null);
    expect(taken).toHaveLength(3);
    expect(taken.map((f) => f.remaining).sort()).toEqual([0, 1, 2]);
    const numbers = taken.map((f) => Number(f.app.referenceNo.slice(-6))).sort((x, y) => x - y);
    expect(numbers).toEqual([before.numbers + 1, before.numbers + 2, before.numbers + 3]);
    expect((await quotaOf(t, 'sfzbl', '2', day(5))).remaining).toBe(0);
    const refused = users.filter((_, i) => filed[i] === null);
    for (const u of refused) expect(await leftBy(u.id)).toMatchObject({ apps: 0, events: 0, notices: 0, keys: 0 });
  });

  it('several filings of one day in one statement: all take their places in the order given, with consecutive numbers', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    await setQuota(t, 'sfzbl', '2', day(6), 5);
    const before = await leftBy(users[0]!.id);
    const keys = users.map((_, i) => (i === 2 ? null : key()));
    const filings = users.map((u, i) => filing(u.id, day(6), { key: keys[i] }));
    const filed = await filingRepo(t.app.db).fileMany(filings[0]!.slot!, CHINA_DAY, filings);
    expect(filed).toHaveLength(4);
    expect(filed!.map((f) => f.app.userId)).toEqual(users.map((u) => u.id));
    expect(filed!.map((f) => Number(f.app.referenceNo.slice(-6)))).toEqual([1, 2, 3, 4].map((n) => before.numbers + n));
    expect(filed!.every((f) => f.remaining === 1)).toBe(true);
    expect((await quotaOf(t, 'sfzbl', '2', day(6))).remaining).toBe(1);
    for (const [i, f] of filed!.entries()) {
      expect(f.app).toMatchObject({ kind: 'sfzbl', status: 1, slotDay: day(6), slotChannel: '2', version: 1, attachments: [] });
      expect(f.app.createdAt).toBeInstanceOf(Date);
      expect(f.app.answers).toEqual({ blyy: '2', sfzjh: '110101199003070011' });
      expect(await leftBy(users[i]!.id)).toMatchObject({ apps: 1, events: 1, notices: 1, keys: i === 2 ? 0 : 1 });
      const [notice] = await t.app.db.select().from(notices).where(eq(notices.applicationId, f.app.id));
      expect(notice).toMatchObject({ userId: users[i]!.id, title: `已提交 ${f.app.referenceNo}`, applicationNo: f.app.referenceNo });
      const [event] = await t.app.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, f.app.id));
      expect(event).toMatchObject({ actorRole: 'user', actorId: users[i]!.id, toStatus: 1 });
    }
    const [stored] = await t.app.db
      .select({ answers: applications.answers })
      .from(applications)
      .where(eq(applications.id, filed![0]!.app.id));
    expect(JSON.stringify(stored!.answers)).not.toContain('110101199003070011');
    const [claimed] = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, users[0]!.id), eq(idempotencyKeys.key, keys[0]!)));
    expect(claimed!.resourceId).toBe(filed![0]!.app.id);
  });

  it('several filings with fewer places left than filings write nothing; a unique violation fails them all', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    await setQuota(t, 'sfzbl', '2', day(7), 2);
    const repo = filingRepo(t.app.db);
    const before = await Promise.all(users.map((u) => leftBy(u.id)));
    const filings = users.map((u) => filing(u.id, day(7)));
    expect(await repo.fileMany(filings[0]!.slot!, CHINA_DAY, filings)).toBeNull();
    expect(await Promise.all(users.map((u) => leftBy(u.id)))).toEqual(before);
    expect((await quotaOf(t, 'sfzbl', '2', day(7))).remaining).toBe(2);
    // users[0] already has one in progress: the whole statement fails, the places stay.
    await repo.file(filing(users[0]!.id, null, { kind: 'sfzbl' }));
    const second = await leftBy(users[1]!.id);
    const failed = await repo.fileMany(filings[0]!.slot!, CHINA_DAY, filings.slice(0, 2)).catch((err: unknown) => err);
    expect(uniqueViolation(failed)).toBe('applications_one_active_uq');
    expect(await leftBy(users[1]!.id)).toEqual(second);
    expect((await quotaOf(t, 'sfzbl', '2', day(7))).remaining).toBe(2);
  });
});
