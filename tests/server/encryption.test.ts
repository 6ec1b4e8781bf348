// ID numbers encrypted at rest: the cipher and its keys, the configuration, the columns as SQL sees them (never a clear
// ID number), look-ups and uniqueness through the keyed hash, the flows that show ID numbers (registration, sign-in,
// /api/userinfo, move-in, the staff console's audited full view), the start-up step that encrypts a database written
// before (idempotent), a wrong key refused at start, and one decryption per value actually read.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { migrationsFolder, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import { DataKeyError, prepareFieldEncryption } from '../../server/db/field-encryption.ts';
import * as schema from '../../server/db/schema.ts';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';
import { hashPassword } from '../../server/lib/crypto.ts';
import { FieldCipher, FieldCryptoError, KEY_FILE, isSealed, resolveDataKey } from '../../server/lib/field-crypto.ts';
import { createTestApp, demo, DEMO_PASSWORD, nextIp, PUBLIC_URL, TEST_DATA_KEY, type TestApp } from './helpers.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createPerson, idNumber, material, personOf, postdocMoveInReadyToFinish } from './movement-helpers.ts';
import { scratchDatabase } from './scratch-db.ts';
import { get, key, post, staffMoves } from './service-helpers.ts';

const testKey = Buffer.from(TEST_DATA_KEY, 'hex');
const cipher = new FieldCipher(testKey);
const ID_PATTERN = /\d{17}[\dXx]/;

/** A valid ID number of this test file, never the same twice. */
let serial = 0;
const newId = (birth = '19900101') => {
  serial += 1;
  const first17 = `320102${birth}${String(serial).padStart(3, '0')}`;
  return first17 + idNumberCheckDigit(first17);
};
/** One whose check character is X. */
const newIdWithX = (birth = '19900101') => {
  for (;;) {
    const id = newId(birth);
    if (id.endsWith('X')) return id;
  }
};

/** Rows of raw SQL (both drivers answer { rows }). */
const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every ID number column and answer as SQL sees them. */
async function storedValues(db: Database) {
  const users = await rowsOf<{ id: number; id_number: string | null; id_number_hash: string | null }>(
    db,
    sql`select id, id_number, id_number_hash from users order by id`,
  );
  const answers = await rowsOf<{ id: number; answers: string }>(db, sql`select id, answers::text as answers from applications order by id`);
  return { users, answers };
}

describe('the cipher', () => {
  it('seals with AES-256-GCM in the v1 format with a fresh IV each time, opens, and refuses tampering or another key', () => {
    const id = newId();
    const a = cipher.encrypt(id);
    const b = cipher.encrypt(id);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(3), 'base64')).toHaveLength(12 + 18 + 16);
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe(id);
    expect(cipher.decrypt(b)).toBe(id);

    const raw = Buffer.from(a.slice(3), 'base64');
    raw[15] = raw[15]! ^ 1;
    expect(() => cipher.decrypt(`v1:${raw.toString('base64')}`)).toThrow(FieldCryptoError);
    expect(() => new FieldCipher(randomBytes(32)).decrypt(a)).toThrow(FieldCryptoError);
    expect(() => cipher.decrypt(id)).toThrow(FieldCryptoError);
  });

  it('hashes with a key of its own: stable, case-insensitive on the check character, different under another key', () => {
    const id = newIdWithX();
    expect(cipher.hash(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(cipher.hash(id)).toBe(cipher.hash(` ${id.toLowerCase()} `));
    expect(cipher.hash(id)).not.toBe(new FieldCipher(randomBytes(32)).hash(id));
    // Neither a plain SHA-256 nor an HMAC under the secret itself: the hash key is derived (HKDF) apart from the encryption key.
    expect(cipher.hash(id)).not.toBe(createHash('sha256').update(id).digest('hex'));
    expect(cipher.hash(id)).not.toBe(createHmac('sha256', testKey).update(id).digest('hex'));
    expect(cipher.sealIdNumber(id.toLowerCase())).toEqual({ idNumber: expect.stringMatching(/^v1:/), idNumberHash: cipher.hash(id) });
    expect(cipher.decrypt(cipher.sealIdNumber(id.toLowerCase()).idNumber!)).toBe(id);
  });

  it('seals every answer field named sfzjh or …sfzjh at any depth, and opens them again', () => {
    const [a, b, c] = [newId(), newId(), newId()];
    const answers = { qrlx: '3', ryxx: { xm: '甲', sfzjh: a }, sqjs: [{ xm: '乙', sfzjh: b }], hzsfzjh: c };
    const sealed = cipher.sealAnswers(answers);
    expect(JSON.stringify(sealed)).not.toMatch(new RegExp(`${a}|${b}|${c}`));
    expect(sealed.ryxx.sfzjh).toMatch(/^v1:/);
    expect(sealed.sqjs[0]!.sfzjh).toMatch(/^v1:/);
    expect(sealed.hzsfzjh).toMatch(/^v1:/);
    expect(cipher.sealAnswers(sealed)).toEqual(sealed);
    expect(cipher.openAnswers(sealed)).toEqual(answers);
  });
});

describe('DATA_ENCRYPTION_KEY', () => {
  it('takes 32 bytes as 64 hex characters or base64, and says clearly what is wrong otherwise', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ DATA_ENCRYPTION_KEY: bytes.toString('hex') }).dataEncryptionKey).toEqual(bytes);
    expect(loadConfig({ DATA_ENCRYPTION_KEY: bytes.toString('base64') }).dataEncryptionKey).toEqual(bytes);
    expect(loadConfig({ DATA_ENCRYPTION_KEY: bytes.toString('base64url') }).dataEncryptionKey).toEqual(bytes);
    for (const bad of ['secret', 'ab'.repeat(31), randomBytes(16).toString('base64'), `${'ab'.repeat(32)}zz`]) {
      expect(() => loadConfig({ DATA_ENCRYPTION_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_ENCRYPTION_KEY: bad })).toThrow(
        /DATA_ENCRYPTION_KEY 必须是 32 字节的密钥：64 个十六进制字符或 base64/,
      );
    }
  });

  it('is required in production: the server refuses to start without it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEY is required with NODE_ENV=production/);
    expect(() => resolveDataKey({ nodeEnv: 'production', dataDir: mkdtempSync(join(tmpdir(), 'hukou-key-')) })).toThrow(ConfigError);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
        EMBEDDED_DATABASE: 'true',
        PASSWORD_SIGN_IN_ONLY: 'true',
        PUBLIC_URL: 'https://x.example',
      }).dataEncryptionKey,
    ).toEqual(testKey);
  });

  it('outside production without it, is generated once into DATA_DIR/data-encryption.key (mode 0600) with a warning', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'hukou-key-')), 'fresh');
    const lines: string[] = [];
    const log = { warn: (m: string) => lines.push(`warn ${m}`), info: (m: string) => lines.push(`info ${m}`) };
    const first = resolveDataKey({ nodeEnv: 'development', dataDir }, log);
    expect(first).toHaveLength(32);
    const file = join(dataDir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(lines).toEqual([expect.stringMatching(/^warn DATA_ENCRYPTION_KEY not set: generated .*back it up/)]);
    expect(resolveDataKey({ nodeEnv: 'development', dataDir }, log)).toEqual(first);
    expect(lines[1]).toMatch(/^warn DATA_ENCRYPTION_KEY not set: using/);
    // The configured key wins over the file.
    expect(resolveDataKey({ nodeEnv: 'development', dataDir, dataEncryptionKey: testKey })).toEqual(testKey);
    writeFileSync(file, 'not a key');
    expect(() => resolveDataKey({ nodeEnv: 'development', dataDir })).toThrow(/数据加密密钥文件无效/);
  });
});

describe('a running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.assertContract());
  afterAll(() => t?.close());

  /** No column and no answer holds a clear ID number; every stored one opens and matches its hash. */
  async function expectNothingInClear() {
    const { users, answers } = await storedValues(t.app.db);
    for (const u of users) {
      if (u.id_number === null) {
        expect(u.id_number_hash).toBeNull();
        continue;
      }
      expect(u.id_number).toMatch(/^v1:/);
      expect(u.id_number).not.toMatch(ID_PATTERN);
      expect(u.id_number_hash).toBe(cipher.hash(cipher.decrypt(u.id_number)));
    }
    for (const a of answers) expect(a.answers).not.toMatch(ID_PATTERN);
    return { users, answers };
  }

  it('the demo seed writes ciphertext and hashes; demo accounts sign in and see their masked ID number', async () => {
    const { users } = await expectNothingInClear();
    const plain = users.filter((u) => u.id_number).map((u) => cipher.decrypt(u.id_number!));
    expect(plain).toContain(demo.undergraduate.sfzjh);
    const token = await t.login(demo.undergraduate.phone);
    const info = await t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} });
    expect(info.body.data.sfzjh).toBe(`${demo.undergraduate.sfzjh.slice(0, 4)}**********${demo.undergraduate.sfzjh.slice(-4)}`);
    expect((await t.app.repos.users.findByIdNumber(demo.undergraduate.sfzjh))?.phone).toBe(demo.undergraduate.phone);
  });

  it('user info and 我的户籍 open a stored ID number once and keep only its masked form; a changed number is masked anew', async () => {
    const token = await t.login(demo.master.phone);
    const masked = (n: string) => `${n.slice(0, 4)}**********${n.slice(-4)}`;
    const opened = vi.spyOn(FieldCipher.prototype, 'decrypt');
    try {
      for (let i = 0; i < 5; i += 1) {
        const info = await t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} });
        expect(info.body.data.sfzjh).toBe(masked(demo.master.sfzjh));
      }
      // 我的户籍 shows it masked too, from the same record.
      for (let i = 0; i < 3; i += 1) {
        const my = await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token });
        expect(my.body.data.sfzjh).toBe(masked(demo.master.sfzjh));
      }
      expect(opened.mock.calls.length).toBeLessThanOrEqual(1);
      const user = (await t.app.repos.users.findByPhone(demo.master.phone))!;
      const changed = newId('19990909');
      await t.app.repos.users.update(user.id, { idNumber: changed });
      const info = await t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} });
      expect(info.body.data.sfzjh).toBe(masked(changed));
    } finally {
      opened.mockRestore();
    }
  });

  it('registration stores ciphertext; the same number (any case) is refused with the same message, also by the database', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const sfzjh = newId('20010203');
    const register = async (p: string, number: string) => {
      const { uuid, text } = await t.captcha();
      const permit = await t.json({
        method: 'POST',
        url: '/api/registerOrLogin/imgCodeVerify',
        payload: { phone: p, uuid, code: text },
        remoteAddress: nextIp(),
      });
      await t.json({
        method: 'POST',
        url: '/api/registerOrLogin/sendMsg',
        payload: { phone: p, smsTicket: permit.body.data.smsTicket, scene: 'register' },
        remoteAddress: nextIp(),
      });
      const smsCode = await t.lastSms(p);
      return t.json({
        method: 'POST',
        url: '/api/registerOrLogin/register',
        payload: {
          phone: p,
          smsCode,
          xm: '加密测试',
          sfzjh: number,
          rylb: '0',
          xh: `E${p.slice(-8)}`,
          password: 'Passw0rd1',
          password2: 'Passw0rd1',
        },
        remoteAddress: nextIp(),
      });
    };
    expect((await register(phone, sfzjh)).body.code).toBe(200);
    const [row] = await rowsOf<{ id: number; id_number: string; id_number_hash: string }>(
      t.app.db,
      sql`select id, id_number, id_number_hash from users where phone = ${phone}`,
    );
    expect(row!.id_number).toMatch(/^v1:/);
    expect(row!.id_number).not.toContain(sfzjh);
    expect(row!.id_number_hash).toBe(cipher.hash(sfzjh));
    expect((await t.app.repos.users.findById(row!.id))!.idNumber).toBe(sfzjh);

    const token = await t.login(phone, 'Passw0rd1');
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} })).body.data.sfzjh).toBe(
      `${sfzjh.slice(0, 4)}**********${sfzjh.slice(-4)}`,
    );

    const other = `137${String(Date.now() + 7).slice(-8)}`;
    expect((await register(other, sfzjh)).body).toMatchObject({ code: 100, msg: '该身份证件号已注册，请直接登录或找回密码' });
    const withX = newIdWithX('19880808');
    expect((await register(`137${String(Date.now() + 9).slice(-8)}`, withX)).body.code).toBe(200);
    expect((await register(`137${String(Date.now() + 11).slice(-8)}`, withX.toLowerCase())).body.msg).toBe(
      '该身份证件号已注册，请直接登录或找回密码',
    );
    // The database refuses a second account with the number whatever the code path (unique id_number_hash).
    await expect(
      t.app.repos.users.create({ name: '重复', idNumber: sfzjh.toLowerCase(), personType: '5', loginType: '1' }),
    ).rejects.toMatchObject({
      cause: { constraint: 'users_id_number_hash_uq' },
    });
    await expectNothingInClear();
  });

  it('a family move-in keeps answers and new family accounts encrypted; the applicant and staff see them masked, 显示 opens one (audited)', async () => {
    const head = await createPerson(t, { rylb: '4', household: 'in' });
    const wife = personOf('加密妻子', idNumber('19860304', false), { yhzgx: '12' });
    const son = personOf('加密儿子', idNumber('20150607', true), { yhzgx: '20' });
    const docs = await Promise.all([wife, son].map((m, i) => material(t, head.id, `随迁人员${i + 1}（${m.xm}）`)));
    const form = {
      qrlx: '3',
      hzgzzh: head.staffNo,
      ryxx: wife,
      sqjs: [son],
      yhkszd: { code: '320102', name: '江苏省/南京市/玄武区' },
      yhkxxdz: '中山路1号',
      lxdh: '13900000011',
      attachments: [...docs, await material(t, head.id, '随迁批复文件')],
    };
    const added = await post(t, '/api/qianru/add', head.token, form, key());
    expect(added.body.code).toBe(200);
    const id = added.body.data.id as number;
    const [raw] = await rowsOf<{ answers: string }>(t.app.db, sql`select answers::text as answers from applications where id = ${id}`);
    expect(raw!.answers).not.toContain(wife.sfzjh);
    expect(raw!.answers).not.toContain(son.sfzjh);
    expect(JSON.parse(raw!.answers).ryxx.sfzjh).toMatch(/^v1:/);

    const mine = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, head.token)).body.data;
    expect(mine.answers.ryxx.sfzjh).toBe(`${wife.sfzjh.slice(0, 4)}**********${wife.sfzjh.slice(-4)}`);
    expect(mine.answers.sqjs[0].sfzjh).toBe(`${son.sfzjh.slice(0, 4)}**********${son.sfzjh.slice(-4)}`);

    const staff = await createStaff(t, 'staff');
    const page = (await call(t, 'GET', `/api/admin/applications/${id}`, staff.token)).body.data;
    expect(page.answers.ryxx.sfzjh).toBe(mine.answers.ryxx.sfzjh);
    expect(page.answers.sqjs[0].sfzjh).toBe(mine.answers.sqjs[0].sfzjh);
    expect(page.applicant.sfzjh).toBe(`${head.idNumber.slice(0, 4)}**********${head.idNumber.slice(-4)}`);
    const audit = (await t.app.repos.audit.page({ targetType: 'application', targetId: String(id) }, { pageNum: 1, pageSize: 10 })).rows;
    expect(audit[0]).toMatchObject({ action: 'application.view', staffId: staff.id });
    expect(audit[0]!.summary).not.toMatch(ID_PATTERN);
    // 显示 opens one number, audited.
    const shown = (await call(t, 'POST', `/api/admin/applications/${id}/id-number`, staff.token, { key: 'sqjs.0.sfzjh' })).body.data;
    expect(shown.sfzjh).toBe(son.sfzjh);
    expect((await call(t, 'POST', `/api/admin/applications/${id}/id-number`, staff.token, { key: 'applicant' })).body.data.sfzjh).toBe(
      head.idNumber,
    );
    const reveals = (await t.app.repos.audit.page({ action: 'application.idNumber', targetId: String(id) }, { pageNum: 1, pageSize: 10 }))
      .rows;
    expect(reveals).toHaveLength(2);
    for (const e of reveals) expect(e.summary).not.toMatch(ID_PATTERN);
    const queue = (await call(t, 'GET', `/api/admin/applications?keyword=${encodeURIComponent(head.name)}`, staff.token)).body.rows;
    expect(queue[0].applicant.sfzjh).toBe(`${head.idNumber.slice(0, 4)}**********${head.idNumber.slice(-4)}`);

    // 已办结: the family members get accounts, found by their numbers, stored encrypted.
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    await staffMoves(t, id, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
    const next = await post(
      t,
      '/api/qianru/continueSubmit',
      head.token,
      {
        id,
        qyzbh: 'QY320102000123',
        qyzqfrq: '2026-10-08',
        qyzqfjg: '南京市公安局玄武分局',
        attachments: [await material(t, head.id, '迁移证')],
      },
      key(),
    );
    expect(next.body.code).toBe(200);
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    await staffMoves(t, id, 7);
    const member = await t.app.repos.users.findByIdNumber(son.sfzjh);
    expect(member).toMatchObject({ name: '加密儿子', familyOfUserId: head.id, idNumber: son.sfzjh });
    const family = (await post(t, '/api/qianchu/getJsById', head.token, { id: head.id })).body.data as { xm: string; sfzjh: string }[];
    expect(family.find((m) => m.xm === '加密儿子')?.sfzjh).toBe(`${son.sfzjh.slice(0, 4)}**********${son.sfzjh.slice(-4)}`);
    await expectNothingInClear();
  });

  it('a move-in of an account without an ID number does not take one another account holds (unique), and still finishes', async () => {
    const holder = await createPerson(t, { rylb: '3' });
    const p = await createPerson(t, { rylb: '3' });
    await t.app.repos.users.update(p.id, { idNumber: null });
    const id = await postdocMoveInReadyToFinish(t, p, { sfzjh: holder.idNumber });
    await staffMoves(t, id, 7);
    expect((await t.app.repos.applications.findById(id))!.status).toBe(7);
    expect((await t.app.repos.users.findById(p.id))!.idNumber).toBeNull();
    expect((await t.app.repos.users.findByIdNumber(holder.idNumber))!.id).toBe(holder.id);
  });

  it('decrypts once per value read, and nothing for rows whose ID numbers are never read', async () => {
    const head = await createPerson(t, { rylb: '4', household: 'in' });
    const members = [newId(), newId()];
    for (let i = 0; i < 3; i += 1) {
      await t.app.repos.applications.create({
        referenceNo: `HJ20260201${String(900000 + serial * 10 + i)}`,
        kind: 'qianru',
        sub: '3',
        userId: head.id,
        status: 9,
        title: '家属随迁',
        answers: { qrlx: '3', ryxx: { xm: '甲', sfzjh: members[0] }, sqjs: [{ xm: '乙', sfzjh: members[1] }] },
      });
    }
    const decrypt = vi.spyOn(FieldCipher.prototype, 'decrypt');
    try {
      const { rows } = await t.app.repos.applications.page(head.id, {}, { pageNum: 1, pageSize: 10 }, 'created');
      const user = (await t.app.repos.users.findById(head.id))!;
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.title)).toEqual(['家属随迁', '家属随迁', '家属随迁']);
      expect(decrypt).not.toHaveBeenCalled();

      expect(user.idNumber).toBe(head.idNumber);
      expect(user.idNumber).toBe(head.idNumber);
      expect(decrypt).toHaveBeenCalledTimes(1);
      const answers = rows[0]!.answers as { ryxx: { sfzjh: string }; sqjs: { sfzjh: string }[] };
      expect(answers.ryxx.sfzjh).toBe(members[0]);
      expect((rows[0]!.answers as typeof answers).sqjs[0]!.sfzjh).toBe(members[1]);
      expect(decrypt).toHaveBeenCalledTimes(3);
      // A copy carries the number as opened (no second decryption), and none of the row's hidden keys.
      const copy = { ...user };
      expect(copy.idNumber).toBe(head.idNumber);
      expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
      expect(JSON.parse(JSON.stringify(user)).idNumber).toBe(head.idNumber);
      expect(decrypt).toHaveBeenCalledTimes(3);
      // A value assigned in place is kept as given.
      user.idNumber = 'changed';
      expect(user.idNumber).toBe('changed');
      expect({ ...rows[1]! }.answers).toEqual(answers);
    } finally {
      decrypt.mockRestore();
    }
  });
});

/** A database as the code before encryption at rest left it: migrations up to 0005 only. */
async function openOldDatabase(): Promise<{ handle: DatabaseHandle; upgrade(): Promise<void>; drop(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'hukou-old-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 5);
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const f of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql') && journal.entries.some((e) => `${e.tag}.sql` === f))) {
    copyFileSync(join(migrationsFolder, f), join(folder, f));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await PGlite.create();
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: folder });
    return {
      handle: { db, kind: 'pglite', close: () => client.close() },
      upgrade: () => migratePglite(db as never, { migrationsFolder }),
      drop: async () => {},
    };
  }
  const scratch = await scratchDatabase(adminUrl, 'hukou_test_old');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  await migratePg(db as never, { migrationsFolder: folder });
  return {
    handle: { db, kind: 'postgres', close: () => pool.end() },
    upgrade: () => migratePg(db as never, { migrationsFolder }),
    drop: scratch.drop,
  };
}

function startOn(handle: DatabaseHandle, key: string) {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hukou-test-')),
    PUBLIC_URL,
    DEMO: 'true',
    DATA_ENCRYPTION_KEY: key,
  });
  return { lines, app: buildApp(config, { db: handle, logger: true, logStream: stream, logLevel: 'info' }) };
}

describe('a database written before encryption at rest', () => {
  let old: Awaited<ReturnType<typeof openOldDatabase>>;
  beforeAll(async () => {
    old = await openOldDatabase();
  });
  afterAll(async () => {
    await old?.handle.close();
    await old?.drop();
  });

  it('is encrypted at start: ciphertext with correct hashes, read back by the app, look-ups and uniqueness work, a second run changes nothing', async () => {
    const db = old.handle.db;
    const { hash, salt } = await hashPassword(DEMO_PASSWORD);
    const [a, b, c, d] = [newIdWithX('19950505'), newId('19960606'), newId('19970707'), newId('19980808')];
    const insertUser = async (phone: string | null, name: string, id: string | null) =>
      (
        await rowsOf<{ id: number }>(
          db,
          sql`insert into users (phone, password_hash, password_salt, name, id_number, person_type, login_type)
        values (${phone}, ${hash}, ${salt}, ${name}, ${id}, '1', '1') returning id`,
        )
      )[0]!.id;
    // As the old code wrote them: clear numbers, one of them twice (nothing stopped it), one empty.
    const owner = await insertUser('13700000001', '旧用户甲', a);
    const second = await insertUser('13700000002', '旧用户乙', b);
    const twin = await insertUser(null, '旧用户乙的另一个账号', b);
    const none = await insertUser('13700000003', '旧用户丙', null);
    await db.execute(
      sql`insert into household_records (user_id, status, household_no, collective_name) values (${owner}, '1', '510000101', '示范大学学生集体户')`,
    );
    const answers = {
      qrlx: '3',
      ryxx: { xm: '旧家属', sfzjh: c },
      sqjs: [
        { xm: '旧子女', sfzjh: d },
        { xm: '未填号码', sfzjh: '' },
      ],
      lxdh: '13700000001',
    };
    const appId = (
      await rowsOf<{ id: number }>(
        db,
        sql`insert into applications (reference_no, kind, sub, user_id, status, title, answers)
      values ('HJ20250101000001', 'qianru', '3', ${owner}, 1, '家属随迁 · 旧家属', ${JSON.stringify(answers)}::jsonb) returning id`,
      )
    )[0]!.id;
    const otherApp = (
      await rowsOf<{ id: number }>(
        db,
        sql`insert into applications (reference_no, kind, sub, user_id, status, title, answers)
      values ('HJ20250101000002', 'qtbs', '', ${second}, 1, '其他业务', '{"bslx":"2","bsnr":"查询"}'::jsonb) returning id`,
      )
    )[0]!.id;

    await old.upgrade();
    const { app, lines } = startOn(old.handle, TEST_DATA_KEY);
    const server = await app;
    await server.ready();
    try {
      const after = await storedValues(db);
      const row = (id: number) => after.users.find((u) => u.id === id)!;
      for (const [id, plain] of [
        [owner, a],
        [second, b],
      ] as const) {
        expect(row(id).id_number).toMatch(/^v1:/);
        expect(cipher.decrypt(row(id).id_number!)).toBe(plain);
        expect(row(id).id_number_hash).toBe(cipher.hash(plain));
      }
      // The second account with the same number is encrypted; only the first is found by it (a warning names both, no number).
      expect(cipher.decrypt(row(twin).id_number!)).toBe(b);
      expect(row(twin).id_number_hash).toBeNull();
      expect(lines.some((l) => l.includes(`users ${second} and ${twin} have the same ID number`))).toBe(true);
      expect(lines.join('\n')).not.toMatch(ID_PATTERN);
      expect(row(none)).toMatchObject({ id_number: null, id_number_hash: null });
      for (const u of after.users) if (u.id_number) expect(u.id_number).not.toMatch(ID_PATTERN);
      const stored = JSON.parse(after.answers.find((x) => x.id === appId)!.answers);
      expect(stored.ryxx.sfzjh).toMatch(/^v1:/);
      expect(stored.sqjs[0].sfzjh).toMatch(/^v1:/);
      expect(stored.sqjs[1].sfzjh).toBe('');
      expect(stored.lxdh).toBe('13700000001');
      expect(cipher.openAnswers(stored)).toEqual(answers);
      expect(after.answers.find((x) => x.id === otherApp)!.answers).toBe('{"bslx": "2", "bsnr": "查询"}');

      // The app reads them back.
      const login = await server.inject({
        method: 'POST',
        url: '/qhyhlogin_false',
        payload: { username: '13700000001', password: DEMO_PASSWORD },
        remoteAddress: nextIp(),
      });
      const token = login.json().token as string;
      const info = await server.inject({
        method: 'POST',
        url: '/api/userinfo',
        headers: { qhyhAuthorization: `Bearer ${token}` },
        payload: {},
      });
      expect(info.json().data.sfzjh).toBe(`${a.slice(0, 4)}**********${a.slice(-4)}`);
      const detail = await server.inject({
        method: 'GET',
        url: `/api/wdsq/sqxq/getInfo?id=${appId}`,
        headers: { qhyhAuthorization: `Bearer ${token}` },
      });
      expect(detail.json().data.answers.sqjs[0].sfzjh).toBe(`${d.slice(0, 4)}**********${d.slice(-4)}`);
      expect((await server.repos.applications.findById(appId))!.answers).toEqual(answers);
      // Look-ups and uniqueness through the hash.
      expect((await server.repos.users.findByIdNumber(a.toLowerCase()))?.id).toBe(owner);
      expect((await server.repos.users.findByIdNumber(b))?.id).toBe(second);
      await expect(server.repos.users.create({ name: '重复', idNumber: a, personType: '5', loginType: '1' })).rejects.toMatchObject({
        cause: { constraint: 'users_id_number_hash_uq' },
      });

      // Idempotent: a second run (the next start) finds nothing and changes nothing.
      const before = await storedValues(db);
      expect(await prepareFieldEncryption(db, cipher)).toEqual({ users: 0, applications: 0 });
      expect(await storedValues(db)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('refuses to start with another key (its check value does not open) rather than serve garbage', async () => {
    const other = randomBytes(32).toString('hex');
    const start = startOn(old.handle, other);
    await expect(start.app.then((a) => a.ready())).rejects.toThrow(DataKeyError);
    await expect(startOn(old.handle, other).app.then((a) => a.ready())).rejects.toThrow(
      /数据加密密钥错误：DATA_ENCRYPTION_KEY 无法解开本数据库中已加密的数据/,
    );
    // Nothing was touched: the right key still opens everything.
    const { users } = await storedValues(old.handle.db);
    for (const u of users) if (u.id_number) expect(() => cipher.decrypt(u.id_number!)).not.toThrow();
    const again = startOn(old.handle, TEST_DATA_KEY);
    const server = await again.app;
    await server.ready();
    await server.close();
  });
});

it('sealing refuses a value that is already ciphertext (no double encryption by mistake)', () => {
  expect(isSealed(cipher.encrypt('x'))).toBe(true);
  expect(() => cipher.sealIdNumber(cipher.encrypt(newId()))).toThrow(/already sealed/);
});
