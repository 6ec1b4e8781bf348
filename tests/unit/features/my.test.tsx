import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import MyPage from '@/features/my/my-page';
import InfoPage from '@/features/my/info-page';
import { DialogHost } from '@/components/ui/dialog';
import { setToken, setUserInfo, $session } from '@/stores/session';
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
  it('shows the campus ID read-only, requires the person type and saves via PUT', async () => {
    setUserInfo({ ...sampleUser, rylb: '0' });
    const fetch = stubFetch({
      'POST /api/userinfo': { code: 200, data: sampleUser },
      '/api/dict/getSysDictByType': { code: 200, data: [] },
      'PUT /api/userinfo': async (r: Request) => ({ code: 200, data: { ...sampleUser, ...(await r.clone().json()) } }),
      '/api/userOpenSector': { code: 200, data: { openSectors: [] } },
    });
    render(<InfoPage />);
    const campusId = screen.getByLabelText('学号') as HTMLInputElement;
    expect(campusId.value).toBe('2023010101');
    expect(campusId.readOnly).toBe(true);

    act(() => selectOption(screen.getByLabelText('人员类型'), ''));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请选择人员类型');
    expect(requestsTo(fetch, '/api/userinfo').filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.input(screen.getByLabelText('姓名'), { target: { value: '张三丰' } });
    act(() => selectOption(screen.getByLabelText('人员类型'), '1'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect($session.get().userInfo?.xm).toBe('张三丰'));
    const put = requestsTo(fetch, '/api/userinfo').find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ xm: '张三丰', rylb: '1' });
  });
});
