// The session cache (server/lib/session-cache.ts): a signed-in request usually resolves its token without the
// database; every change to a session or its user evicts it, in this instance at once and in the others through
// PostgreSQL's LISTEN/NOTIFY.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { referenceCache } from '../../server/lib/reference-cache.ts';
import { SESSION_CACHE_MS, sessionCache } from '../../server/lib/session-cache.ts';
import { randomToken, sha256 } from '../../server/lib/crypto.ts';
import { hashPresentedToken, hashToken } from '../../server/services/sessions.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const userinfo = (token: string) => t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} });
const waitFor = async (ok: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!ok() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

describe('session cache', () => {
  it('answers the second request of a session from the cache; signing out refuses the token at once', async () => {
    await waitFor(() => sessionCache.enabled, 5000);
    expect(sessionCache.enabled).toBe(true);
    const token = await t.login(demo.undergraduate.phone);
    expect((await userinfo(token)).status).toBe(200);
    const hits = sessionCache.hits;
    expect((await userinfo(token)).status).toBe(200);
    expect(sessionCache.hits).toBe(hits + 1);
    // Signing out evicts it: the next request with the token is refused.
    expect((await t.json({ method: 'POST', url: '/api/logout', token, payload: {} })).status).toBe(200);
    expect((await userinfo(token)).status).toBe(401);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a session ended by another instance (its notification) is refused here too',
    async () => {
      const token = await t.login(demo.master.phone);
      expect((await userinfo(token)).status).toBe(200);
      // Another instance deletes the session: this one, not told, still has it in its cache…
      await t.app.db.execute(sql`delete from sessions where token_hash = ${hashToken(token)}`);
      expect((await userinfo(token)).status).toBe(200);
      // …until the notification the other instance sends with its change arrives.
      const other = new pg.Client({ connectionString: await databaseUrlOf(t) });
      await other.connect();
      await other.query(`select pg_notify('hukou_cache', $1)`, [`t:${hashToken(token)}`]);
      await other.end();
      let status = 200;
      for (let i = 0; i < 50 && status !== 401; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await userinfo(token)).status;
      }
      expect(status).toBe(401);
    },
  );
});

describe('the hash of a presented token', () => {
  it('is its sha256 (as stored), also when remembered from an earlier request and for a token too long to remember', () => {
    const token = randomToken(32);
    expect(hashPresentedToken(token)).toBe(sha256(token));
    expect(hashPresentedToken(token)).toBe(sha256(token));
    const long = 'x'.repeat(200);
    expect(hashPresentedToken(long)).toBe(sha256(long));
    expect(hashPresentedToken(long)).toBe(hashToken(long));
  });
});

describe('sessions looked up together', () => {
  it('are one query, and each request gets its own user', async () => {
    const phones = [demo.undergraduate, demo.master, demo.doctoral, demo.postdoc, demo.staff].map((a) => a.phone);
    const ids = await Promise.all(
      phones.map(async (phone) => {
        const found = (await t.app.db.execute(sql`select id from users where phone = ${phone}`)) as unknown as { rows: { id: number }[] };
        return found.rows[0]!.id;
      }),
    );
    const tokens = await Promise.all(ids.map((id) => t.app.services.sessions.create(id, '1', '127.0.0.1')));
    const lookups = vi.spyOn(t.app.repos.sessions, 'findActive');
    try {
      const answers = await Promise.all(tokens.map((token) => userinfo(token)));
      const names = (await Promise.all(ids.map((id) => t.app.repos.users.findById(id)))).map((u) => u!.name);
      expect(answers.map((a) => a.body.data.xm)).toEqual(names);
      expect(lookups.mock.calls.length).toBeLessThan(5);
      expect(lookups.mock.calls.flatMap((c) => c[0])).toHaveLength(5);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe('sliding renewal', () => {
  const row = async (token: string) =>
    (
      (await t.app.db.execute(sql`select last_seen_at, expires_at from sessions where token_hash = ${hashToken(token)}`)) as unknown as {
        rows: { last_seen_at: string | Date; expires_at: string | Date }[];
      }
    ).rows[0];
  const ms = (v: string | Date) => new Date(v).getTime();

  it('is written after the request, several sessions in one statement, and slides the expiry 7 days', async () => {
    const a = await t.login(demo.undergraduate.phone);
    const b = await t.login(demo.master.phone);
    const before = await row(a);
    t.clock.advance(120);
    expect((await userinfo(a)).status).toBe(200);
    expect((await userinfo(b)).status).toBe(200);
    // Not written by the requests themselves…
    expect(ms((await row(a))!.last_seen_at)).toBe(ms(before!.last_seen_at));
    // …but together, within a second.
    await t.app.services.sessions.flush();
    for (const token of [a, b]) {
      const after = (await row(token))!;
      expect(ms(after.last_seen_at)).toBeGreaterThanOrEqual(ms(before!.last_seen_at) + 120_000);
      expect(ms(after.expires_at)).toBe(ms(after.last_seen_at) + 7 * 24 * 3600 * 1000);
    }
  });

  it('never brings back a session that ended before the renewal was written', async () => {
    const token = await t.login(demo.undergraduate.phone);
    t.clock.advance(120);
    expect((await userinfo(token)).status).toBe(200); // a renewal is now pending
    // Meanwhile an administrator forces it out (its expiry set in the past), on this instance or another.
    const ended = new Date(t.clock.now().getTime() - 1000);
    await t.app.db.execute(
      sql`update sessions set expires_at = ${ended.toISOString()}::timestamptz where token_hash = ${hashToken(token)}`,
    );
    await t.app.services.sessions.flush();
    expect(ms((await row(token))!.expires_at)).toBe(ended.getTime());
  });
});

describe('user record cache', () => {
  const myHousehold = async (token: string) =>
    (await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token })).body.data as Record<string, unknown>;

  it('answers the hot reads from the cached record; a change through the repositories is seen at once, one by hand after the notification', async () => {
    const token = await t.login(demo.undergraduate.phone);
    const me = (await t.app.db.execute(sql`select id from users where phone = ${demo.undergraduate.phone}`)) as unknown as {
      rows: { id: number }[];
    };
    const id = me.rows[0]!.id;
    // The first request of a session finds the record already read with the session (one round trip, not two).
    t.changedByHand();
    const fresh = await t.app.services.sessions.create(id, '1', '127.0.0.1');
    const first = sessionCache.recordHits;
    expect((await userinfo(fresh)).status).toBe(200);
    expect(sessionCache.recordHits).toBe(first + 1);
    const before = await myHousehold(token);
    const hits = sessionCache.recordHits;
    expect(await myHousehold(token)).toEqual(before);
    expect((await userinfo(token)).status).toBe(200);
    expect(sessionCache.recordHits).toBe(hits + 3); // 我的户籍: the record and the card out; user info: the record

    // Through the repository (as a finished move-in does): seen by the next read.
    const heard: string[] = [];
    const evict = sessionCache.onNotify.bind(sessionCache);
    const onNotify = vi.spyOn(sessionCache, 'onNotify').mockImplementation((payload) => {
      heard.push(payload);
      evict(payload);
    });
    await t.app.repos.users.updateHousehold(id, { collectiveAddress: '新校区学生公寓1号楼' });
    expect(JSON.stringify(await myHousehold(token))).toContain('新校区学生公寓1号楼');
    // On PostgreSQL the change's notification also comes back to this instance, a moment later, and evicts again: it
    // must have come before the change by hand below, or the read after that change would already see it.
    const own = () => heard.filter((p) => p.endsWith(`:${id}`)).length;
    for (let i = 0; i < 100 && process.env.TEST_DATABASE_URL && own() < 2; i++) await new Promise((r) => setTimeout(r, 20));
    onNotify.mockRestore();
    if (process.env.TEST_DATABASE_URL) expect(own()).toBe(2); // evicted here at once, then the notification
    expect(JSON.stringify(await myHousehold(token))).toContain('新校区学生公寓1号楼');

    // By hand: still the cached record until its eviction (an operator's notification; on PGlite, one process).
    await t.app.db.execute(sql`update household_records set collective_address = '手工改过的地址' where user_id = ${id}`);
    expect(JSON.stringify(await myHousehold(token))).toContain('新校区学生公寓1号楼');
    if (process.env.TEST_DATABASE_URL) {
      const other = new pg.Client({ connectionString: await databaseUrlOf(t) });
      await other.connect();
      await other.query(`select pg_notify('hukou_cache', $1)`, [`u:${id}`]);
      await other.end();
      let seen = '';
      for (let i = 0; i < 50 && !seen.includes('手工改过的地址'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = JSON.stringify(await myHousehold(token));
      }
      expect(seen).toContain('手工改过的地址');
    } else {
      t.changedByHand();
      expect(JSON.stringify(await myHousehold(token))).toContain('手工改过的地址');
    }
    // A caller changing what it got does not change what the next one reads.
    const found = await t.app.repos.users.withHousehold(id);
    found!.user.name = '改名';
    expect((await t.app.repos.users.withHousehold(id))!.user.name).not.toBe('改名');
  });

  it('takes the record that a session looked up again brings, once the cached one is past the age limit', async () => {
    const token = await t.login(demo.doctoral.phone);
    expect((await userinfo(token)).status).toBe(200);
    // 31 s on: the session and the record are both past SESSION_CACHE_MS. The session is looked up again, with its
    // user's record in the same query; the read then uses that record rather than asking the database for it again.
    const now = performance.now.bind(performance);
    const later = vi.spyOn(performance, 'now').mockImplementation(() => now() + SESSION_CACHE_MS + 1000);
    try {
      const misses = sessionCache.misses;
      const hits = sessionCache.recordHits;
      expect((await userinfo(token)).status).toBe(200);
      expect(sessionCache.misses).toBe(misses + 1);
      expect(sessionCache.recordHits).toBe(hits + 1);
    } finally {
      later.mockRestore();
    }
  });
});

describe('notices cache', () => {
  const unread = async (token: string) =>
    (await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?isRead=0&pageSize=1', token })).body.total as number;

  it('answers a repeated notice page from the cache; a new notice and marking read are seen at once', async () => {
    const token = await t.login(demo.master.phone);
    const me = (await t.app.db.execute(sql`select id from users where phone = ${demo.master.phone}`)) as unknown as {
      rows: { id: number }[];
    };
    const id = me.rows[0]!.id;
    const before = await unread(token);
    const hits = sessionCache.recordHits;
    expect(await unread(token)).toBe(before);
    expect(sessionCache.recordHits).toBeGreaterThan(hits);

    await t.app.services.notices.notify(id, { type: 'system', title: '缓存测试', content: '一条新消息' });
    expect(await unread(token)).toBe(before + 1);
    const marked = await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', token, payload: { all: true } });
    expect(marked.body.data.unread).toBe(0);
    expect(await unread(token)).toBe(0);
  });
});

describe('an eviction while a read is in flight', () => {
  it('keeps neither the session, the user data nor the reference data that the read saw', async () => {
    await waitFor(() => sessionCache.enabled, 5000);
    // A session read from the database, and meanwhile its token revoked (a logout on another request).
    const ticket = sessionCache.ticket();
    sessionCache.evictToken('in-flight');
    const user = { id: 1, rylb: '01', loginType: 'password', role: 'user', name: '甲', username: 'a', sessionId: 1 } as const;
    const now = new Date();
    sessionCache.set('in-flight', { user, userId: 1, staff: false, createdAt: now, lastSeenAt: now, expiresAt: now }, ticket);
    expect(sessionCache.get('in-flight')).toBeNull();

    // The user's data loaded, and meanwhile changed: the next read loads again.
    const db = {};
    let loads = 0;
    let release!: () => void;
    const slow = sessionCache.userData(db, -7, 'k', async () => {
      loads += 1;
      await new Promise<void>((r) => (release = r));
      return 'old';
    });
    await new Promise((r) => setTimeout(r, 0));
    sessionCache.evictData(-7);
    release();
    expect(await slow).toBe('old');
    expect(await sessionCache.userData(db, -7, 'k', async () => ((loads += 1), 'new'))).toBe('new');
    expect(loads).toBe(2);
    // Without an eviction the value is kept.
    expect(await sessionCache.userData(db, -7, 'k', async () => ((loads += 1), 'newer'))).toBe('new');

    // Reference data: readers that miss together share one load; an eviction while it runs keeps it out of the cache.
    let refLoads = 0;
    let releaseRef!: () => void;
    const slowRef = async () => {
      refLoads += 1;
      await new Promise<void>((r) => (releaseRef = r));
      return { label: 'old' };
    };
    const together = [referenceCache.read(db, true, 'dict_items', 'k', slowRef), referenceCache.read(db, true, 'dict_items', 'k', slowRef)];
    await new Promise((r) => setTimeout(r, 0));
    referenceCache.evictTable('dict_items');
    releaseRef();
    expect(await Promise.all(together)).toEqual([{ label: 'old' }, { label: 'old' }]);
    expect(refLoads).toBe(1);
    expect(await referenceCache.read(db, true, 'dict_items', 'k', async () => ((refLoads += 1), { label: 'new' }))).toEqual({
      label: 'new',
    });
    expect(refLoads).toBe(2);
  });
});

describe('reference cache', () => {
  const guideTitle = async () => (await t.json({ method: 'GET', url: '/api/guide/sfzbl' })).body.data.title as string;

  it('answers a repeated read of reference data from the cache; a change by hand is seen after its notification', async () => {
    const title = await guideTitle();
    const hits = referenceCache.hits;
    expect(await guideTitle()).toBe(title);
    expect(referenceCache.hits).toBeGreaterThan(hits);
    // Changed by hand (not through the console): still the cached title…
    await t.app.db.execute(sql`update service_guides set title = '手工改过的标题' where code = 'sfzbl'`);
    expect(await guideTitle()).toBe(title);
    // …until the notification an operator sends after such a change (on PGlite, one process: its eviction).
    if (process.env.TEST_DATABASE_URL) {
      const other = new pg.Client({ connectionString: await databaseUrlOf(t) });
      await other.connect();
      await other.query(`select pg_notify('hukou_cache', 'r:service_guides')`);
      await other.end();
      let seen = title;
      for (let i = 0; i < 50 && seen === title; i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await guideTitle();
      }
      expect(seen).toBe('手工改过的标题');
    } else {
      t.changedByHand();
      expect(await guideTitle()).toBe('手工改过的标题');
    }
  });
});

describe('the home tiles of a user', () => {
  const tilesOf = async (token: string) => (await t.json({ method: 'GET', url: '/api/userOpenSector', token })).body.data;

  it('are worked out once for the same tiles and settings, and follow the console and a change by hand (after its notification)', async () => {
    const token = await t.login(demo.master.phone);
    const before = await tilesOf(token);
    expect(await tilesOf(token)).toEqual(before);
    const admin = await createStaff(t, 'admin');
    const home = (await call(t, 'GET', '/api/admin/settings/home', admin.token)).body.data;
    const groups = (await call(t, 'GET', '/api/admin/sectors', admin.token)).body.data;
    const masters = groups.find((g: { rylb: string }) => g.rylb === '1').sectors;
    try {
      // Through the console: the same user sees the new tip and the new tiles at once.
      await call(t, 'PUT', '/api/admin/settings/home', admin.token, { ...home, tips: { ...home.tips, '1': '缓存后的新提示' } });
      expect((await tilesOf(token)).tips).toBe('缓存后的新提示');
      await call(t, 'PUT', '/api/admin/sectors/1', admin.token, { sectors: [{ sectorCode: '10', disabled: false }] });
      expect((await tilesOf(token)).openSectors.map((s: { sectorCode: string }) => s.sectorCode)).toEqual(['10']);
      // By hand: seen after the notification (another instance's, on PostgreSQL). Not asserted stale before it: the
      // console's own notifications may still be arriving and evict first.
      await t.app.db.execute(sql`update sectors set disabled = true where person_type = '1' and sector_code = '10'`);
      if (process.env.TEST_DATABASE_URL) {
        const other = new pg.Client({ connectionString: await databaseUrlOf(t) });
        await other.connect();
        await other.query(`select pg_notify('hukou_cache', 'r:sectors')`);
        await other.end();
        let disabled = false;
        for (let i = 0; i < 50 && !disabled; i++) {
          await new Promise((r) => setTimeout(r, 20));
          disabled = (await tilesOf(token)).openSectors[0].disabled;
        }
        expect(disabled).toBe(true);
      } else {
        t.changedByHand();
        expect((await tilesOf(token)).openSectors[0].disabled).toBe(true);
      }
    } finally {
      await call(t, 'PUT', '/api/admin/sectors/1', admin.token, { sectors: masters });
      await call(t, 'PUT', '/api/admin/settings/home', admin.token, home);
    }
    expect(await tilesOf(token)).toEqual(before);
  });
});

/** The test database's URL: the admin URL with this app's database name. */
async function databaseUrlOf(app: TestApp): Promise<string> {
  const result = (await app.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}
