import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import LoginPage from '@/features/auth/login-page';
import { $session } from '@/state/session';
import { requestsTo, sampleUser, stubFetch } from '../helpers';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('login screen', () => {
  it('shows the visit count and links to 注册 and 忘记密码', async () => {
    stubFetch({ '/h5/fangwen': { code: 200, data: 12345 } });
    render(<LoginPage />);
    expect(await screen.findByText('访问量：12345')).not.toBeNull();
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/web/register');
    expect(screen.getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe('/web/forget');
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
  });

  it('checks the fields before calling the server', async () => {
    const fetch = stubFetch({});
    render(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('请输入账号');
    expect(summary.textContent).toContain('请输入密码');
    expect(requestsTo(fetch, '/qhyhlogin_false')).toHaveLength(0);
  });

  it('signs in, stores the session and goes home', async () => {
    history.replaceState(null, '', '/web/login');
    const fetch = stubFetch({
      '/qhyhlogin_false': { code: 200, token: 'tok-9' },
      'POST /api/userinfo': { code: 200, data: sampleUser },
      '/api/userOpenSector': { code: 200, data: { openSectors: [] } },
    });
    render(<LoginPage />);
    type('账号', '2023010101');
    type('密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/home'));
    expect(await requestsTo(fetch, '/qhyhlogin_false')[0].json()).toEqual({ username: '2023010101', password: 'abc12345' });
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect($session.get().userInfo).toEqual(sampleUser);
  });

  it('shows the image code when the server asks for it, keeps what was typed, then uses /qhyhlogin', async () => {
    const fetch = stubFetch({
      '/qhyhlogin_false': { code: 100, msg: '请输入图形验证码', data: { needCaptcha: true } },
      '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u-1', img: 'data:image/svg+xml;base64,AA' } },
      '/qhyhlogin': { code: 100, msg: '图形验证码错误或已过期', data: { needCaptcha: true } },
    });
    render(<LoginPage />);
    type('账号', 'zhang');
    type('密码', 'secret99');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const code = await screen.findByLabelText('图形验证码');
    expect(await screen.findByRole('img', { name: '图形验证码' })).not.toBeNull();
    expect((screen.getByLabelText('账号') as HTMLInputElement).value).toBe('zhang');
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('secret99');

    fireEvent.input(code, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(requestsTo(fetch, '/qhyhlogin')).toHaveLength(1));
    expect(await requestsTo(fetch, '/qhyhlogin')[0].json()).toEqual({
      username: 'zhang',
      password: 'secret99',
      code: 'ab12',
      uuid: 'u-1',
    });
    // A used image code is replaced by a new one.
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/registerOrLogin/sendMsgImgCode')).toHaveLength(2));
  });

  it('shows the image code after 3 failures even if the server did not ask', async () => {
    const fetch = stubFetch({
      '/qhyhlogin_false': { code: 100, msg: '账号或密码错误', data: { needCaptcha: false } },
      '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u', img: 'data:image/svg+xml;base64,AA' } },
    });
    render(<LoginPage />);
    type('账号', 'zhang');
    type('密码', 'wrong123');
    for (let i = 1; i <= 3; i++) {
      if (i === 3) expect(screen.queryByLabelText('图形验证码')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '登录' }));
      await vi.waitFor(() => expect(requestsTo(fetch, '/qhyhlogin_false')).toHaveLength(i));
      await vi.waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
      await act(async () => {});
    }
    expect(await screen.findByLabelText('图形验证码')).not.toBeNull();
  });

  it('after a needCaptcha answer, a page opened within the hour shows the image code at once; nothing secret is kept; an hour later it is gone', async () => {
    const now = vi.spyOn(Date, 'now');
    const t0 = 1_800_000_000_000;
    now.mockReturnValue(t0);
    stubFetch({
      '/qhyhlogin_false': { code: 100, msg: '账号或密码错误', data: { needCaptcha: true } },
      '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u', img: 'data:image/svg+xml;base64,AA' } },
    });
    const first = render(<LoginPage />);
    type('账号', '13800138001');
    type('密码', 'wrong123');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByLabelText(/^图形验证码/)).not.toBeNull();
    // Nothing secret is kept, not even the name.
    const stored = localStorage.getItem('loginCaptcha') ?? '';
    expect(stored).not.toContain('13800138001');
    expect(stored).not.toContain('wrong123');
    first.unmount();

    // Half an hour later, on a page opened afresh: at once (the last answer asked for it), and for that name.
    now.mockReturnValue(t0 + 1800_000);
    const again = render(<LoginPage />);
    expect(screen.getByLabelText(/^图形验证码/)).not.toBeNull();
    type('账号', '13800138001');
    expect(screen.getByLabelText(/^图形验证码/)).not.toBeNull();
    // Another account on the same phone is not asked for the code the first one earned (the server asks if it must).
    type('账号', '13800138002');
    expect(screen.queryByLabelText(/^图形验证码/)).toBeNull();
    again.unmount();
    // After the hour it is forgotten: no field at open, nor for that name.
    now.mockReturnValue(t0 + 3601_000);
    render(<LoginPage />);
    expect(screen.queryByLabelText(/^图形验证码/)).toBeNull();
    type('账号', '13800138001');
    expect(screen.queryByLabelText(/^图形验证码/)).toBeNull();
    now.mockRestore();
  });

  it('shows the field as soon as a remembered name is typed, and forgets it after a success', async () => {
    const { rememberCaptcha, captchaExpectedFor } = await import('@/features/auth/captcha-memory');
    rememberCaptcha('zhang');
    // The page-open hint alone is not what this checks.
    const memory = JSON.parse(localStorage.getItem('loginCaptcha')!);
    localStorage.setItem('loginCaptcha', JSON.stringify({ names: memory.names }));
    history.replaceState(null, '', '/web/login');
    const fetch = stubFetch({
      '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u-7', img: 'data:image/svg+xml;base64,AA' } },
      '/qhyhlogin': { code: 200, token: 'tok-7' },
      'POST /api/userinfo': { code: 200, data: sampleUser },
      '/api/userOpenSector': { code: 200, data: { openSectors: [] } },
    });
    render(<LoginPage />);
    expect(screen.queryByLabelText(/^图形验证码/)).toBeNull();
    type('账号', 'li');
    expect(screen.queryByLabelText(/^图形验证码/)).toBeNull();
    type('账号', 'zhang');
    const code = await screen.findByLabelText(/^图形验证码/);
    await screen.findByRole('img', { name: '图形验证码' });
    type('密码', 'abc12345');
    fireEvent.input(code, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/home'));
    expect(await requestsTo(fetch, '/qhyhlogin')[0].json()).toEqual({ username: 'zhang', password: 'abc12345', code: 'ab12', uuid: 'u-7' });
    expect(requestsTo(fetch, '/qhyhlogin_false')).toHaveLength(0);
    expect(captchaExpectedFor('zhang')).toBe(false);
    expect(localStorage.getItem('loginCaptcha')).toBeNull();
  });

  it('a double tap signs in once', async () => {
    let release!: (r: Response) => void;
    const fetch = vi.fn((r: Request) =>
      new URL(r.url).pathname === '/qhyhlogin_false'
        ? new Promise<Response>((resolve) => (release = resolve))
        : Promise.resolve(
            new Response(JSON.stringify({ code: 404, msg: '' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
          ),
    );
    vi.stubGlobal('fetch', fetch);
    render(<LoginPage />);
    type('账号', 'zhang');
    type('密码', 'abc12345');
    const button = screen.getByRole('button', { name: '登录' });
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', true));
    fireEvent.click(button);
    const logins = () => fetch.mock.calls.filter(([r]) => new URL((r as Request).url).pathname === '/qhyhlogin_false');
    await vi.waitFor(() => expect(logins()).toHaveLength(1));
    release(new Response(JSON.stringify({ code: 100, msg: '账号或密码错误' }), { headers: { 'Content-Type': 'application/json' } }));
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(logins()).toHaveLength(1);
  });

  it('统一身份认证 asks for the CAS address (naming no service: the server binds the ticket to its own callback) and goes there', async () => {
    const assign = vi.fn();
    const fetch = stubFetch({ '/h5/getUnifiedLoginUrl': { code: 200, data: 'https://cas.example.edu.cn/cas/login?service=x' } });
    const href = vi.spyOn(window.location, 'href', 'set').mockImplementation(assign);
    render(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: '统一身份认证' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://cas.example.edu.cn/cas/login?service=x'));
    expect(new URL(requestsTo(fetch, '/h5/getUnifiedLoginUrl')[0].url).search).toBe('');
    href.mockRestore();
  });
});
