import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import RegisterPage from '@/features/auth/register-page';
import ForgetPage from '@/features/auth/forget-page';
import { $toast } from '@/state/ui';
import { requestsTo, sampleUser, selectOption, stubFetch } from '../helpers';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

const smsServer = (extra: Record<string, unknown> = {}) =>
  stubFetch({
    '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u-1', img: 'data:image/svg+xml;base64,AA' } },
    '/api/registerOrLogin/imgCodeVerify': { code: 200, data: { smsTicket: 'st-1', expiresIn: 300 } },
    '/api/registerOrLogin/sendMsg': { code: 200, data: { resendAfter: 60, expiresIn: 300 } },
    '/api/registerOrLogin/verifySmsCode': { code: 200, data: { phoneTicket: 'pt-1', expiresIn: 600 } },
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
    expect(await requestsTo(fetch, '/api/registerOrLogin/verifySmsCode')[0].json()).toEqual({
      phone: '13800138000',
      smsCode: '123456',
      scene: 'register',
    });

    type('姓名', '王小明');
    type('身份证件号', '11010519491231002X');
    // The person types load while the first steps are on screen (a lazy module).
    await waitFor(() => expect(screen.getByLabelText('人员类型').querySelector('option[value="4"]')).not.toBeNull());
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
      phoneTicket: 'pt-1',
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
    expect(((await screen.findByLabelText('手机号')) as HTMLInputElement).value).toBe('13800138000');
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

describe('register: the SMS code at its step, every field kept', () => {
  const WRONG = { code: 400, msg: '短信验证码错误或已过期', errors: [{ field: 'smsCode', message: '短信验证码错误或已过期' }] };
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;

  async function fillDetails() {
    type('姓名', '王小明');
    type('身份证件号', '11010519491231002X');
    act(() => selectOption(screen.getByLabelText('人员类型'), '0'));
    type('学号', '2025000001');
    type('密码', 'abc12345');
    type('确认密码', 'abc12345');
  }

  it('a wrong code is refused at its step, under the code field, and the step stays', async () => {
    let tries = 0;
    const fetch = smsServer({
      '/api/registerOrLogin/verifySmsCode': () =>
        ++tries === 1
          ? new Response(JSON.stringify(WRONG), { status: 400, headers: { 'Content-Type': 'application/json' } })
          : { code: 200, data: { phoneTicket: 'pt-2', expiresIn: 600 } },
    });
    render(<RegisterPage />);
    await passPhoneAndSms();
    type('短信验证码', '000000');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await vi.waitFor(() => expect(field('短信验证码').getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(field('短信验证码').getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error?.textContent).toBe('短信验证码错误或已过期');
    expect($toast.get(), 'not a passing toast').toBeNull();
    expect(screen.queryByLabelText('姓名')).toBeNull();
    expect(screen.getByRole('heading', { name: /第2步/ })).not.toBeNull();
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('姓名');
    expect(requestsTo(fetch, '/api/registerOrLogin/verifySmsCode')).toHaveLength(2);
  });

  it('going back to the SMS step and on again keeps every field; the used code is not checked again', async () => {
    const fetch = smsServer({ '/api/registerOrLogin/register': { code: 100, msg: '该手机号已注册' } });
    render(<RegisterPage />);
    await passPhoneAndSms();
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('姓名');
    await fillDetails();
    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    expect(field('短信验证码').value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('姓名');
    expect(requestsTo(fetch, '/api/registerOrLogin/verifySmsCode')).toHaveLength(1);
    expect(field('姓名').value).toBe('王小明');
    expect(field('身份证件号').value).toBe('11010519491231002X');
    expect((screen.getByLabelText(/^人员类型/) as HTMLSelectElement).value).toBe('0');
    expect(field('学号').value).toBe('2025000001');
    expect(field('密码').value).toBe('abc12345');
    expect(field('确认密码').value).toBe('abc12345');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/registerOrLogin/register')).toHaveLength(1));
    expect((await requestsTo(fetch, '/api/registerOrLogin/register')[0].json()).phoneTicket).toBe('pt-1');
  });

  it('a ticket the server finds spent sends the user back to the SMS step, the message under the code, the details kept', async () => {
    const SPENT = {
      code: 400,
      msg: '短信验证已失效，请重新获取验证码',
      errors: [{ field: 'phoneTicket', message: '短信验证已失效，请重新获取验证码' }],
    };
    smsServer({
      '/api/registerOrLogin/register': () =>
        new Response(JSON.stringify(SPENT), { status: 400, headers: { 'Content-Type': 'application/json' } }),
    });
    render(<RegisterPage />);
    await passPhoneAndSms();
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('姓名');
    await fillDetails();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await screen.findByLabelText(/^短信验证码/);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('短信验证已失效，请重新获取验证码'));
    expect(field('短信验证码').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('forget', () => {
  it('keeps the new password when going back to the SMS step and on again', async () => {
    smsServer();
    render(<ForgetPage />);
    await passPhoneAndSms();
    type('短信验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText(/^新密码/);
    type('新密码', 'abc12345');
    type('确认密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    expect(((await screen.findByLabelText(/^新密码/)) as HTMLInputElement).value).toBe('abc12345');
    expect((screen.getByLabelText(/^确认密码/) as HTMLInputElement).value).toBe('abc12345');
  });

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
    expect(await requestsTo(fetch, '/api/registerOrLogin/verifySmsCode')[0].json()).toEqual({
      phone: '13800138000',
      smsCode: '654321',
      scene: 'forget',
    });
    expect(await requestsTo(fetch, '/api/registerOrLogin/retrievePassword')[0].json()).toEqual({
      phone: '13800138000',
      phoneTicket: 'pt-1',
      password: 'abc12345',
      password2: 'abc12345',
    });
  });
});
