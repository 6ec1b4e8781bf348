import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import MyPage from '@/features/my/my-page';
import InfoPage from '@/features/my/info-page';
import { DialogHost } from '@/components/ui/dialog';
import { setToken, setUserInfo, $session } from '@/state/session';
import { requestsTo, sampleUser, selectOption, stubFetch } from '../helpers';

const record = {
  hjzt: '1',
  hjztmc: '在册',
  hkIn: true,
  xm: '张三',
  sfzjh: '11010519491231002X',
  hh: '110108123456',
  jthmc: '示范大学学生集体户',
  hkkzt: '1',
  hkkztmc: '已借出',
  hkkyhrq: '2026-12-01',
};

describe('我的户籍', () => {
  it('shows the record with the ID number masked, the booklet status and the links', async () => {
    setUserInfo(sampleUser);
    stubFetch({ '/api/zhzx/wdhj/getInfo': { code: 200, data: record } });
    render(<MyPage />);
    expect(await screen.findByText('1101**********002X')).not.toBeNull();
    expect(screen.queryByText('11010519491231002X')).toBeNull();
    expect(screen.getByText('已借出')).not.toBeNull();
    expect(screen.getByText('2026-12-01')).not.toBeNull();
    for (const [name, href] of [
      ['个人信息', '/web/info'],
      ['消息通知', '/web/news'],
      ['通知公告', '/web/announcement'],
      ['联系我们', '/web/contact-information'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('大字模式 switches WeUI care mode on and off, and is remembered', async () => {
    setUserInfo(sampleUser);
    stubFetch({ '/api/zhzx/wdhj/getInfo': { code: 200, data: record } });
    render(<MyPage />);
    const toggle = screen.getByRole('switch', { name: '大字模式' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(document.body.getAttribute('data-weui-mode')).toBe('care');
    expect(localStorage.getItem('careMode')).toBe('1');
    fireEvent.click(toggle);
    expect(document.body.hasAttribute('data-weui-mode')).toBe(false);
    expect(localStorage.getItem('careMode')).toBe('0');
  });

  it('follows WeChat’s care mode until the user chooses', async () => {
    const { initCareMode } = await import('@/lib/care-mode');
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0.50');
    const invoke = vi.fn((_name: string, _args: object, done: (r: { isCareMode: boolean }) => void) => done({ isCareMode: true }));
    (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    initCareMode();
    expect(invoke).toHaveBeenCalledWith('getUserConfig', {}, expect.any(Function));
    expect(document.body.getAttribute('data-weui-mode')).toBe('care');
    document.body.removeAttribute('data-weui-mode');
    localStorage.setItem('careMode', '0');
    initCareMode();
    expect(document.body.hasAttribute('data-weui-mode')).toBe(false);
    delete (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge;
    ua.mockRestore();
  });

  it('logs out after confirming', async () => {
    setToken('tok');
    setUserInfo(sampleUser);
    const fetch = stubFetch({ '/api/zhzx/wdhj/getInfo': { code: 200, data: record }, '/api/logout': { code: 200 } });
    history.replaceState(null, '', '/web/my');
    render(
      <>
        <MyPage />
        <DialogHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(localStorage.getItem('token')).toBe('tok');
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/web/login'));
    expect(requestsTo(fetch, '/api/logout')[0].headers.get('qhyhAuthorization')).toBe('Bearer tok');
    expect(localStorage.getItem('token')).toBeNull();
    expect($session.get().userInfo).toBeNull();
  });
});

describe('个人信息', () => {
  const recorded = { ...sampleUser, rylbmc: '本科生', sfzjh: '1101**********002X', phone: '138****8000' };
  const cell = (label: string) => screen.getByText(label).closest('.weui-cell')?.textContent;

  it("shows the office's record read-only (ID number masked), nothing to edit, and 申请变更信息 opens 其他信息变更 on 人员类型变更", async () => {
    history.replaceState(null, '', '/web/info');
    setUserInfo(recorded);
    const fetch = stubFetch({ 'POST /api/userinfo': { code: 200, data: recorded }, '/api/dict/getSysDictByType': { code: 200, data: [] } });
    render(<InfoPage />);
    expect(cell('姓名')).toBe('姓名张三');
    expect(cell('身份证件号')).toBe('身份证件号1101**********002X');
    expect(cell('人员类型')).toBe('人员类型本科生');
    expect(cell('学号')).toBe('学号2023010101');
    expect(screen.getByText(/以上信息以户籍办的登记为准/)).not.toBeNull();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '申请变更信息' }));
    await vi.waitFor(() => expect(location.pathname + location.search).toBe('/web/change/other?bslx=110'));
    expect(requestsTo(fetch, '/api/userinfo').filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('an account without a person type (single sign-on gave none) must choose one, and saves only the type', async () => {
    const typeless = { ...recorded, rylb: null, rylbmc: undefined, xh: null };
    setUserInfo(typeless);
    const fetch = stubFetch({
      'POST /api/userinfo': { code: 200, data: typeless },
      '/api/dict/getSysDictByType': { code: 200, data: [] },
      'PUT /api/userinfo': async (r: Request) => ({ code: 200, data: { ...recorded, ...(await r.clone().json()), rylbmc: '硕士研究生' } }),
      '/api/userOpenSector': { code: 200, data: { openSectors: [] } },
    });
    render(<InfoPage />);
    expect(screen.queryByText('人员类型', { selector: '.weui-cell__bd' })).toBeNull();
    expect(cell('学号/工作证号')).toBe('学号/工作证号未登记');
    const select = screen.getByLabelText(/^人员类型/) as HTMLSelectElement;
    expect(select.options[0].textContent).toBe('请选择人员类型');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请选择人员类型');
    expect(requestsTo(fetch, '/api/userinfo').filter((r) => r.method === 'PUT')).toHaveLength(0);

    act(() => selectOption(select, '1'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect($session.get().userInfo?.rylb).toBe('1'));
    const put = requestsTo(fetch, '/api/userinfo').find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ rylb: '1' });
    // Recorded now: read-only like the rest.
    expect(await screen.findByText('硕士研究生')).not.toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(requestsTo(fetch, '/api/userOpenSector')).toHaveLength(1);
  });
});
