// Staff console, settings (管理员): quotas and borrowable dates, tiles per person type, tips and the new-student
// window, contact information, dictionaries (national code lists read-only), police stations, service guides,
// announcements with attachments, banners; each change audited; the reference tables for the console.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/services/appointments.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, createStaff } from './admin-helpers.ts';
import { PNG, createUser, get, offeredDays, post, setQuota } from './service-helpers.ts';

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

const lastAudit = async (action: string) => (await t.app.repos.audit.page({ action }, { pageNum: 1, pageSize: 1 })).rows[0];

describe('GET /api/admin/meta', () => {
  it('answers the status table, services, staff transitions, rating scale, person types and the tile catalogue', async () => {
    const meta = (await call(t, 'GET', '/api/admin/meta', staff.token)).body.data;
    expect(meta.statuses).toHaveLength(9);
    expect(meta.statuses[3]).toEqual({ code: 4, label: '办理中', borrowLabel: '已借出' });
    expect(meta.kinds.some((k: { code: string; sub: string | null }) => k.code === 'qianchu' && k.sub === 'graduate')).toBe(true);
    expect(meta.transitions).toContainEqual({ from: 2, to: 6, requires: ['kdgs', 'kddh'] });
    expect(meta.ratings).toEqual([
      { score: 5, label: '非常满意' },
      { score: 4, label: '满意' },
      { score: 3, label: '基本满意' },
      { score: 2, label: '不满意' },
      { score: 1, label: '非常不满意' },
    ]);
    expect(meta.sectors.find((s: { sectorCode: string }) => s.sectorCode === '7').subSectors).toHaveLength(8);
  });
});

describe('appointment quotas', () => {
  it('lists a range with total, booked and remaining; 办理员 may read, only 管理员 may set', async () => {
    const days = offeredDays(t);
    const res = await call(t, 'GET', `/api/admin/quotas?kind=sfzbl&channel=1&from=${days[0]}&to=${days[4]}`, staff.token);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.data[0]).toEqual({ kind: 'sfzbl', channel: '1', date: days[0], total: 20, booked: 0, remaining: 20 });
    expect((await call(t, 'GET', `/api/admin/quotas?kind=sfzbl&from=${days[0]}&to=${days[4]}`, staff.token)).status).toBe(400);
    expect((await call(t, 'GET', `/api/admin/quotas?kind=hkkjy&from=${days[0]}&to=${addDays(days[0]!, 90)}`, staff.token)).status).toBe(
      400,
    );
    expect((await call(t, 'PUT', '/api/admin/quotas', staff.token, { kind: 'hkkjy', dates: [days[0]], total: 5 })).status).toBe(403);
  });

  it('sets several dates at once, keeps booked places, refuses a total below the booked count, opens and closes borrow dates', async () => {
    const days = offeredDays(t);
    const day = days[2]!;
    const u = await createUser(t);
    const booked = await post(t, '/api/daily/hkkjy/add', u.token, {
      jyyy: '1',
      jyrq: day,
      ghrq: addDays(day, 3),
      lqfs: '0',
      lxdh: '13900000009',
    });
    expect(booked.body.code).toBe(200);
    const tooFew = await call(t, 'PUT', '/api/admin/quotas', admin.token, { kind: 'hkkjy', dates: [days[1], day], total: 0 });
    expect(tooFew.body).toEqual({ code: 100, msg: `${day} 名额不能少于已预约人数（1）` });
    expect((await t.app.repos.quotas.find('hkkjy', '', days[1]!))!.total).toBe(20);
    const saved = await call(t, 'PUT', '/api/admin/quotas', admin.token, { kind: 'hkkjy', dates: [day, days[1]], total: 3 });
    expect(saved.body.data).toEqual([
      { kind: 'hkkjy', channel: '', date: days[1], total: 3, booked: 0, remaining: 3 },
      { kind: 'hkkjy', channel: '', date: day, total: 3, booked: 1, remaining: 2 },
    ]);
    // Closing a date removes it from the borrowable dates; a new date beyond the prepared window can be opened.
    await call(t, 'PUT', '/api/admin/quotas', admin.token, { kind: 'hkkjy', dates: [days[1]], total: 0 });
    const offered = (await get(t, '/api/daily/hkkjy/getDateList', u.token)).body.data.map((d: { dateValue: string }) => d.dateValue);
    expect(offered).not.toContain(days[1]);
    expect(offered).toContain(day);
    const far = addDays(chinaDate(t.clock.now()), 45);
    expect(
      (await call(t, 'PUT', '/api/admin/quotas', admin.token, { kind: 'sfzbl', channel: '2', dates: [far], total: 8 })).body.data[0],
    ).toMatchObject({ date: far, total: 8, remaining: 8 });
    expect(
      (await call(t, 'PUT', '/api/admin/quotas', admin.token, { kind: 'hkkjy', dates: [chinaDate(t.clock.now())], total: 8 })).status,
    ).toBe(400);
    expect(await lastAudit('quota.set')).toMatchObject({ staffId: admin.id, targetId: 'sfzbl:2' });
    await setQuota(t, 'hkkjy', '', days[1]!, 20);
  });
});

describe('tiles, tips and the new-student window', () => {
  it('replaces the tiles of a person type (order, disabled, move-out sub-sectors); the home screen follows', async () => {
    const groups = (await call(t, 'GET', '/api/admin/sectors', admin.token)).body.data;
    const masters = groups.find((g: { rylb: string }) => g.rylb === '1');
    expect(masters.rylbName).toBe('硕士研究生');
    expect(masters.sectors.map((s: { sectorCode: string }) => s.sectorCode)).toEqual(['0', '1', '2', '3', '7', '8', '9', '10']);
    const subs = [0, 1, 2, 3, 4, 5, 6, 7].map((c) => ({ sectorCode: String(c), disabled: c !== 0 }));
    const res = await call(t, 'PUT', '/api/admin/sectors/1', admin.token, {
      sectors: [
        { sectorCode: '10', disabled: false },
        { sectorCode: '2', disabled: true },
        { sectorCode: '7', disabled: false, subSectors: subs },
      ],
    });
    expect(res.body.data.sectors.map((s: { sectorCode: string; disabled: boolean }) => [s.sectorCode, s.disabled])).toEqual([
      ['10', false],
      ['2', true],
      ['7', false],
    ]);
    const u = await createUser(t);
    const home = (await get(t, '/api/userOpenSector?loginType=1', u.token)).body.data;
    expect(home.openSectors.map((s: { sectorCode: string }) => s.sectorCode)).toEqual(['10', '2', '7']);
    expect(home.openSectors[1]).toMatchObject({ disabled: true, disabledReason: '该业务不适用于您的人员类别' });
    expect(
      home.openSectors[2].subSectors.filter((s: { disabled: boolean }) => !s.disabled).map((s: { sectorCode: string }) => s.sectorCode),
    ).toEqual(['0']);
    expect((await call(t, 'PUT', '/api/admin/sectors/1', admin.token, { sectors: [{ sectorCode: '99', disabled: false }] })).status).toBe(
      400,
    );
    expect(
      (await call(t, 'PUT', '/api/admin/sectors/1', admin.token, { sectors: [{ sectorCode: '2', disabled: false, subSectors: subs }] }))
        .status,
    ).toBe(400);
    expect((await call(t, 'PUT', '/api/admin/sectors/6', admin.token, { sectors: [] })).status).toBe(400);
    expect((await lastAudit('sectors.update'))!.summary).toContain('通知公告、借用户口卡（停用）、迁出');
    await call(t, 'PUT', '/api/admin/sectors/1', admin.token, { sectors: masters.sectors });
  });

  it('sets tips and the new-student window', async () => {
    const current = (await call(t, 'GET', '/api/admin/settings/home', admin.token)).body.data;
    expect(Object.keys(current.tips).sort()).toEqual(['0', '1', '2', '3', '4', '5', '7', 'default']);
    const start = new Date(t.clock.now().getTime() + 86400_000).toISOString();
    const end = new Date(t.clock.now().getTime() + 10 * 86400_000).toISOString();
    const saved = await call(t, 'PUT', '/api/admin/settings/home', admin.token, {
      tips: { '1': '硕士新提示' },
      yxStartTime: start,
      yxEndTime: end,
    });
    expect(saved.body.data.tips['1']).toBe('硕士新提示');
    expect(saved.body.data.tips['0']).toBe(current.tips['0']);
    const u = await createUser(t);
    const home = (await get(t, '/api/userOpenSector?loginType=1', u.token)).body.data;
    expect(home).toMatchObject({ tips: '硕士新提示', yxTime: null });
    expect(Math.abs(Date.parse(home.yxStartTime) - Date.parse(start))).toBeLessThan(1000);
    expect((await call(t, 'PUT', '/api/admin/settings/home', admin.token, { tips: {}, yxStartTime: end, yxEndTime: start })).status).toBe(
      400,
    );
    expect(
      (await call(t, 'PUT', '/api/admin/settings/home', admin.token, { tips: { '9': 'x' }, yxStartTime: start, yxEndTime: end })).status,
    ).toBe(400);
    await call(t, 'PUT', '/api/admin/settings/home', admin.token, current);
  });

  it('replaces the contact information shown at /contact-information', async () => {
    const current = (await call(t, 'GET', '/api/admin/settings/contact', admin.token)).body.data;
    const next = { ...current, hours: '工作日 9:00-17:00', phones: [{ label: '户籍咨询', phone: '010-62780000' }] };
    expect((await call(t, 'PUT', '/api/admin/settings/contact', admin.token, next)).body.data).toMatchObject({
      hours: '工作日 9:00-17:00',
    });
    const u = await createUser(t);
    expect((await get(t, '/api/system/contact', u.token)).body.data).toMatchObject({
      hours: '工作日 9:00-17:00',
      phones: [{ label: '户籍咨询', phone: '010-62780000' }],
    });
    expect(await lastAudit('settings.contact')).toMatchObject({ staffId: admin.id });
  });
});

describe('dictionaries and police stations', () => {
  it('lets the office maintain its own dictionaries; national code lists are read-only', async () => {
    const types = (await call(t, 'GET', '/api/admin/dicts', admin.token)).body.data;
    expect(types).toContainEqual({ type: 'qh_hkk_reason', name: '户口卡借用事由', editable: true });
    expect(types).toContainEqual({ type: 'gb_mz', name: '民族（GB/T 3304）', editable: false });
    const before = (await call(t, 'GET', '/api/admin/dicts/qh_hkk_kd', admin.token)).body.data;
    const created = await call(t, 'POST', '/api/admin/dicts/qh_hkk_kd', admin.token, { value: '9', label: '京东快递' });
    expect(created.body.data).toMatchObject({
      value: '9',
      label: '京东快递',
      enabled: true,
      sort: Math.max(...before.map((d: { sort: number }) => d.sort)) + 1,
    });
    expect((await call(t, 'POST', '/api/admin/dicts/qh_hkk_kd', admin.token, { value: '9', label: '重复' })).body).toEqual({
      code: 100,
      msg: '键值已存在',
    });
    const off = await call(t, 'PUT', `/api/admin/dicts/qh_hkk_kd/${created.body.data.id}`, admin.token, {
      enabled: false,
      label: '京东物流',
    });
    expect(off.body.data).toMatchObject({ label: '京东物流', enabled: false });
    const couriers = (await t.json({ method: 'POST', url: '/api/dict/getSysDictByType', payload: { dictType: 'qh_hkk_kd' } })).body.data;
    expect(couriers.find((c: { dictValue: string }) => c.dictValue === '9')).toMatchObject({ dictLabel: '京东物流', switch: '0' });

    expect((await call(t, 'POST', '/api/admin/dicts/gb_mz', admin.token, { value: '99', label: '新民族' })).body).toEqual({
      code: 403,
      msg: '该字典为国家标准代码或系统字典，不能修改',
    });
    const mz = (await call(t, 'GET', '/api/admin/dicts/gb_mz', admin.token)).body.data;
    expect((await call(t, 'PUT', `/api/admin/dicts/gb_mz/${mz[0].id}`, admin.token, { label: '改名' })).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/dicts/no_such_type', admin.token)).status).toBe(404);
    expect((await call(t, 'POST', '/api/admin/dicts/no_such_type', admin.token, { value: '1', label: 'x' })).status).toBe(404);
    expect((await call(t, 'PUT', '/api/admin/dicts/qh_hkk_kd/987654', admin.token, { label: 'x' })).status).toBe(404);
    expect((await lastAudit('dict.update'))!.summary).toContain('停用');
  });

  it('adds and changes police stations', async () => {
    const created = await call(t, 'POST', '/api/admin/police-stations', admin.token, {
      id: '110108599001',
      name: '示范路派出所',
      divisionCode: '110108',
      address: '示范路2号',
      sort: 5,
    });
    expect(created.body.data).toEqual({ id: '110108599001', name: '示范路派出所', divisionCode: '110108', address: '示范路2号', sort: 5 });
    expect(
      (await call(t, 'POST', '/api/admin/police-stations', admin.token, { id: '110108599001', name: 'x', divisionCode: '110108', sort: 1 }))
        .body.code,
    ).toBe(100);
    expect(
      (await call(t, 'POST', '/api/admin/police-stations', admin.token, { id: '990000599001', name: 'x', divisionCode: '990000', sort: 1 }))
        .status,
    ).toBe(400);
    expect(
      (await call(t, 'PUT', '/api/admin/police-stations/110108599001', admin.token, { name: '示范路派出所（新址）', address: null })).body
        .data,
    ).toMatchObject({ name: '示范路派出所（新址）', address: null });
    expect((await call(t, 'PUT', '/api/admin/police-stations/110108599999', admin.token, { name: 'x' })).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/police-stations', admin.token)).body.data.map((p: { id: string }) => p.id)).toContain(
      '110108599001',
    );
  });
});

describe('service guides', () => {
  it('lists, reads and replaces a guide; users see the change at once', async () => {
    const list = (await call(t, 'GET', '/api/admin/guides', admin.token)).body.data;
    expect(list.find((g: { serviceCode: string }) => g.serviceCode === 'hkkjy')).toMatchObject({ title: expect.any(String) });
    const guide = (await call(t, 'GET', '/api/admin/guides/hkkjy', admin.token)).body.data;
    const { serviceCode: _code, regulations: _regulations, ...input } = guide;
    const saved = await call(t, 'PUT', '/api/admin/guides/hkkjy', admin.token, { ...input, timeLimit: '即时办理', notes: ['请按时归还'] });
    expect(saved.body.data).toMatchObject({ serviceCode: 'hkkjy', timeLimit: '即时办理', notes: ['请按时归还'] });
    const u = await createUser(t);
    expect((await get(t, '/api/guide/hkkjy', u.token)).body.data).toMatchObject({ timeLimit: '即时办理' });
    expect((await call(t, 'PUT', '/api/admin/guides/nosuch', admin.token, input)).status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/guides/nosuch', admin.token)).status).toBe(404);
    expect((await call(t, 'PUT', '/api/admin/guides/hkkjy', admin.token, { title: 'x' })).status).toBe(400);
  });
});

describe('the guides’ phone', () => {
  it('is the office’s one, the first of 联系我们, on every guide; it follows 联系我们 and a guide cannot set its own', async () => {
    const u = await createUser(t);
    const codes = (await call(t, 'GET', '/api/admin/guides', admin.token)).body.data.map((g: { serviceCode: string }) => g.serviceCode);
    const contact = (await get(t, '/api/system/contact', u.token)).body.data;
    const phoneOf = async (code: string) => (await get(t, `/api/guide/${code}`, u.token)).body.data.contact;
    const first = `${contact.phones[0].label} ${contact.phones[0].phone}`;
    expect(codes.length).toBeGreaterThan(20);
    expect(new Set(await Promise.all(codes.map(phoneOf)))).toEqual(new Set([first]));

    const guide = (await call(t, 'GET', '/api/admin/guides/hkkbb', admin.token)).body.data;
    const { serviceCode: _code, regulations: _regulations, ...input } = guide;
    expect((await call(t, 'PUT', '/api/admin/guides/hkkbb', admin.token, { ...input, contact: '另一个号码 010-1' })).status).toBe(200);
    const { contact: _contact, ...withoutPhone } = input;
    expect((await call(t, 'PUT', '/api/admin/guides/hkkbb', admin.token, withoutPhone)).status).toBe(200);
    expect(await phoneOf('hkkbb')).toBe(first);

    const changed = { ...contact, phones: [{ label: '户籍办公室', phone: '010-68920188' }, ...contact.phones.slice(1)] };
    expect((await call(t, 'PUT', '/api/admin/settings/contact', admin.token, changed)).body.code).toBe(200);
    expect(await phoneOf('hkkjy')).toBe('户籍办公室 010-68920188');
    expect((await call(t, 'GET', '/api/admin/guides/hkkjy', admin.token)).body.data.contact).toBe('户籍办公室 010-68920188');
    expect((await call(t, 'PUT', '/api/admin/settings/contact', admin.token, contact)).body.code).toBe(200);
  });
});

describe('announcements and banners', () => {
  const upload = (id: number, content: Buffer, filename: string) => {
    const boundary = '----admintest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.json({
      method: 'POST',
      url: `/api/admin/announcements/${id}/files`,
      token: admin.token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('creates a draft, attaches a file, publishes it (public list and download), removes the file and the announcement', async () => {
    const title = `关于户籍办公室调整办公时间的通知${Date.now()}`;
    const draft = await call(t, 'POST', '/api/admin/announcements', admin.token, {
      title,
      content: '自下周一起，办公时间调整为 9:00-17:00。\n特此通知。',
      published: false,
    });
    expect(draft.body.data).toMatchObject({
      title,
      summary: '自下周一起，办公时间调整为 9:00-17:00。',
      published: false,
      top: false,
      attachments: [],
    });
    const id = draft.body.data.id as number;
    const publicList = async () =>
      (await t.json({ method: 'GET', url: `/api/notice/announcement/list?keyword=${encodeURIComponent(title)}` })).body;
    expect((await publicList()).total).toBe(0);

    expect((await upload(id, Buffer.from('not a file type'), 'x.txt')).body).toEqual({
      code: 100,
      msg: '仅支持上传 jpg、png、webp 格式的图片或 pdf 文件',
    });
    const file = await upload(id, PNG, '办公时间.png');
    expect(file.body.data).toMatchObject({ name: '办公时间.png', size: PNG.length });
    const fileName = file.body.data.fileName as string;
    const hidden = await t.request({ method: 'GET', url: `/common/download/announcement?fileName=${fileName}` });
    expect(hidden.statusCode).toBe(404);

    const published = await call(t, 'PUT', `/api/admin/announcements/${id}`, admin.token, {
      title,
      content: '自下周一起，办公时间调整为 9:00-17:00。',
      published: true,
      top: true,
    });
    expect(published.body.data).toMatchObject({ published: true, top: true, attachments: [{ fileName, name: '办公时间.png' }] });
    expect((await publicList()).rows[0]).toMatchObject({ id, top: true, attachments: [{ fileName }] });
    const download = await t.request({ method: 'GET', url: `/common/download/announcement?fileName=${fileName}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await call(t, 'GET', `/api/admin/announcements?keyword=${encodeURIComponent(title)}`, admin.token)).body).toMatchObject({
      total: 1,
      rows: [{ id, published: true }],
    });

    expect((await call(t, 'DELETE', `/api/admin/announcements/${id}/files/${fileName}`, admin.token)).body.code).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/announcements/${id}/files/${fileName}`, admin.token)).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/admin/announcements/${id}`, admin.token)).body.code).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/announcements/${id}`, admin.token)).status).toBe(404);
    expect((await call(t, 'PUT', `/api/admin/announcements/${id}`, admin.token, { title })).status).toBe(404);
    expect((await upload(id, PNG, 'x.png')).status).toBe(404);
    expect((await publicList()).total).toBe(0);
    expect((await lastAudit('announcement.delete'))!.summary).toContain(title);
  });

  it('adds, changes, disables and deletes banners; the home list shows enabled ones', async () => {
    const all = (await call(t, 'GET', '/api/admin/banners', admin.token)).body.data;
    expect(all.length).toBeGreaterThan(0);
    const created = await call(t, 'POST', '/api/admin/banners', admin.token, {
      title: '新生入学户口迁入指南',
      imageUrl: '/web/banners/1.webp',
      linkUrl: '/web/announcement',
      sort: 0,
    });
    expect(created.body.data).toMatchObject({ title: '新生入学户口迁入指南', enabled: true, sort: 0 });
    const id = created.body.data.id as number;
    const u = await createUser(t);
    const home = async () => (await get(t, '/api/system/banner/list', u.token)).body.data.map((b: { id: number }) => b.id);
    expect(await home()).toContain(id);
    expect(
      (await call(t, 'PUT', `/api/admin/banners/${id}`, admin.token, { imageUrl: '/web/banners/2.webp', enabled: false })).body.data,
    ).toMatchObject({ enabled: false, title: null });
    expect(await home()).not.toContain(id);
    expect((await call(t, 'POST', '/api/admin/banners', admin.token, { imageUrl: 'javascript:alert(1)' })).status).toBe(400);
    expect(
      (await call(t, 'POST', '/api/admin/banners', admin.token, { imageUrl: '/web/x.png', linkUrl: 'http://evil.example' })).status,
    ).toBe(400);
    expect((await call(t, 'DELETE', `/api/admin/banners/${id}`, admin.token)).body.code).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/banners/${id}`, admin.token)).status).toBe(404);
    expect((await call(t, 'PUT', `/api/admin/banners/${id}`, admin.token, { imageUrl: '/web/x.png' })).status).toBe(404);
  });
});
