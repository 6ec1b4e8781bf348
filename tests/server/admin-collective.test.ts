// 工作台「集体户」(issue 12): the collective households are the office's settings, seeded for the demo; move-ins land
// in them as the office keeps them; without them a move-in cannot finish; the head page photo is checked by content.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collectiveHouseholds } from '../../server/db/schema.ts';
import { COLLECTIVE_MISSING } from '../../server/services/movement-hooks.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createPerson, postdocMoveInReadyToFinish } from './movement-helpers.ts';
import { readPdf } from './pdf-text.ts';
import { get, PNG, staffMoves } from './service-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'admin');
  staff = await createStaff(t, 'staff');
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const URL = '/api/admin/collective-households';
const POSTDOC = {
  householdNo: '110108000777',
  name: '北方理工大学博士后集体户',
  address: '北京市海淀区学院路77号',
  policeStationId: '110108001000',
  registeredOn: '2004-03-01',
};

/** multipart/form-data with one `file` field. */
function multipart(content: Buffer, filename: string, mime: string) {
  const boundary = '----collective' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (key: string, content: Buffer, filename: string, mime: string, token = admin.token) =>
  t.json({ method: 'PUT', url: `${URL}/${key}/head-page`, token, ...multipart(content, filename, mime) });

describe('工作台「集体户」', () => {
  it('lists the three households (the demo seeds them with their stamped head pages); administrators only', async () => {
    const res = await call(t, 'GET', URL, admin.token);
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list.map((c: { key: string; label: string }) => [c.key, c.label])).toEqual([
      ['student', '学生集体户'],
      ['staff', '教职工集体户'],
      ['postdoc', '博士后集体户'],
    ]);
    expect(list[2]).toMatchObject({
      configured: true,
      householdNo: '510000103',
      name: '示范大学博士后集体户',
      policeStationName: expect.any(String),
      hasHeadPage: true,
    });
    expect((await call(t, 'GET', URL, staff.token)).status).toBe(403);
    expect((await call(t, 'PUT', `${URL}/postdoc`, staff.token, POSTDOC)).status).toBe(403);
    expect((await call(t, 'GET', `${URL}/nobody/head-page`, admin.token)).status).toBe(400);
  });

  it('refuses a police station the office does not have, and a household that is not one of the three', async () => {
    const res = await call(t, 'PUT', `${URL}/postdoc`, admin.token, { ...POSTDOC, policeStationId: '999999999999' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg: '派出所不存在', errors: [{ field: 'policeStationId', message: '派出所不存在' }] });
    expect((await call(t, 'PUT', `${URL}/family`, admin.token, POSTDOC)).status).toBe(400);
    expect((await call(t, 'PUT', `${URL}/postdoc`, admin.token, { ...POSTDOC, householdNo: '1 or 1=1' })).status).toBe(400);
  });

  it('a move-in finished after a change lands in the household as the office now keeps it; the change is audited', async () => {
    const station = (await t.app.repos.policeStations.list())[0]!;
    const saved = await call(t, 'PUT', `${URL}/postdoc`, admin.token, { ...POSTDOC, policeStationId: station.id });
    expect(saved.body).toMatchObject({
      code: 200,
      data: {
        key: 'postdoc',
        configured: true,
        ...POSTDOC,
        policeStationId: station.id,
        policeStationName: station.name,
        hasHeadPage: true,
      },
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'collective.update'));
    expect(entry).toMatchObject({ targetId: 'postdoc', summary: expect.stringContaining('北方理工大学博士后集体户') });

    const p = await createPerson(t, { rylb: '3' });
    const id = await postdocMoveInReadyToFinish(t, p);
    await staffMoves(t, id, 7);
    const my = (await get(t, '/api/zhzx/wdhj/getInfo', p.token)).body.data;
    expect(my).toMatchObject({ hjzt: '1', jthmc: POSTDOC.name, hh: POSTDOC.householdNo, pcsmc: station.name });
    const head = await t.request({ method: 'GET', url: `/api/qianru/downloadHzsyzpPdf?id=${id}`, token: p.token });
    const text = readPdf(head.rawPayload).text;
    expect(text).toContain(POSTDOC.householdNo);
    expect(text).toContain(POSTDOC.address);
  });

  it('the head page photo is checked by content and stored as JPEG; a new photo changes the head page made after it', async () => {
    expect((await upload('postdoc', Buffer.from('%PDF-1.4 not an image'), 'a.png', 'image/png')).body).toMatchObject({
      code: 100,
      msg: '仅支持上传 jpg、png、webp 格式的图片',
    });
    expect((await upload('postdoc', PNG, 'a.png', 'image/png', staff.token)).status).toBe(403);
    const before = (await t.app.repos.collectiveHouseholds.headPage('postdoc'))!.hash;
    const res = await upload('postdoc', PNG, 'stamped.png', 'image/png');
    expect(res.body).toMatchObject({ code: 200, data: { key: 'postdoc', hasHeadPage: true } });
    const photo = await t.request({ method: 'GET', url: `${URL}/postdoc/head-page`, token: admin.token });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/jpeg');
    expect([...photo.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await t.app.repos.collectiveHouseholds.headPage('postdoc'))!.hash).not.toBe(before);
  });
});

describe('without the office’s collective households (a deployment that has not set them up)', () => {
  it('a move-in cannot finish and says what to do; the console lists the household as not set up', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const id = await postdocMoveInReadyToFinish(t, p);
    await t.app.db.delete(collectiveHouseholds).where(eq(collectiveHouseholds.key, 'postdoc'));
    const list = (await call(t, 'GET', URL, admin.token)).body.data;
    expect(list[2]).toEqual({
      key: 'postdoc',
      label: '博士后集体户',
      configured: false,
      householdNo: null,
      name: null,
      address: null,
      policeStationId: null,
      policeStationName: null,
      registeredOn: null,
      hasHeadPage: false,
      updatedAt: null,
    });
    await expect(staffMoves(t, id, 7)).rejects.toMatchObject({ message: COLLECTIVE_MISSING });
    expect((await upload('postdoc', PNG, 'a.png', 'image/png')).body).toMatchObject({ code: 100, msg: '请先填写并保存集体户信息' });
    const missing = await t.request({ method: 'GET', url: `${URL}/postdoc/head-page`, token: admin.token });
    expect(missing.statusCode).toBe(404);
  });
});
