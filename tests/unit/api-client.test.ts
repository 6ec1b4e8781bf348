import { describe, expect, it, vi } from 'vitest';
import { client, NETWORK_ERROR, REQUEST_TIMEOUT_MS, unwrap, unwrapBlob } from '@/api/client';
import { $session, setToken, setUserInfo } from '@/state/session';
import { $dialogs, $loading, $toast } from '@/state/ui';
import { json, requestsTo, sampleUser, stubFetch } from './helpers';

const userinfo = () => unwrap(client.POST('/api/userinfo', { body: {} }));

describe('success unwrapping (spec §7)', () => {
  it('gives data on code 200', async () => {
    stubFetch({ '/api/userinfo': { code: 200, msg: '操作成功', data: sampleUser, token: 'x', rows: [1] } });
    const result = await userinfo();
    expect(result).toMatchObject({ ok: true, data: sampleUser });
  });

  it('treats code 0 as success too', async () => {
    stubFetch({ '/h5/fangwen': { code: 0, data: 42 } });
    expect(await unwrap(client.GET('/h5/fangwen'))).toMatchObject({ ok: true, data: 42 });
  });

  it('gives the token when there is no data', async () => {
    stubFetch({ '/qhyhlogin_false': { code: 200, token: 'tok-1', rows: [1], img: 'i' } });
    const result = await unwrap(client.POST('/qhyhlogin_false', { body: { username: 'a', password: 'b' } }));
    expect(result).toMatchObject({ ok: true, data: 'tok-1' });
  });

  it('gives rows (and total) when there is neither data nor token', async () => {
    stubFetch({ '/api/zhzx/xxtz/getListByType': { code: 200, rows: [{ id: 1 }], total: 31, img: 'i' } });
    const result = await unwrap(client.GET('/api/zhzx/xxtz/getListByType', { params: { query: {} } }));
    expect(result).toMatchObject({ ok: true, data: [{ id: 1 }], total: 31 });
  });

  it('gives img last', async () => {
    stubFetch({ '/api/registerOrLogin/sendMsgImgCode': { code: 200, img: 'data:image/svg+xml;base64,AA' } });
    const result = await unwrap(client.GET('/api/registerOrLogin/sendMsgImgCode'));
    expect(result).toMatchObject({ ok: true, data: 'data:image/svg+xml;base64,AA' });
  });

  it('reads an image code in both shapes: this server’s data, and a RuoYi-style top level', async () => {
    // Recorded from this server.
    stubFetch({
      '/api/registerOrLogin/sendMsgImgCode': { code: 200, msg: '获取成功', data: { uuid: 'u-1', img: 'data:image/png;base64,iVBO' } },
    });
    expect(await unwrap(client.GET('/api/registerOrLogin/sendMsgImgCode'))).toMatchObject({
      ok: true,
      data: { uuid: 'u-1', img: 'data:image/png;base64,iVBO' },
    });
    // Recorded from a RuoYi-Vue backend (/captchaImage): bare base64 of a JPEG beside uuid.
    stubFetch({
      '/api/registerOrLogin/sendMsgImgCode': { msg: '操作成功', img: '/9j/4AAQSkZJRg', code: 200, captchaEnabled: true, uuid: '3f2c9a' },
    });
    expect(await unwrap(client.GET('/api/registerOrLogin/sendMsgImgCode'))).toMatchObject({
      ok: true,
      data: { uuid: '3f2c9a', img: 'data:image/jpeg;base64,/9j/4AAQSkZJRg' },
    });
  });

  it('reads the envelope whatever the HTTP status', async () => {
    stubFetch({ '/h5/fangwen': () => json({ code: 200, data: 5 }, 201) });
    expect(await unwrap(client.GET('/h5/fangwen'))).toMatchObject({ ok: true, data: 5 });
  });
});

describe('error catalogue (spec §8)', () => {
  it('401 clears the stored session and goes to /login after 1.5 s', async () => {
    vi.useFakeTimers();
    setToken('old');
    setUserInfo(sampleUser);
    history.replaceState(null, '', '/web/my');
    stubFetch({ '/api/userinfo': () => json({ code: 401, msg: '登录已过期，请重新登录' }, 401) });

    const result = await userinfo();

    expect(result).toMatchObject({ ok: false, code: 401, msg: '登录已过期，请重新登录' });
    for (const key of ['token', 'userInfo', 'hyzk', 'xh', 'xl', 'id']) expect(localStorage.getItem(key)).toBeNull();
    expect($session.get().token).toBeNull();
    await vi.advanceTimersByTimeAsync(1499);
    expect(location.pathname).toBe('/web/my');
    await vi.advanceTimersByTimeAsync(1);
    expect(location.pathname).toBe('/web/login');
  });

  it('code 100 shows the server message as a toast for 1.5 s and fails', async () => {
    vi.useFakeTimers();
    stubFetch({ '/qhyhlogin_false': { code: 100, msg: '账号或密码错误', data: { needCaptcha: true } } });
    const result = await unwrap(client.POST('/qhyhlogin_false', { body: { username: 'a', password: 'b' } }));
    expect(result).toMatchObject({ ok: false, code: 100, msg: '账号或密码错误', data: { needCaptcha: true } });
    expect($toast.get()).toMatchObject({ message: '账号或密码错误', duration: 1500 });
    await vi.advanceTimersByTimeAsync(1499);
    expect($toast.get()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect($toast.get()).toBeNull();
  });

  it.each([400, 403, 404, 409, 429, 500])('code %i fails with its message and shows nothing', async (code) => {
    stubFetch({ '/api/userinfo': () => json({ code, msg: `失败${code}` }, code) });
    const result = await userinfo();
    expect(result).toMatchObject({ ok: false, code, msg: `失败${code}` });
    expect($toast.get()).toBeNull();
    expect($dialogs.get()).toHaveLength(0);
  });

  it('hands the field errors of a 400 to the caller', async () => {
    const errors = [{ field: 'rylb', message: '请选择人员类别' }];
    stubFetch({ 'PUT /api/userinfo': () => json({ code: 400, msg: '请求参数不合法', errors }, 400) });
    const result = await unwrap(client.PUT('/api/userinfo', { body: { xm: '张三', rylb: '0' } }));
    expect(result).toMatchObject({ ok: false, code: 400, errors });
  });

  it('uses `message` when the envelope has no `msg`', async () => {
    stubFetch({ '/api/userinfo': { code: 500, message: '系统繁忙' } });
    expect(await userinfo()).toMatchObject({ ok: false, msg: '系统繁忙' });
  });

  it('a network failure gives an empty list with 网络错误 and shows 错误', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const result = await userinfo();
    expect(result).toEqual({ ok: false, code: -1, msg: NETWORK_ERROR, errors: [], data: [] });
    expect($dialogs.get()).toEqual([expect.objectContaining({ title: '错误', message: '网络错误' })]);
  });

  it('a transport failure (not an envelope) counts as a network failure', async () => {
    stubFetch({ '/api/userinfo': () => new Response('<html>502 Bad Gateway</html>', { status: 502 }) });
    expect(await userinfo()).toMatchObject({ ok: false, msg: NETWORK_ERROR, data: [] });
  });

  it('a call that suppresses messages shows nothing on network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const result = await unwrap(client.GET('/h5/getClientIP', { silent: true }));
    expect(result).toMatchObject({ ok: false, msg: NETWORK_ERROR, data: [] });
    expect($dialogs.get()).toHaveLength(0);
  });

  it('shows one 错误 alert for several failures at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await Promise.all([userinfo(), userinfo()]);
    expect($dialogs.get()).toHaveLength(1);
  });
});

describe('transport (spec §7)', () => {
  it('sends qhyhAuthorization: Bearer <token> from storage', async () => {
    localStorage.setItem('token', 'abc123');
    const fetch = stubFetch({ '/api/userinfo': { code: 200, data: sampleUser } });
    await userinfo();
    expect(requestsTo(fetch, '/api/userinfo')[0].headers.get('qhyhAuthorization')).toBe('Bearer abc123');
  });

  it('sends no auth header without a token', async () => {
    const fetch = stubFetch({ '/h5/fangwen': { code: 200, data: 1 } });
    await unwrap(client.GET('/h5/fangwen'));
    expect(requestsTo(fetch, '/h5/fangwen')[0].headers.has('qhyhAuthorization')).toBe(false);
  });

  it('never sends a field named no in the query', async () => {
    const fetch = stubFetch({ '/api/zhzx/xxtz/getListByType': { code: 200, rows: [], total: 0 } });
    await unwrap(
      client.GET('/api/zhzx/xxtz/getListByType', {
        params: { query: { pageNum: 2, no: 'x' } as { pageNum: number } },
      }),
    );
    const url = new URL(requestsTo(fetch, '/api/zhzx/xxtz/getListByType')[0].url);
    expect(url.searchParams.has('no')).toBe(false);
    expect(url.searchParams.get('pageNum')).toBe('2');
  });

  it('never sends a field named no in a JSON body', async () => {
    const fetch = stubFetch({ '/qhyhlogin_false': { code: 200, token: 't' } });
    await unwrap(
      client.POST('/qhyhlogin_false', {
        body: { username: 'u', password: 'p', no: 'HJ1' } as { username: string; password: string },
      }),
    );
    const body = await requestsTo(fetch, '/qhyhlogin_false')[0].json();
    expect(body).toEqual({ username: 'u', password: 'p' });
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (request: Request) =>
          new Promise((_resolve, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      ),
    );
    let settled: unknown;
    void unwrap(client.GET('/h5/fangwen')).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ ok: false, msg: NETWORK_ERROR, data: [] });
  });

  it('blob mode returns the raw data', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    stubFetch({
      '/common/download/announcement': () => new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const result = await unwrapBlob(
      client.GET('/common/download/announcement', { params: { query: { fileName: 'a.pdf' } }, parseAs: 'blob' }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(new Uint8Array(await result.data.arrayBuffer())).toEqual(pdf);
  });

  it('blob mode still reads a failure envelope', async () => {
    stubFetch({ '/common/download/announcement': () => json({ code: 404, msg: '文件不存在' }, 404) });
    const result = await unwrapBlob(
      client.GET('/common/download/announcement', { params: { query: { fileName: 'x.pdf' } }, parseAs: 'blob' }),
    );
    expect(result).toMatchObject({ ok: false, code: 404, msg: '文件不存在' });
  });

  it('shows the loading indicator while a call runs, unless the call opts out', async () => {
    let release: (() => void) | undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = () => resolve(json({ code: 200, data: 1 })))));
    vi.stubGlobal('fetch', fetch);
    const call = unwrap(client.GET('/h5/fangwen'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect($loading.get()).toBe(1);
    release!();
    await call;
    expect($loading.get()).toBe(0);

    const quiet = unwrap(client.GET('/h5/fangwen', { loading: false }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect($loading.get()).toBe(0);
    release!();
    await quiet;
    expect($loading.get()).toBe(0);
  });

  it('a quiet call that ends, or fails, while another call runs leaves the indicator to that call', async () => {
    const releases: (() => void)[] = [];
    const fetch = vi.fn((request: Request) =>
      request.url.includes('fail')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : new Promise<Response>((resolve) => releases.push(() => resolve(json({ code: 200, data: 1 })))),
    );
    vi.stubGlobal('fetch', fetch);
    const loud = unwrap(client.GET('/h5/fangwen'));
    const quiet = unwrap(client.GET('/h5/getClientIP', { loading: false }));
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    expect($loading.get()).toBe(1);
    releases[1]!();
    await quiet;
    expect($loading.get()).toBe(1);
    // A call that cannot reach the server, quiet or not, gives back only what it took.
    expect((await unwrap(client.GET('/h5/fangwen', { params: { query: { fail: 1 } } as never, loading: false, silent: true }))).ok).toBe(
      false,
    );
    expect($loading.get()).toBe(1);
    expect((await unwrap(client.GET('/h5/fangwen', { params: { query: { fail: 1 } } as never, silent: true }))).ok).toBe(false);
    expect($loading.get()).toBe(1);
    releases[0]!();
    await loud;
    expect($loading.get()).toBe(0);
  });
});
