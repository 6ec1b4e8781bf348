import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { App } from '@/app/app';
import { signedOnGreeting, SSO_FAILED, TEACHER_OK } from '@/app/ticket-login';
import { $clientIp } from '@/stores/client-ip';
import { $sectors } from '@/stores/sectors';
import { $session } from '@/state/session';
import { $toast } from '@/state/ui';
import { json, requestsTo, sampleUser, stubFetch } from './helpers';

const sectors = { openSectors: [{ sectorCode: '10', sectorName: '通知公告' }], tips: null, yxStartTime: null, yxEndTime: null };

function ticketServer(user: typeof sampleUser | Record<string, unknown>) {
  return stubFetch({
    '/h5/getClientIP': { code: 200, data: '127_0_0_1' },
    '/h5/validateTicket': (r: Request) => {
      const q = new URL(r.url).searchParams;
      return q.get('ticket') === 'ST-1' && q.get('ip') === '127.0.0.1'
        ? { code: 200, data: 'sso-token' }
        : { code: 100, msg: '统一身份认证失败，请重新登录' };
    },
    'POST /api/userinfo': { code: 200, data: user },
    '/api/userOpenSector': { code: 200, data: sectors },
    '/api/zhzx/wdhj/getInfo': { code: 200, data: { hjzt: '0', hkIn: false } },
  });
}

describe('single sign-on by ticket (spec §2)', () => {
  it('validates the ticket with the client IP, loads the user, alerts 注意 with scfcmessage, then /my', async () => {
    history.replaceState(null, '', '/web/home?ticket=ST-1');
    const fetch = ticketServer({ ...sampleUser, loginType: '2', scfc: '1', scfcmessage: '您的户口已迁出，请尽快办理相关手续' });
    render(<App />);

    const alert = await screen.findByRole('alertdialog', { name: '注意' });
    expect(alert.textContent).toContain('您的户口已迁出，请尽快办理相关手续');
    expect(location.pathname).toBe('/web/my');
    expect(location.search).toBe('');
    expect(localStorage.getItem('token')).toBe('sso-token');
    expect($session.get().userInfo?.scfc).toBe('1');
    const validate = new URL(requestsTo(fetch, '/h5/validateTicket')[0].url).searchParams;
    expect(validate.get('ip')).toBe('127.0.0.1');
    expect(requestsTo(fetch, '/api/userinfo')[0].headers.get('qhyhAuthorization')).toBe('Bearer sso-token');
    expect($clientIp.get()).toBe('127.0.0.1');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('otherwise alerts 信息: the teacher may process collective household business normally', async () => {
    history.replaceState(null, '', '/web/my?ticket=ST-1');
    ticketServer({ ...sampleUser, loginType: '2', rylb: '4', scfc: '0' });
    render(<App />);
    const alert = await screen.findByRole('alertdialog', { name: '信息' });
    expect(alert.textContent).toContain(TEACHER_OK);
    expect(TEACHER_OK).toBe('老师您好，您可正常办理集体户口相关业务');
    expect(location.pathname).toBe('/web/my');
  });

  it('greets a student as 同学 and a family member plainly, not as 老师', async () => {
    expect(signedOnGreeting('0')).toBe('同学您好，您可正常办理集体户口相关业务');
    expect(signedOnGreeting('7')).toBe(signedOnGreeting('2'));
    expect(signedOnGreeting('3')).toBe(TEACHER_OK);
    expect(signedOnGreeting('5')).toBe('您好，您可正常办理集体户口相关业务');
    history.replaceState(null, '', '/web/my?ticket=ST-1');
    ticketServer({ ...sampleUser, loginType: '2', rylb: '1', scfc: '0' });
    render(<App />);
    const alert = await screen.findByRole('alertdialog', { name: '信息' });
    expect(alert.textContent).toContain('同学您好，您可正常办理集体户口相关业务');
    expect(alert.textContent).not.toContain('老师');
  });

  it('a callback with a return route sends that route (never an address) and opens it after sign-on', async () => {
    history.replaceState(null, '', '/web/my?next=%2Fborrow&ticket=ST-1');
    const fetch = ticketServer({ ...sampleUser, loginType: '2', rylb: '4', scfc: '0' });
    render(<App />);
    await screen.findByRole('alertdialog', { name: '信息' });
    const validate = new URL(requestsTo(fetch, '/h5/validateTicket')[0].url).searchParams;
    expect(validate.get('next')).toBe('/borrow');
    expect(validate.has('service')).toBe(false);
    expect(location.pathname).toBe('/web/borrow');
  });

  it('a return route that is not one of the app’s own routes is not sent, and sign-on opens /my', async () => {
    history.replaceState(null, '', '/web/my?next=%2F%2Fevil.example%2Fx&ticket=ST-1');
    const fetch = ticketServer({ ...sampleUser, loginType: '2', rylb: '4', scfc: '0' });
    render(<App />);
    await screen.findByRole('alertdialog', { name: '信息' });
    expect(new URL(requestsTo(fetch, '/h5/validateTicket')[0].url).searchParams.has('next')).toBe(false);
    expect(location.pathname).toBe('/web/my');
  });

  it('a refused ticket: the sign-in page with the server message in an alert that stays until dismissed', async () => {
    history.replaceState(null, '', '/web/my?ticket=BAD');
    ticketServer(sampleUser);
    render(<App />);
    const alert = await screen.findByRole('alertdialog', { name: SSO_FAILED });
    expect(alert.textContent).toContain('统一身份认证失败，请重新登录');
    expect(alert.textContent).toContain('账号密码登录');
    expect(location.pathname).toBe('/web/login');
    // Not a toast that is gone in a moment: the alert is still there after the toast's time.
    await new Promise((done) => setTimeout(done, 2000));
    expect(screen.getByRole('alertdialog', { name: SSO_FAILED })).not.toBeNull();
    expect($toast.get()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
  }, 10_000);

  it('lands on 我的户籍 with the household record loaded (the page was open before the session existed)', async () => {
    history.replaceState(null, '', '/web/my?ticket=ST-1');
    const fetch = ticketServer({ ...sampleUser, loginType: '2', rylb: '4', scfc: '0' });
    render(<App />);
    await screen.findByRole('alertdialog', { name: '信息' });
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/zhzx/wdhj/getInfo')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText('正在加载户籍信息…')).toBeNull());
    expect(await screen.findByText('户籍状态')).not.toBeNull();
  });
});

describe('single sign-on failures are never silent (issue 9)', () => {
  it('a 429 from validateTicket (many students behind one NAT) says so and goes to /login', async () => {
    history.replaceState(null, '', '/web/my?ticket=ST-1');
    stubFetch({
      '/h5/getClientIP': { code: 200, data: '127_0_0_1' },
      '/h5/validateTicket': () => json({ code: 429, msg: '请求过于频繁，请稍后再试' }, 429),
    });
    render(<App />);
    const alert = await screen.findByRole('alertdialog', { name: SSO_FAILED });
    expect(alert.textContent).toContain('请求过于频繁，请稍后再试');
    expect(alert.textContent).toContain('账号密码登录');
    await vi.waitFor(() => expect(location.pathname).toBe('/web/login'), { timeout: 3000 });
  });

  it('a valid ticket whose user info fails says so, forgets the token and goes to /login', async () => {
    history.replaceState(null, '', '/web/my?ticket=ST-1');
    stubFetch({
      '/h5/getClientIP': { code: 200, data: '127_0_0_1' },
      '/h5/validateTicket': { code: 200, data: 'sso-token' },
      'POST /api/userinfo': () => json({ code: 500, msg: '服务器内部错误' }, 500),
    });
    render(<App />);
    const alert = await screen.findByRole('alertdialog', { name: SSO_FAILED });
    expect(alert.textContent).toContain('未能读取您的账号信息');
    await vi.waitFor(() => expect(location.pathname).toBe('/web/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('start without a ticket', () => {
  it('fills the store from the stored user and loads the sectors', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    history.replaceState(null, '', '/web/home');
    const fetch = stubFetch({
      '/h5/getClientIP': { code: 200, data: '10_0_0_8' },
      '/api/userOpenSector': { code: 200, data: sectors },
    });
    render(<App />);
    await vi.waitFor(() => expect($sectors.get().loaded).toBe(true));
    expect($session.get().userInfo).toEqual(sampleUser);
    expect(requestsTo(fetch, '/api/userOpenSector')).toHaveLength(1);
    expect($clientIp.get()).toBe('10.0.0.8');
    expect($toast.get()).toBeNull();
    expect(await screen.findByRole('link', { name: /通知公告/ })).not.toBeNull();
  });

  it('reads the stored user again, quietly: a move-in finished since the sign-in shows (hkIn)', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userInfo', JSON.stringify({ ...sampleUser, rylb: '7', hkIn: false }));
    history.replaceState(null, '', '/web/home');
    const fetch = stubFetch({
      '/h5/getClientIP': { code: 200, data: '10_0_0_8' },
      '/api/userOpenSector': { code: 200, data: sectors },
      'POST /api/userinfo': { code: 200, data: { ...sampleUser, rylb: '7', hkIn: true } },
    });
    render(<App />);
    await vi.waitFor(() => expect($session.get().userInfo?.hkIn).toBe(true));
    expect(JSON.parse(localStorage.getItem('userInfo')!).hkIn).toBe(true);
    expect(requestsTo(fetch, '/api/userinfo')[0].headers.get('qhyhAuthorization')).toBe('Bearer tok');
  });

  it('without a session: the toast 请先登录, then /login after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    history.replaceState(null, '', '/web/home');
    const fetch = stubFetch({ '/h5/getClientIP': { code: 200, data: '127_0_0_1' } });
    render(<App />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect($toast.get()).toMatchObject({ message: '请先登录', duration: 1500 });
    expect(screen.getByRole('status').textContent).toContain('请先登录');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1499);
    });
    expect(location.pathname).toBe('/web/home');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(location.pathname).toBe('/web/login');
    expect(requestsTo(fetch, '/h5/getClientIP')).toHaveLength(1);
  });

  it.each(['/web/login', '/web/register', '/web/forget', '/web/announcement', '/web/Announcement'])(
    'needs no login on %s',
    async (path) => {
      stubFetch({});
      history.replaceState(null, '', path);
      render(<App />);
      await act(async () => {});
      expect($toast.get()).toBeNull();
    },
  );
});

describe('shell', () => {
  it('sets a Chinese title per route and shows 页面不存在 for a route without a screen', async () => {
    stubFetch({});
    history.replaceState(null, '', '/web/login');
    render(<App />);
    await vi.waitFor(() => expect(document.title).toBe('登录'));
    expect(await screen.findByRole('button', { name: '登录' })).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });

  it('shows the 404 page with a link home', async () => {
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    stubFetch({});
    history.replaceState(null, '', '/web/no-such-page');
    render(<App />);
    expect((await screen.findByRole('link', { name: '返回首页' })).getAttribute('href')).toBe('/web/home');
    expect(screen.getByRole('heading', { level: 2, name: '页面不存在' })).not.toBeNull();
    expect(document.title).toBe('页面不存在');
  });

  it('shows the tab bar on tab pages; switching replaces the route', async () => {
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    stubFetch({ '/api/userOpenSector': { code: 200, data: sectors } });
    history.replaceState(null, '', '/web/home');
    render(<App />);
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(nav.textContent).toBe('办事服务我的申请我的户籍');
    expect(screen.getByRole('link', { name: '办事服务' }).getAttribute('aria-current')).toBe('page');
    const before = history.length;
    fireEvent.click(screen.getByRole('link', { name: '我的户籍' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/my'));
    expect(history.length).toBe(before);
    await vi.waitFor(() => expect(document.title).toBe('我的户籍'));
  });
});
