// Unified login (CAS): login URL, the development CAS, ticket validation, an external CAS.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { parseServiceResponse } from '../../server/services/cas.ts';
import { createTestApp, demo, PUBLIC_URL, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const SERVICE = `${PUBLIC_URL}/web/my`;

/** Signs in at the development CAS form and answers the ticket from the redirect. */
async function devCasTicket(fields: Record<string, string>, service = SERVICE): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/cas/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:8080' },
    payload: new URLSearchParams({ service, ...fields }).toString(),
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  const ticket = location.searchParams.get('ticket')!;
  location.searchParams.delete('ticket');
  expect(location.toString()).toBe(new URL(service).toString());
  return ticket;
}

describe('GET /h5/getUnifiedLoginUrl', () => {
  const loginUrl = (query: string, host = 'localhost:8080') =>
    t.json({ method: 'GET', url: `/h5/getUnifiedLoginUrl${query}`, headers: { host } });

  it('points at the development CAS when CAS_BASE_URL is absent, with this server’s own callback', async () => {
    const res = await loginUrl('');
    expect(res.body).toMatchObject({ code: 200, data: `${PUBLIC_URL}/cas/login?service=${encodeURIComponent(SERVICE)}` });
  });

  it('never takes the service from the request: a foreign one is ignored, the return route is part of the callback', async () => {
    const foreign = await loginUrl(`?service=${encodeURIComponent('https://evil.example/web/my')}`);
    expect(foreign.body.data).toBe(`${PUBLIC_URL}/cas/login?service=${encodeURIComponent(SERVICE)}`);
    const next = await loginUrl('?next=/borrow');
    expect(next.body.data).toBe(`${PUBLIC_URL}/cas/login?service=${encodeURIComponent(`${SERVICE}?next=%2Fborrow`)}`);
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/my?x=1', '/../admin']) {
      const res = await loginUrl(`?next=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].field).toBe('next');
    }
  });

  it('the development CAS answers on the request’s own origin as well as PUBLIC_URL', async () => {
    const res = await loginUrl('', 'campus.test');
    expect(res.body.data).toBe(`http://campus.test/cas/login?service=${encodeURIComponent('http://campus.test/web/my')}`);
  });
});

describe('development CAS and GET /h5/validateTicket', () => {
  it('shows a form listing the demo accounts', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/cas/login?service=${encodeURIComponent(SERVICE)}`,
      headers: { host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(demo.undergraduate.xm);
    expect(res.body).toContain(`value="${demo.staff.gzzh}"`);
  });

  it('signs a known person in by ticket; the ticket works once', async () => {
    const ticket = await devCasTicket({ uid: demo.warnedStaff.gzzh! });
    const res = await t.json({
      method: 'GET',
      url: `/h5/validateTicket?ticket=${ticket}&ip=127_0_0_1`,
    });
    expect(res.body.code).toBe(200);
    expect(typeof res.body.data).toBe('string');
    const info = await t.json({ method: 'POST', url: '/api/userinfo', token: res.body.data });
    expect(info.body.data).toMatchObject({ xm: demo.warnedStaff.xm, loginType: '2', scfc: '1' });
    expect(info.body.data.scfcmessage).toContain('迁出');
    const again = await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${ticket}` });
    expect(again.body).toMatchObject({ code: 100, msg: '统一身份认证失败，请重新登录' });
  });

  it('validates against its own callback only: a ticket for another page is refused, even when the request names it', async () => {
    const ticket = await devCasTicket({ uid: demo.undergraduate.xh! });
    expect((await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${ticket}` })).body.code).toBe(200);
    const home = `${PUBLIC_URL}/web/home`;
    const other = await devCasTicket({ uid: demo.undergraduate.xh! }, home);
    const res = await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${other}&service=${encodeURIComponent(home)}` });
    expect(res.body).toMatchObject({ code: 100, msg: '统一身份认证失败，请重新登录' });
    // The return route travels in the callback: the ticket is bound to it, and to nothing else.
    const withNext = await devCasTicket({ uid: demo.undergraduate.xh! }, `${SERVICE}?next=%2Fborrow`);
    expect((await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${withNext}` })).body.code).toBe(100);
    const again = await devCasTicket({ uid: demo.undergraduate.xh! }, `${SERVICE}?next=%2Fborrow`);
    expect((await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${again}&next=/borrow` })).body.code).toBe(200);
  });

  it('creates a unified-login account (no password) for an unknown person', async () => {
    const ticket = await devCasTicket({ uid: 'T20990001', xm: '新教师', rylb: '4' });
    const token = (await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${ticket}` })).body.data;
    const info = await t.json({ method: 'POST', url: '/api/userinfo', token });
    expect(info.body.data).toMatchObject({ xm: '新教师', rylb: '4', gzzh: 'T20990001', loginType: '2', hkIn: false });
    const password = await t.json({
      method: 'POST',
      url: '/qhyhlogin_false',
      payload: { username: 'T20990001', password: 'x' },
      remoteAddress: '10.200.0.1',
    });
    expect(password.body.msg).toBe('该账号请使用统一身份认证登录');
    // The same person again gets the same account.
    const second = await devCasTicket({ uid: 'T20990001' });
    const token2 = (await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${second}` })).body.data;
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token: token2 })).body.data.id).toBe(info.body.data.id);
  });

  it('expires tickets after 5 minutes and refuses garbage', async () => {
    const ticket = await devCasTicket({ uid: demo.undergraduate.xh! });
    t.clock.advance(301);
    expect((await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${ticket}` })).body.code).toBe(100);
    expect((await t.json({ method: 'GET', url: '/h5/validateTicket?ticket=ST-unknown' })).body.code).toBe(100);
    const empty = await t.json({ method: 'GET', url: '/h5/validateTicket?ticket=' });
    expect(empty.status).toBe(400);
  });

  it('speaks serviceValidate XML', async () => {
    const ticket = await devCasTicket({ uid: demo.undergraduate.xh!, xm: 'X & Y' });
    const res = await t.request({ method: 'GET', url: `/cas/serviceValidate?ticket=${ticket}&service=${encodeURIComponent(SERVICE)}` });
    expect(res.headers['content-type']).toContain('xml');
    expect(parseServiceResponse(res.body)).toEqual({ uid: demo.undergraduate.xh, attributes: { xm: 'X & Y' } });
    const failed = await t.request({ method: 'GET', url: `/cas/serviceValidate?ticket=${ticket}&service=${encodeURIComponent(SERVICE)}` });
    expect(failed.body).toContain('authenticationFailure');
    expect(parseServiceResponse(failed.body)).toBeNull();
  });

  const signOn = async (uid: string) =>
    (await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${await devCasTicket({ uid })}` })).body;
  const userinfo = async (token: string) => (await t.json({ method: 'POST', url: '/api/userinfo', token })).body.data;

  it('lands only in the account bound to the uid: a number only claimed at registration is never matched', async () => {
    const claimant = await t.app.repos.users.create({
      name: '只填了学号',
      personType: '0',
      claimedNo: 'C20990001',
      loginType: '1',
      phone: '13500000001',
    });
    const body = await signOn('C20990001');
    expect(body.code).toBe(200);
    const info = await userinfo(body.data);
    expect(info.id).not.toBe(claimant.id);
    expect(info).toMatchObject({ xh: null, gzzh: null, rylb: null, loginType: '2' });
    expect(await t.app.repos.users.findById(claimant.id)).toMatchObject({ casUid: null, studentNo: null, claimedNo: 'C20990001' });
  });

  it('binds, on first sign-on, the account holding the uid as a verified number not bound yet (roster, demo seed)', async () => {
    const verified = await t.app.repos.users.create({
      name: '名册学生',
      personType: '1',
      studentNo: 'B20990001',
      loginType: '1',
      phone: '13500000002',
    });
    const first = await userinfo((await signOn('B20990001')).data);
    expect(first).toMatchObject({ id: verified.id, xh: 'B20990001', rylb: '1', loginType: '2' });
    expect((await t.app.repos.users.findById(verified.id))?.casUid).toBe('B20990001');
    expect((await userinfo((await signOn('B20990001')).data)).id).toBe(verified.id);
  });

  it('a new account takes its name and person type from the roster when CAS sends none', async () => {
    await t.app.repos.roster.save(
      [{ campusNo: 'R20990001', personType: '2', name: '名册博士', idNumber: '11010819900307001X' }],
      t.clock.now(),
    );
    const info = await userinfo((await signOn('R20990001')).data);
    expect(info).toMatchObject({ xm: '名册博士', rylb: '2', xh: 'R20990001', loginType: '2' });
  });

  it('a new account without a person type from CAS or the roster gets none (never a guess) and picks it once', async () => {
    const body = await signOn('Q20990001');
    const info = await userinfo(body.data);
    expect(info).toMatchObject({ xm: 'Q20990001', rylb: null, xh: null, gzzh: null, loginType: '2' });
    expect((await t.app.repos.users.findByCasUid('Q20990001'))?.personType).toBe('');
    const sectors = (await t.json({ method: 'GET', url: '/api/userOpenSector', token: body.data })).body.data;
    expect(sectors).toMatchObject({ openSectors: [], tips: expect.stringContaining('选择人员类型') });
    const picked = await t.json({ method: 'PUT', url: '/api/userinfo', token: body.data, payload: { rylb: '4' } });
    expect(picked.body.data).toMatchObject({ rylb: '4', gzzh: 'Q20990001' });
    expect((await userinfo((await signOn('Q20990001')).data)).id).toBe(info.id);
  });

  it('a verified number bound to another uid is a conflict: refused, no second account', async () => {
    await t.app.repos.users.create({ name: '数据冲突', personType: '4', staffNo: 'X20990001', casUid: 'OTHER-UID', loginType: '2' });
    const before = (await t.app.db.select({ id: users.id }).from(users)).length;
    expect(await signOn('X20990001')).toEqual({ code: 100, msg: '该统一身份认证账号与已有账号冲突，请联系户籍办' });
    expect((await t.app.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('answers only clients on this machine, as a proxy on this machine reports them', async () => {
    const page = (headers: Record<string, string>) =>
      t.request({
        method: 'GET',
        url: `/cas/login?service=${encodeURIComponent(SERVICE)}`,
        headers: { host: 'localhost:8080', ...headers },
      });
    expect((await page({})).statusCode).toBe(200);
    expect((await page({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': '203.0.113.5' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' },
      { 'x-real-ip': '198.51.100.7' },
      { forwarded: 'for=203.0.113.5;proto=https' },
      { forwarded: 'for="[2001:db8::1]"' },
    ]) {
      expect((await page(headers)).statusCode, JSON.stringify(headers)).toBe(404);
    }
    const remote = await t.request({ method: 'GET', url: '/cas/login', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });

  it('the CAS form refuses a foreign service', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/cas/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:8080' },
      payload: new URLSearchParams({ service: 'https://evil.example/', uid: 'abc' }).toString(),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('an external CAS (CAS_BASE_URL)', () => {
  let ext: TestApp;
  beforeAll(async () => {
    ext = await createTestApp({ env: { CAS_BASE_URL: 'https://cas.example.edu.cn/cas' } });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await ext?.close();
  });

  it('builds the login URL from CAS_BASE_URL and has no development CAS', async () => {
    const res = await ext.json({ method: 'GET', url: `/h5/getUnifiedLoginUrl?service=${encodeURIComponent(SERVICE)}` });
    expect(res.body.data).toBe(`https://cas.example.edu.cn/cas/login?service=${encodeURIComponent(SERVICE)}`);
    expect((await ext.request({ method: 'GET', url: '/cas/login' })).statusCode).toBe(404);
  });

  /**
   * A CAS as CAS 2.0/3.0 is: each ticket was issued for one service, and serviceValidate refuses it for any other
   * (INVALID_SERVICE), whatever the user.
   */
  const fakeCas = (issued: Record<string, { service: string; uid: string }>) =>
    vi.fn(async (url: string) => {
      const query = new URL(url).searchParams;
      const ticket = issued[query.get('ticket') ?? ''];
      const body = !ticket
        ? '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>'
        : ticket.service !== query.get('service')
          ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_SERVICE">Ticket does not match supplied service</cas:authenticationFailure></cas:serviceResponse>`
          : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${ticket.uid}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
      return new Response(body, { status: 200 });
    });

  it('validates tickets with serviceValidate', async () => {
    const fetchMock = fakeCas({ 'ST-good': { service: SERVICE, uid: demo.undergraduate.xh! } });
    vi.stubGlobal('fetch', fetchMock);
    const good = await ext.json({ method: 'GET', url: `/h5/validateTicket?ticket=ST-good` });
    expect(good.body.code).toBe(200);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `https://cas.example.edu.cn/cas/serviceValidate?ticket=ST-good&service=${encodeURIComponent(SERVICE)}`,
    );
    const info = await ext.json({ method: 'POST', url: '/api/userinfo', token: good.body.data });
    expect(info.body.data.xm).toBe(demo.undergraduate.xm);
    expect((await ext.json({ method: 'GET', url: '/h5/validateTicket?ticket=ST-bad' })).body.code).toBe(100);
    ext.assertContract();
  });

  it('refuses a ticket the campus CAS issued for another application, whatever service or host the request names', async () => {
    const other = 'https://other.example/app';
    vi.stubGlobal('fetch', fakeCas({ 'ST-other': { service: other, uid: demo.undergraduate.xh! } }));
    for (const request of [
      { url: '/h5/validateTicket?ticket=ST-other' },
      { url: `/h5/validateTicket?ticket=ST-other&service=${encodeURIComponent(other)}` },
      { url: '/h5/validateTicket?ticket=ST-other', headers: { host: 'other.example', 'x-forwarded-host': 'other.example' } },
    ]) {
      const res = await ext.json({ method: 'GET', ...request });
      expect(res.body, request.url).toMatchObject({ code: 100, msg: '统一身份认证失败，请重新登录' });
      expect(res.body.data).toBeUndefined();
    }
    ext.assertContract();
  });

  it('a ticket for its own callback with a return route signs in with that route only', async () => {
    const service = `${SERVICE}?next=${encodeURIComponent('/borrow')}`;
    vi.stubGlobal(
      'fetch',
      fakeCas({ 'ST-next': { service, uid: demo.undergraduate.xh! }, 'ST-next2': { service, uid: demo.undergraduate.xh! } }),
    );
    expect((await ext.json({ method: 'GET', url: '/h5/validateTicket?ticket=ST-next' })).body.code).toBe(100);
    expect((await ext.json({ method: 'GET', url: '/h5/validateTicket?ticket=ST-next2&next=/borrow' })).body.code).toBe(200);
  });

  it('answers code 100 when the CAS is unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))),
    );
    expect((await ext.json({ method: 'GET', url: '/h5/validateTicket?ticket=ST-x' })).body.code).toBe(100);
  });
});
