// 电子证明: a 户籍证明 issued as a signed PDF at 已办结, checked by an independent verifier (poppler's pdfsig) and a QR
// decoder (zbarimg), the public check page's answer, revocation (audited, seen at once by a second instance on the same
// database), the holder's download and link, and the limits of the public check.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema.ts';
import { sha256 } from '../../server/lib/crypto.ts';
import { CODE_LENGTH, maskName, newCode, parseCode } from '../../server/services/documents.ts';
import { createStaff } from './admin-helpers.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from './helpers.ts';
import { readPdf } from './pdf-text.ts';
import { createPerson, postdocMoveInReadyToFinish } from './movement-helpers.ts';
import { createUser, get, post, staffMoves, type TestUser } from './service-helpers.ts';

let t: TestApp;
let staff: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaff(t, 'staff');
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const verifiers = has('pdfsig') && has('pdftoppm') && has('zbarimg');
if (!verifiers && process.env.CI) throw new Error('CI needs poppler-utils (pdfsig, pdftoppm) and zbar-tools (zbarimg)');
const dir = mkdtempSync(join(tmpdir(), 'hukou-documents-'));

/** pdfsig's verdict on a file: the lines that say whether the signature holds. */
function pdfsig(pdf: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** What the QR code on the first page says (rendered by poppler at 150 dpi, read by zbar). */
function qrOf(pdf: Buffer): string {
  const file = join(dir, `qr-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', file, `${file}-page`]);
  return execFileSync('zbarimg', ['-q', '--raw', `${file}-page-1.png`], { encoding: 'utf8' }).trim();
}

const FORM = { zmlx: '1', yt: '办理护照', fs: 1, kdfs: '0', lxdh: '13900000009' };

/** A 户籍证明 submitted by `u` and finished by the office (办理中 → 已办结). */
async function finishedProof(u: TestUser): Promise<number> {
  const res = await post(t, '/api/daily/hjzmkj/add', u.token, FORM);
  expect(res.body.code).toBe(200);
  const id = res.body.data.id as number;
  await staffMoves(t, id, 4);
  await staffMoves(t, id, 7);
  return id;
}

const download = (u: TestUser, id: number, kind = 'hjzm') =>
  t.request({ method: 'GET', url: `/api/documents/file?id=${id}&kind=${kind}`, token: u.token });
const check = (code: string, ip = '127.0.0.1') => t.json({ method: 'GET', url: `/api/verify/${code}`, remoteAddress: ip });

describe('verification codes', () => {
  it('are 20 characters of Crockford base32 (100 bits), read back from what people type', () => {
    const codes = new Set(Array.from({ length: 2000 }, newCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(CODE_LENGTH * 5).toBeGreaterThanOrEqual(80);
    const code = [...codes][0]!;
    expect(parseCode(code.toLowerCase().replace(/(.{4})/g, '$1-'))).toBe(code);
    expect(parseCode('0O1IL'.padEnd(20, 'A'))).toBe('00111'.padEnd(20, 'A'));
    expect(parseCode('U'.repeat(20))).toBeNull();
    expect(parseCode('A'.repeat(19))).toBeNull();
  });

  it('mask the holder’s name as the check page shows it', () => {
    expect(maskName('张三远')).toBe('张*远');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳小明')).toBe('欧**明');
  });
});

describe('a 户籍证明 issued at 已办结', () => {
  it('is a signed PDF that pdfsig finds valid (and invalid after one byte changes), with a QR code to its check page', async () => {
    const u = await createUser(t);
    const id = await finishedProof(u);

    const list = (await get(t, `/api/documents?id=${id}`, u.token)).body.data;
    expect(list).toHaveLength(1);
    const doc = list[0];
    expect(doc).toMatchObject({ kind: 'hjzm', title: '户籍证明（户籍信息证明）', status: 'valid', statusText: '有效', revokeReason: null });
    expect(doc.number).toMatch(/^HJZM\d{4}\d{6}$/);
    expect(doc.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(doc.checkUrl).toBe(`${PUBLIC_URL}/web/verify/${doc.code.replace(/-/g, '')}`);

    const file = await download(u, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = file.rawPayload;
    expect(sha256(pdf)).toBe(doc.sha256);
    const text = readPdf(pdf).text;
    for (const words of ['户 籍 证 明', u.name, '办理护照', doc.number, doc.code, '示范大学户籍办公室', '系统自签名证书'])
      expect(text, words).toContain(words);
    // The same file on every download (stored, not made again).
    expect((await download(u, id)).rawPayload.equals(pdf)).toBe(true);

    if (verifiers) {
      const verdict = pdfsig(pdf, 'proof.pdf');
      expect(verdict).toContain('Signature Validation: Signature is Valid.');
      expect(verdict).toContain('示范大学户籍办公室（系统自签名证书）');
      // One byte of the signed content changed (a digit of the text stream's length would break the file: change
      // a byte inside the first signed range, past the header).
      const tampered = Buffer.from(pdf);
      const at = pdf.indexOf('/Title') + 8;
      tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41;
      const broken = pdfsig(tampered, 'tampered.pdf');
      expect(broken).not.toContain('Signature is Valid.');
      expect(broken).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
      expect(qrOf(pdf)).toBe(doc.checkUrl);
    }

    const answer = await check(doc.code);
    expect(answer.body).toMatchObject({
      code: 200,
      data: {
        status: 'valid',
        statusText: '有效',
        number: doc.number,
        office: '示范大学户籍办公室',
        holder: maskName(u.name),
        sha256: sha256(pdf),
        revokedAt: null,
        selfSigned: true,
      },
    });
    // Nothing personal beyond the masked name.
    expect(JSON.stringify(answer.body)).not.toContain(u.name);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is the holder’s alone: another user gets 404, a user’s token cannot open the console’s calls', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const id = await finishedProof(u);
    expect((await t.json({ method: 'GET', url: `/api/documents/file?id=${id}&kind=hjzm`, token: other.token })).body).toMatchObject({
      code: 404,
      msg: '申请不存在',
    });
    expect((await get(t, `/api/documents?id=${id}`, other.token)).body.code).toBe(404);
    expect((await post(t, '/api/documents/link', other.token, { id, kind: 'hjzm' })).body.code).toBe(404);
    expect((await get(t, `/api/admin/applications/${id}/documents`, u.token)).status).toBe(403);
    expect((await t.json({ method: 'GET', url: `/api/documents?id=${id}` })).status).toBe(401);
  });

  it('is not issued before 已办结; a kind the application has not is 404', async () => {
    const u = await createUser(t);
    const res = await post(t, '/api/daily/hjzmkj/add', u.token, FORM);
    const id = res.body.data.id as number;
    expect((await get(t, `/api/documents?id=${id}`, u.token)).body.data).toEqual([]);
    expect((await t.json({ method: 'GET', url: `/api/documents/file?id=${id}&kind=hjzm`, token: u.token })).body).toMatchObject({
      code: 100,
      msg: '证明尚未办结，暂无电子证明',
    });
    expect((await t.json({ method: 'GET', url: `/api/documents/file?id=${id}&kind=hkk`, token: u.token })).body.code).toBe(404);
  });

  it('opens through a short-lived link without a token (WeChat), which ends with the session', async () => {
    const u = await createUser(t);
    const id = await finishedProof(u);
    const link = (await post(t, '/api/documents/link', u.token, { id, kind: 'hjzm' })).body.data;
    expect(link.url).toMatch(/^\/api\/documents\/open\?t=/);
    const opened = await t.request({ method: 'GET', url: link.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toMatch(/^inline/);
    expect(sha256(opened.rawPayload)).toBe((await get(t, `/api/documents?id=${id}`, u.token)).body.data[0].sha256);
    await post(t, '/api/logout', u.token);
    const after = await t.request({ method: 'GET', url: link.url, headers: { accept: 'text/html' } });
    expect(after.statusCode).toBe(403);
    expect(after.body).toContain('链接已失效');
  });
});

describe('the public check', () => {
  it('answers 404 for a code never issued, and refuses a malformed one', async () => {
    expect((await check(newCode())).body).toEqual({ code: 404, msg: '未找到该文件，请核对核验码' });
    expect((await check('not-a-code-at-all-xx')).body.code).toBe(404);
    expect((await check('ab')).status).toBe(400);
  });

  it('is limited per address: 20 a minute one after another; of 40 at once at most 20 are answered; another address still gets in', async () => {
    const one = [];
    for (let i = 0; i < 21; i++) one.push((await check(newCode(), '10.9.8.6')).status);
    expect(one.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(one[20]).toBe(429);
    const answers = await Promise.all(Array.from({ length: 40 }, () => check(newCode(), '10.9.8.7')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    expect((await check(newCode(), '10.9.8.8')).status).toBe(404);
  });
});

describe('revocation and 重新签发', () => {
  it('the office revokes with a reason (audited): the check says 已作废 at once, on a second instance too; the holder cannot download until it is issued again', async () => {
    const u = await createUser(t);
    const id = await finishedProof(u);
    const listed = (await get(t, `/api/admin/applications/${id}/documents`, staff.token)).body.data;
    expect(listed.issuable).toEqual(['hjzm']);
    expect(listed.documents).toHaveLength(1);
    const doc = listed.documents[0];
    const code = doc.code.replace(/-/g, '');

    // A second instance on the same database (another process in production).
    const b = await createTestApp({ database: { handle: { ...t.app.dbHandle, close: async () => {} }, drop: async () => {} } });
    try {
      expect((await b.json({ method: 'GET', url: `/api/verify/${code}` })).body.data.status).toBe('valid');

      expect((await post(t, `/api/admin/documents/${doc.id}/revoke`, staff.token, { reason: ' ' })).status).toBe(400);
      const revoked = await post(t, `/api/admin/documents/${doc.id}/revoke`, staff.token, { reason: '信息有误，重新开具' });
      expect(revoked.body).toMatchObject({
        code: 200,
        data: { status: 'revoked', statusText: '已作废', revokeReason: '信息有误，重新开具' },
      });
      expect((await post(t, `/api/admin/documents/${doc.id}/revoke`, staff.token, { reason: '再次' })).body).toMatchObject({
        code: 409,
        msg: '该文件已作废或已换发新版本',
      });

      const seen = (await b.json({ method: 'GET', url: `/api/verify/${code}` })).body.data;
      expect(seen).toMatchObject({ status: 'revoked', statusText: '已作废' });
      expect(seen.revokedAt).not.toBeNull();
      expect(JSON.stringify(seen), 'the reason is not public').not.toContain('信息有误');
    } finally {
      await b.close();
    }

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(doc.id)));
    expect(entries.map((e) => e.action)).toContain('document.revoke');
    expect(entries.find((e) => e.action === 'document.revoke')!.summary).toContain(`文件编号 ${doc.number}，原因：信息有误，重新开具`);

    expect((await download(u, id)).json()).toEqual({
      code: 100,
      msg: '该文件已被户籍办公室作废（信息有误，重新开具），如有疑问请联系户籍办公室',
    });
    const mine = (await get(t, `/api/documents?id=${id}`, u.token)).body.data[0];
    expect(mine).toMatchObject({ status: 'revoked', revokeReason: '信息有误，重新开具' });

    const again = await post(t, `/api/admin/applications/${id}/documents/issue`, staff.token, { kind: 'hjzm' });
    expect(again.body.msg).toBe('签发成功');
    const [fresh, old] = again.body.data.documents;
    expect(fresh).toMatchObject({ status: 'valid' });
    expect(old).toMatchObject({ id: doc.id, status: 'revoked' });
    expect(fresh.number).not.toBe(doc.number);
    expect(fresh.code).not.toBe(doc.code);
    const file = await download(u, id);
    expect(sha256(file.rawPayload)).toBe(fresh.sha256);
    // Asking again while the current edition is in force issues nothing.
    expect((await post(t, `/api/admin/applications/${id}/documents/issue`, staff.token, { kind: 'hjzm' })).body.msg).toBe(
      '当前版本有效，无需重新签发',
    );
    // The console's copy of any edition, audited.
    const copy = await t.request({ method: 'GET', url: `/api/admin/documents/${doc.id}/file`, token: staff.token });
    expect(copy.statusCode).toBe(200);
    expect(sha256(copy.rawPayload)).toBe(doc.sha256);
  });

  it('the office’s wording per proof type is used for what is issued after it changes', async () => {
    const admin = await createStaff(t, 'admin');
    const wordings = (await get(t, '/api/admin/proof-wordings', admin.token)).body.data;
    expect(wordings.placeholders).toContain('姓名');
    expect(wordings.wordings[0]).toMatchObject({ type: '1', label: '户籍信息证明', edited: false });
    const bad = await t.json({
      method: 'PUT',
      url: '/api/admin/proof-wordings/1',
      token: admin.token,
      payload: { text: '兹证明{姓名}{学号}' },
    });
    expect(bad.body.errors).toContainEqual({ field: 'text', message: '未知的占位符 {学号}' });
    const saved = await t.json({
      method: 'PUT',
      url: '/api/admin/proof-wordings/1',
      token: admin.token,
      payload: { text: '兹证明{姓名}系我校在籍学生，户口登记在{住址}。' },
    });
    expect(saved.body.code).toBe(200);
    const u = await createUser(t);
    const id = await finishedProof(u);
    const issued = (await download(u, id)).rawPayload;
    expect(readPdf(issued).text).toContain(`兹证明${u.name}系我校在籍学生`);
    // Back to the default for the other tests: what was issued stays as it was (one edition, the same file).
    await t.app.repos.settings.set('proof.wordings', {});
    expect((await download(u, id)).rawPayload.equals(issued)).toBe(true);
    await t.app.repos.users.update(u.id, { name: `${u.name}改` });
    expect((await download(u, id)).rawPayload.equals(issued)).toBe(true);
    expect((await get(t, `/api/admin/applications/${id}/documents`, staff.token)).body.data.documents).toHaveLength(1);
  });
});

describe('the office’s own certificate', () => {
  const openssl = has('openssl');

  it.skipIf(!openssl || !verifiers)(
    'SIGNING_P12_FILE: a PKCS#12 made by openssl (Chinese names, AES) signs the documents; a wrong passphrase stops the start',
    async () => {
      const key = join(dir, 'office.key');
      const cert = join(dir, 'office.crt');
      const p12 = join(dir, 'office.p12');
      execFileSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '30',
        '-utf8',
        '-subj',
        '/C=CN/O=示范大学/CN=示范大学户籍办公室',
      ]);
      execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'pass:office-secret']);

      await expect(createTestApp({ env: { SIGNING_P12_FILE: p12, SIGNING_P12_PASSPHRASE: 'wrong' } })).rejects.toThrow(/SIGNING_P12_FILE/);

      const office = await createTestApp({ env: { SIGNING_P12_FILE: p12, SIGNING_P12_PASSPHRASE: 'office-secret' } });
      try {
        const u = await createUser(office);
        const res = await post(office, '/api/daily/hjzmkj/add', u.token, FORM);
        await office.app.services.applications.transition(res.body.data.id, 4, { role: 'staff', id: null });
        await office.app.services.applications.transition(res.body.data.id, 7, { role: 'staff', id: null });
        const file = await office.request({ method: 'GET', url: `/api/documents/file?id=${res.body.data.id}&kind=hjzm`, token: u.token });
        const verdict = pdfsig(file.rawPayload, 'office.pdf');
        expect(verdict).toContain('Signer Certificate Common Name: 示范大学户籍办公室');
        expect(verdict).toContain('Signature Validation: Signature is Valid.');
        expect(readPdf(file.rawPayload).text).not.toContain('系统自签名证书');
        const code = (await get(office, `/api/documents?id=${res.body.data.id}`, u.token)).body.data[0].code;
        expect((await office.json({ method: 'GET', url: `/api/verify/${code}` })).body.data.selfSigned).toBe(false);
        office.assertContract();
      } finally {
        await office.close();
      }
    },
  );
});

describe('revocation at once and expiry', () => {
  it('ten revocations of one document at once: one is done (one audit entry), the others answer 409', async () => {
    const u = await createUser(t);
    const id = await finishedProof(u);
    const doc = (await get(t, `/api/admin/applications/${id}/documents`, staff.token)).body.data.documents[0];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(t, `/api/admin/documents/${doc.id}/revoke`, staff.token, { reason: `原因${i}` })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 409)).toHaveLength(9);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(doc.id)));
    expect(entries.filter((e) => e.action === 'document.revoke')).toHaveLength(1);
  });

  it('a 户籍证明 is valid for 90 days: then the check says 已过期', async () => {
    const u = await createUser(t);
    const id = await finishedProof(u);
    const code = (await get(t, `/api/documents?id=${id}`, u.token)).body.data[0].code;
    t.clock.advance(89 * 86400);
    expect((await check(code)).body.data.status).toBe('valid');
    t.clock.advance(2 * 86400);
    expect((await check(code)).body.data).toMatchObject({ status: 'expired', statusText: '已过期' });
  });
});

describe('the move-in vouchers as issued documents', () => {
  it('are issued at 已办结 with codes of their own; changed data make a new edition and the check of the old one says 已换发新版本', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const id = await postdocMoveInReadyToFinish(t, p);
    await staffMoves(t, id, 7);
    const docs = (await get(t, `/api/documents?id=${id}`, p.token)).body.data as { kind: string; code: string; sha256: string }[];
    expect(docs.map((d) => d.kind)).toEqual(['hkk', 'hzsy']);
    const card = docs[0]!;
    const first = (await t.request({ method: 'GET', url: `/api/qianru/downloadhkkPdf?id=${id}`, token: p.token })).rawPayload;
    expect(sha256(first)).toBe(card.sha256);
    if (verifiers) expect(pdfsig(first, 'card.pdf')).toContain('Signature is Valid.');

    const before = await t.app.repos.users.findById(p.id);
    await t.app.repos.users.update(p.id, { nativePlace: '江苏南京' });
    const second = (await t.request({ method: 'GET', url: `/api/qianru/downloadhkkPdf?id=${id}`, token: p.token })).rawPayload;
    expect(second.equals(first)).toBe(false);
    const now = (await get(t, `/api/documents?id=${id}`, p.token)).body.data[0];
    expect(now.code).not.toBe(card.code);
    expect(now.sha256).toBe(sha256(second));
    expect((await check(card.code)).body.data).toMatchObject({ status: 'replaced', statusText: '已换发新版本' });
    expect((await check(now.code)).body.data.status).toBe('valid');

    // The data changed back: a new edition in force, never the replaced file of the same data.
    await t.app.repos.users.update(p.id, { nativePlace: before!.nativePlace });
    const third = (await t.request({ method: 'GET', url: `/api/qianru/downloadhkkPdf?id=${id}`, token: p.token })).rawPayload;
    expect(third.equals(first)).toBe(false);
    const latest = (await get(t, `/api/documents?id=${id}`, p.token)).body.data[0];
    expect(latest.sha256).toBe(sha256(third));
    expect((await check(latest.code)).body.data.status).toBe('valid');
    expect((await check(now.code)).body.data.status).toBe('replaced');
    expect((await t.request({ method: 'GET', url: `/api/qianru/downloadhkkPdf?id=${id}`, token: p.token })).rawPayload.equals(third)).toBe(
      true,
    );
  });
});
