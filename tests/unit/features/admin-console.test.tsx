import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/preact';
import { App } from '@/app/app';
import { requireLogin } from '@/app/root';
import { client, unwrap } from '@/api/client';
import { isAdminPath } from '@shared/pages/paths';
import { $staff } from '@/console/staff';
import { $toast } from '@/state/ui';
import { json, requestsTo, sampleUser, stubFetch } from '../helpers';
import { adminAccount, adminMeta, dashboard, resetConsole, signInStaff, staffAccount } from './admin-fixtures';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

/** The calls every console page makes, plus a page's own. */
function consoleServer(me: typeof staffAccount | typeof adminAccount, extra: Record<string, unknown> = {}) {
  return stubFetch({
    'GET /api/admin/me': { code: 200, data: me },
    'GET /api/admin/meta': { code: 200, data: adminMeta },
    'GET /api/admin/dashboard': { code: 200, data: dashboard },
    ...extra,
  });
}

// The console and its pages load lazily: the first screen of a test may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(resetConsole);

describe('console sign-in (/web/admin/login)', () => {
  it('always asks for the image code, loads a new one after a failure, then signs in with its own token', async () => {
    localStorage.setItem('token', 'student-tok');
    let captchas = 0;
    let attempts = 0;
    const fetch = consoleServer(staffAccount, {
      'GET /api/admin/captcha': () => {
        captchas += 1;
        return { code: 200, data: { uuid: `u-${captchas}`, img: `data:image/svg+xml;base64,A${captchas}` } };
      },
      'POST /api/admin/login': () => {
        attempts += 1;
        return attempts === 1 ? { code: 100, msg: '图形验证码错误或已过期' } : { code: 200, msg: '登录成功', token: 'staff-tok-1' };
      },
    });
    history.replaceState(null, '', '/web/admin/login');
    render(<App />);

    const img = await screen.findByRole('img', { name: '图形验证码' });
    expect(img.getAttribute('src')).toBe('data:image/svg+xml;base64,A1');
    await vi.waitFor(() => expect(document.title).toBe('工作人员登录 - 户籍工作台'));
    expect(screen.queryByRole('banner')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('请输入登录名');
    expect(summary.textContent).toContain('请输入图形验证码');
    expect(requestsTo(fetch, '/api/admin/login')).toHaveLength(0);

    type('登录名', 'staff01');
    type('密码', 'Demo@2026');
    type('图形验证码', 'ABCD');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect($toast.get()?.message).toBe('图形验证码错误或已过期'));
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: '图形验证码' }).getAttribute('src')).toBe('data:image/svg+xml;base64,A2'),
    );
    expect((screen.getByLabelText('图形验证码') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('登录名') as HTMLInputElement).value).toBe('staff01');
    expect(await requestsTo(fetch, '/api/admin/login')[0].json()).toEqual({
      username: 'staff01',
      password: 'Demo@2026',
      code: 'ABCD',
      uuid: 'u-1',
    });

    type('图形验证码', 'EFGH');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/admin/'));
    expect(await requestsTo(fetch, '/api/admin/login')[1].json()).toMatchObject({ code: 'EFGH', uuid: 'u-2' });
    expect(localStorage.getItem('adminToken')).toBe('staff-tok-1');
    expect(localStorage.getItem('token')).toBe('student-tok');
    expect(requestsTo(fetch, '/api/admin/me')[0].headers.get('qhyhAuthorization')).toBe('Bearer staff-tok-1');
    expect(await screen.findByText('王办理（办理员）')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: '概览' })).not.toBeNull();
  });

  it('sends a console page opened without a session to the sign-in, and back after it', async () => {
    stubFetch({ 'GET /api/admin/captcha': { code: 200, data: { uuid: 'u', img: 'data:image/svg+xml;base64,AA' } } });
    history.replaceState(null, '', '/web/admin/applications?status=2');
    render(<App />);
    await vi.waitFor(() => expect(location.pathname).toBe('/web/admin/login'));
    expect(new URLSearchParams(location.search).get('next')).toBe('/applications?status=2');
  });
});

describe('the two sessions', () => {
  it('staff calls carry the console token, user calls the student token', async () => {
    localStorage.setItem('token', 'student-tok');
    signInStaff('staff-tok');
    const fetch = stubFetch({
      'GET /api/admin/me': { code: 200, data: staffAccount },
      'POST /api/userinfo': { code: 200, data: sampleUser },
    });
    await unwrap(client.GET('/api/admin/me'));
    await unwrap(client.POST('/api/userinfo', { body: {} }));
    expect(requestsTo(fetch, '/api/admin/me')[0].headers.get('qhyhAuthorization')).toBe('Bearer staff-tok');
    expect(requestsTo(fetch, '/api/userinfo')[0].headers.get('qhyhAuthorization')).toBe('Bearer student-tok');
  });

  it('a 401 on a staff call ends only the console session and goes to /admin/login after 1.5 s', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'student-tok');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    signInStaff('staff-tok');
    history.replaceState(null, '', '/web/admin/applications');
    stubFetch({ 'GET /api/admin/applications': () => json({ code: 401, msg: '登录已过期，请重新登录' }, 401) });

    const result = await unwrap(client.GET('/api/admin/applications', { params: { query: {} } }));

    expect(result).toMatchObject({ ok: false, code: 401 });
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('token')).toBe('student-tok');
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect($toast.get()?.message).toBe('登录已过期，请重新登录');
    await vi.advanceTimersByTimeAsync(1499);
    expect(location.pathname).toBe('/web/admin/applications');
    await vi.advanceTimersByTimeAsync(1);
    expect(location.pathname).toBe('/web/admin/login');
  });

  it('a 401 on a user call still goes to the student /login and keeps the console session', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'student-tok');
    signInStaff('staff-tok');
    history.replaceState(null, '', '/web/my');
    stubFetch({ 'POST /api/userinfo': () => json({ code: 401, msg: '请先登录' }, 401) });
    await unwrap(client.POST('/api/userinfo', { body: {} }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBe('staff-tok');
    await vi.advanceTimersByTimeAsync(1500);
    expect(location.pathname).toBe('/web/login');
  });
});

describe('root behaviour on /admin/*', () => {
  it('never says 请先登录 nor sends a staff member to the student /login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = stubFetch({ 'GET /api/admin/captcha': { code: 200, data: { uuid: 'u', img: 'data:image/svg+xml;base64,AA' } } });
    history.replaceState(null, '', '/web/admin/login');
    render(<App />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect($toast.get()).toBeNull();
    expect(location.pathname).toBe('/web/admin/login');
    expect(requestsTo(fetch, '/h5/getClientIP')).toHaveLength(0);
  });

  it('knows the console paths', () => {
    for (const p of ['/admin', '/admin/', '/admin/login', '/Admin/applications/5']) {
      expect(isAdminPath(p)).toBe(true);
      expect(requireLogin(p)).toBe(true);
    }
    for (const p of ['/administration', '/home', '/my']) expect(isAdminPath(p)).toBe(false);
    expect($toast.get()).toBeNull();
  });
});

describe('role-based menu', () => {
  const menuLinks = async () => {
    const nav = await screen.findByRole('navigation', { name: '工作台菜单' });
    return within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
  };

  it('shows a 办理员 the processing pages only', async () => {
    signInStaff();
    consoleServer(staffAccount);
    history.replaceState(null, '', '/web/admin');
    render(<App />);
    expect(await menuLinks()).toEqual(['概览', '待办队列', '借出户口卡', '问答', '评价']);
    expect(screen.queryByRole('heading', { name: '设置' })).toBeNull();
    expect(screen.getByRole('link', { name: '概览' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a 管理员 the settings, content and system pages too', async () => {
    signInStaff();
    consoleServer(adminAccount);
    history.replaceState(null, '', '/web/admin');
    render(<App />);
    const links = await menuLinks();
    expect(links).toEqual([
      '概览',
      '待办队列',
      '借出户口卡',
      '问答',
      '评价',
      '首页板块',
      '提示与迎新时间',
      '预约名额',
      '字典',
      '派出所',
      '集体户',
      '通知模板',
      '办事指南',
      '通知公告',
      '轮播图',
      '联系我们',
      '工作人员',
      '校园身份名册',
      '审计日志',
      '登录日志',
      '在线用户',
      '服务监控',
      '定时任务',
    ]);
    expect($staff.get()?.role).toBe('admin');
  });

  it('shows a 办理员 who types a 管理员 page’s address 无权限 with the way back, not 页面不存在', async () => {
    signInStaff();
    const fetch = consoleServer(staffAccount);
    history.replaceState(null, '', '/web/admin/staff');
    render(<App />);
    expect(await screen.findByRole('heading', { name: '无权限' })).not.toBeNull();
    expect(screen.getByText('您没有权限访问该页面，请联系管理员')).not.toBeNull();
    expect(screen.queryByText(/页面不存在/)).toBeNull();
    await vi.waitFor(() => expect(document.title).toBe('无权限 - 户籍工作台'));
    expect(requestsTo(fetch, '/api/admin/staff')).toHaveLength(0);

    fireEvent.click(screen.getByRole('link', { name: '返回概览' }));
    expect(await screen.findByRole('heading', { name: '概览' })).not.toBeNull();
    expect(location.pathname).toBe('/web/admin/');
    await vi.waitFor(() => expect(document.title).toBe('概览 - 户籍工作台'));
  });

  it('a 管理员 opens the same address; an address that is no page says 页面不存在 with the way back', async () => {
    signInStaff();
    consoleServer(adminAccount, { 'GET /api/admin/staff': { code: 200, data: [adminAccount] } });
    history.replaceState(null, '', '/web/admin/staff');
    render(<App />);
    expect(await screen.findByRole('heading', { name: '工作人员' })).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '无权限' })).toBeNull();

    history.pushState(null, '', '/web/admin/no-such-page');
    dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('heading', { name: '页面不存在' })).not.toBeNull();
    expect(screen.getByRole('link', { name: '返回概览' }).getAttribute('href')).toBe('/web/admin/');
    await vi.waitFor(() => expect(document.title).toBe('页面不存在 - 户籍工作台'));
  });

  it('signs out: revokes the token and returns to the sign-in', async () => {
    signInStaff();
    const fetch = consoleServer(staffAccount, {
      'POST /api/admin/logout': { code: 200, msg: '已退出登录' },
      'GET /api/admin/captcha': { code: 200, data: { uuid: 'u', img: 'data:image/svg+xml;base64,AA' } },
    });
    history.replaceState(null, '', '/web/admin');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/admin/login'));
    expect(requestsTo(fetch, '/api/admin/logout')[0].headers.get('qhyhAuthorization')).toBe('Bearer staff-tok');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});

describe('dashboard', () => {
  it('shows overdue items, ratings, applications per service and the median time', async () => {
    signInStaff();
    consoleServer(staffAccount);
    history.replaceState(null, '', '/web/admin');
    render(<App />);
    const waiting = await screen.findByRole('link', { name: /超过 3 天未办理/ });
    expect(waiting.textContent).toContain('2');
    expect(waiting.getAttribute('href')).toBe('/web/admin/applications?status=1');
    expect(screen.getByRole('link', { name: /逾期未还的户口卡/ }).getAttribute('href')).toBe('/web/admin/borrowed-cards?overdue=1');
    expect(screen.getByRole('link', { name: /平均评分/ }).textContent).toContain('4.20');
    expect(screen.getAllByRole('link', { name: '身份证办理' })[0].getAttribute('href')).toBe('/web/admin/applications?kind=sfzbl');
    expect(screen.getByText('30.0 小时')).not.toBeNull();
  });
});
