// Banners, announcements, public downloads, uploads and reading one's own upload.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { announcements, users } from '../../server/db/schema.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(parts: { name: string; filename?: string; type?: string; content: Buffer | string }[]) {
  const boundary = '----hukou-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string | undefined, parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return t.json({ method: 'POST', url: '/api/wj/upload', token, payload, headers });
};

describe('banners and announcements', () => {
  it('lists enabled banners in order, without login', async () => {
    const data = (await t.json({ method: 'GET', url: '/api/system/banner/list' })).body.data;
    expect(data.map((b: { sort: number }) => b.sort)).toEqual([1, 2, 3]);
    expect(data[1]).toMatchObject({ title: expect.any(String), imageUrl: expect.stringMatching(/^\/web\//), linkUrl: '/web/announcement' });
  });

  it('pages announcements: pinned first, then newest; with attachments', async () => {
    const first = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageNum=1&pageSize=2' });
    expect(first.body.total).toBe(5);
    expect(first.body.rows).toHaveLength(2);
    expect(first.body.rows[0]).toMatchObject({ top: true, publishTime: expect.stringMatching(/\+08:00$/) });
    expect(first.body.rows[0].attachments[0]).toEqual({
      fileName: expect.stringMatching(/\.pdf$/),
      name: expect.any(String),
      size: expect.any(Number),
    });
    const second = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageNum=2&pageSize=2' });
    expect(second.body.rows[0].publishTime >= second.body.rows[1].publishTime).toBe(true);
    const all = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageSize=100' });
    expect(all.body.rows).toHaveLength(5);
  });

  it('filters by keyword (wildcards are literal) and validates paging', async () => {
    const res = await t.json({ method: 'GET', url: `/api/notice/announcement/list?keyword=${encodeURIComponent('身份证')}` });
    expect(res.body.total).toBe(1);
    expect((await t.json({ method: 'GET', url: '/api/notice/announcement/list?keyword=%25' })).body.total).toBe(0);
    expect((await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageSize=101' })).status).toBe(400);
    expect((await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageNum=0' })).status).toBe(400);
  });
});

describe('downloads by fileName', () => {
  it('downloads an announcement attachment as a PDF with a UTF-8 file name', async () => {
    const list = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageSize=100' });
    const file = list.body.rows[0].attachments[0];
    const res = await t.request({ method: 'GET', url: `/common/download/announcement?fileName=${file.fileName}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(file.name)}`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(file.size);
  });

  it('answers only files of the kind asked, and hides attachments of unpublished announcements', async () => {
    const list = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageSize=100' });
    const row = list.body.rows.find((r: { attachments: unknown[] }) => r.attachments.length);
    const fileName = row.attachments[0].fileName;
    expect((await t.json({ method: 'GET', url: `/common/download/example?fileName=${fileName}` })).status).toBe(404);
    await t.app.db.update(announcements).set({ published: false }).where(eq(announcements.id, row.id));
    const hidden = await t.json({ method: 'GET', url: `/common/download/announcement?fileName=${fileName}` });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ code: 404, msg: '文件不存在' });
    await t.app.db.update(announcements).set({ published: true }).where(eq(announcements.id, row.id));
  });

  it('serves the sample and regulation files', async () => {
    for (const [kind, fileName] of [
      ['example', 'hukou-qianyi-weituoshu-yangli.pdf'],
      ['regulation', 'jiti-hukou-guanli-guiding.pdf'],
      ['commonRegulation', 'jiti-hukou-guanli-guiding.pdf'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/common/download/${kind}?fileName=${fileName}` });
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
  });

  it('refuses path tricks with 400 and unknown names with 404', async () => {
    expect(
      (await t.json({ method: 'GET', url: `/common/download/example?fileName=${encodeURIComponent('../../etc/passwd')}` })).status,
    ).toBe(400);
    expect((await t.json({ method: 'GET', url: '/common/download/example?fileName=..' })).status).toBe(400);
    expect((await t.json({ method: 'GET', url: `/common/download/example?fileName=${encodeURIComponent('a\\b.pdf')}` })).status).toBe(400);
    expect((await t.json({ method: 'GET', url: '/common/download/regulation' })).status).toBe(400);
    expect((await t.json({ method: 'GET', url: '/common/download/regulation?fileName=nope.pdf' })).status).toBe(404);
  });
});

describe('POST /api/wj/upload and GET /api/wj/file/{fileId}', () => {
  it('recognises a PNG by content, stores it as a normalised JPEG and the owner reads that back', async () => {
    const token = await t.login(demo.undergraduate.phone);
    const res = await upload(token, [{ name: 'file', filename: '户口卡首页.png', type: 'application/octet-stream', content: PNG }]);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({
      fileId: expect.stringMatching(/^f_[0-9a-f]{32}$/),
      name: '户口卡首页.jpg',
      size: expect.any(Number),
      mimeType: 'image/jpeg',
      url: `/api/wj/file/${res.body.data.fileId}`,
    });
    const file = await t.request({ method: 'GET', url: res.body.data.url, token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.rawPayload.length).toBe(res.body.data.size);
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('accepts a PDF whatever its name says', async () => {
    const token = await t.login(demo.undergraduate.phone);
    const res = await upload(token, [{ name: 'file', filename: 'scan.jpg', type: 'image/jpeg', content: PDF }]);
    expect(res.body.data.mimeType).toBe('application/pdf');
  });

  it('nobody else reads it (404, as if missing); a staff token is refused here (staff read attachments through the console)', async () => {
    const owner = await t.login(demo.master.phone);
    const { fileId } = (await upload(owner, [{ name: 'file', filename: 'a.png', content: PNG }])).body.data;
    const other = await t.login(demo.doctoral.phone);
    const res = await t.json({ method: 'GET', url: `/api/wj/file/${fileId}`, token: other });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '文件不存在' });
    expect((await t.json({ method: 'GET', url: '/api/wj/file/f_doesnotexist', token: owner })).status).toBe(404);
    expect((await t.json({ method: 'GET', url: `/api/wj/file/${fileId}` })).status).toBe(401);
    const staff = await t.app.services.staff.create({ username: 'filestaff', name: '户籍办', role: 'staff', password: 'Demo@20260' });
    const staffToken = await t.app.services.sessions.create(staff.id, '1', '127.0.0.1');
    expect((await t.request({ method: 'GET', url: `/api/wj/file/${fileId}`, token: staffToken })).statusCode).toBe(403);
    expect((await t.json({ method: 'GET', url: '/api/wj/file/..%2Fsecret', token: owner })).status).toBe(400);
  });

  it('refuses other types with code 100', async () => {
    const token = await t.login(demo.undergraduate.phone);
    for (const content of [Buffer.from('hello, not an image'), Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')]) {
      const res = await upload(token, [{ name: 'file', filename: 'x.png', content }]);
      expect(res.body).toMatchObject({ code: 100, msg: '仅支持上传 jpg、png、webp 格式的图片或 pdf 文件' });
    }
  });

  it('refuses files over 10 MB with code 100', async () => {
    const token = await t.login(demo.undergraduate.phone);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(token, [{ name: 'file', filename: 'big.png', content: big }]);
    expect(res.body).toMatchObject({ code: 100, msg: '文件大小不能超过10MB' });
  });

  it('needs a file: 400 请选择要上传的文件', async () => {
    const token = await t.login(demo.undergraduate.phone);
    expect((await upload(token, [{ name: 'file', filename: 'empty.png', content: Buffer.alloc(0) }])).body).toMatchObject({
      code: 400,
      msg: '请选择要上传的文件',
    });
    expect((await upload(token, [{ name: 'other', content: 'x' }])).body).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
    const notMultipart = await t.json({ method: 'POST', url: '/api/wj/upload', token, payload: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await upload(undefined, [{ name: 'file', filename: 'a.png', content: PNG }])).status).toBe(401);
  });

  it('allows 200 uploads a user a day (429 after)', async () => {
    const token = await t.login(demo.postdoc.phone);
    const [me] = await t.app.db.select().from(users).where(eq(users.phone, demo.postdoc.phone));
    const now = t.clock.now();
    for (let i = 0; i < 200; i++) {
      await t.app.repos.uploads.create({
        id: `f_bulk${i}`,
        ownerId: me!.id,
        sha256: 'x'.repeat(64),
        storedName: 'x.png',
        originalName: 'x.png',
        mime: 'image/png',
        size: 1,
        createdAt: now,
      });
    }
    const res = await upload(token, [{ name: 'file', filename: 'a.png', content: PNG }]);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, msg: '上传过于频繁，请稍后再试' });
  });
});
