import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import RegisterPage from '@/features/auth/register-page';
import ForgetPage from '@/features/auth/forget-page';
import { requestsTo, sampleUser, selectOption, stubFetch } from '../helpers';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

const smsServer = (extra: Record<string, unknown> = {}) =>
  stubFetch({
    '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u-1', img: 'data:image/svg+xml;base64,AA' } },
    '/api/registerOrLogin/imgCodeVerify': { code: 200, data: { smsTicket: 'st-1', expiresIn: 300 } },
    '/api/registerOrLogin/sendMsg': { code: 200, data: { resendAfter: 60, expiresIn: 300 } },
    '/api/dict/getSysDictByType': { code: 200, data: [] },
    ...extra,
  });

async function passPhoneAndSms() {
  await screen.findByRole('img', { name: '图形验证码' });
  type('手机号', '13800138000');
  type('图形验证码', 'ab12');
  fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
  await screen.findByLabelText('短信验证码');
}

describe('register', () => {
  it('walks phone + image code, SMS code with a 60 s resend countdown, then the details', async () => {
    const fetch = smsServer({
      '/api/registerOrLogin/register': { code: 200, token: 'new-token' },
      'POST /api/userinfo': { code: 200, data: sampleUser },
      '/api/userOpenSector': { code: 200, data: { openSectors: [] } },
    });
    history.replaceState(null, '', '/web/register');
    render(<RegisterPage />);
    await passPhoneAndSms();
    expect(await requestsTo(fetch, '/api/registerOrLogin/imgCodeVerify')[0].json()).toEqual({
      phone: '13800138000',
      code: 'ab12',
      uuid: 'u-1',
    });
    expect(await requestsTo(fetch, '/api/registerOrLogin/sendMsg')[0].json()).toEqual({
      phone: '13800138000',
      smsTicket: 'st-1',
      scene: 'register',
    });
    const resend = screen.getByRole('button', { name: /重新发送/ });
    expect(resend.textContent).toMatch(/^重新发送\((60|59)s\)$/);
    expect(resend).toHaveProperty('disabled', true);

    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('姓名');

    type('姓名', '王小明');
    type('身份证件号', '11010519491231002X');
    act(() => selectOption(screen.getByLabelText('人员类型'), '4'));
    expect(screen.getByLabelText('工作证号')).not.toBeNull();
    expect(screen.queryByLabelText('学号')).toBeNull();
    act(() => selectOption(screen.getByLabelText('人员类型'), '0'));
    type('学号', '2025000001');
    type('密码', 'abc12345');
    type('确认密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/home'));
    expect(await requestsTo(fetch, '/api/registerOrLogin/register')[0].json()).toEqual({
      phone: '13800138000',
      smsCode: '123456',
      xm: '王小明',
      sfzjh: '11010519491231002X',
      rylb: '0',
      xh: '2025000001',
      password: 'abc12345',
      password2: 'abc12345',
    });
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('counts the resend down and then offers 重新发送', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    smsServer();
    render(<RegisterPage />);
    await passPhoneAndSms();
    expect(screen.getByRole('button', { name: '重新发送(60s)' })).not.toBeNull();
    // Let the countdown's effect start its interval (effects run after paint, on real timers).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('button', { name: '重新发送(59s)' })).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    const resend = screen.getByRole('button', { name: '重新发送' });
    expect(resend).toHaveProperty('disabled', false);
    fireEvent.click(resend);
    expect((await screen.findByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
  });

  it('keeps the phone and asks for a new image code when the image code is wrong', async () => {
    const fetch = smsServer({
      '/api/registerOrLogin/imgCodeVerify': { code: 100, msg: '图形验证码错误或已过期' },
    });
    render(<RegisterPage />);
    type('手机号', '13800138000');
    type('图形验证码', 'zzzz');
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/registerOrLogin/sendMsgImgCode')).toHaveLength(2));
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
    expect(screen.queryByLabelText('短信验证码')).toBeNull();
  });
});

describe('forget', () => {
  it('resets the password after the SMS code and returns to login', async () => {
    const fetch = smsServer({
      '/api/registerOrLogin/retrievePassword': { code: 200, msg: '密码已重置，请重新登录' },
    });
    history.replaceState(null, '', '/web/forget');
    render(<ForgetPage />);
    await passPhoneAndSms();
    expect((await requestsTo(fetch, '/api/registerOrLogin/sendMsg')[0].json()).scene).toBe('forget');
    type('短信验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    type(await screen.findByLabelText('新密码').then(() => '新密码'), 'short');
    type('确认密码', 'other');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('密码至少8位，且须同时包含字母和数字');
    type('新密码', 'abc12345');
    type('确认密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/login'));
    expect(await requestsTo(fetch, '/api/registerOrLogin/retrievePassword')[0].json()).toEqual({
      phone: '13800138000',
      smsCode: '654321',
      password: 'abc12345',
      password2: 'abc12345',
    });
  });
});
