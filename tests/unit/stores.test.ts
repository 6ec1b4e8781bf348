import { describe, expect, it, vi } from 'vitest';
import { signOut } from '@/stores/auth';
import { $clientIp, loadClientIp } from '@/stores/client-ip';
import { $sectors, loadSectors, newStudentWindowOpen } from '@/stores/sectors';
import { $session, clearSession, readStoredSession, restoreSession, setToken, setUserInfo } from '@/state/session';
import { hideToast, showToast, $toast, confirmDialog, alertDialog, $dialogs } from '@/state/ui';
import { requestsTo, sampleUser, stubFetch } from './helpers';

describe('$session persistence (spec §3 storage keys)', () => {
  it('stores the token under token', () => {
    setToken('t-1');
    expect(localStorage.getItem('token')).toBe('t-1');
    expect($session.get().token).toBe('t-1');
  });

  it('stores userInfo as JSON and hyzk, xh, xl, id beside it', () => {
    setUserInfo(sampleUser);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(sampleUser);
    expect(localStorage.getItem('hyzk')).toBe('10');
    expect(localStorage.getItem('xh')).toBe('2023010101');
    expect(localStorage.getItem('xl')).toBe('41');
    expect(localStorage.getItem('id')).toBe('7');
    expect($session.get()).toMatchObject({ userInfo: sampleUser, hyzk: '10', xh: '2023010101', xl: '41', id: '7' });
  });

  it('restores from storage and clears every key', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    localStorage.setItem('xh', '2023010101');
    expect(restoreSession()).toMatchObject({ token: 'tok', userInfo: sampleUser, xh: '2023010101' });
    clearSession();
    for (const key of ['token', 'userInfo', 'hyzk', 'xh', 'xl', 'id']) expect(localStorage.getItem(key)).toBeNull();
    expect(readStoredSession()).toEqual({ token: null, userInfo: null, hyzk: null, xh: null, xl: null, id: null });
  });

  it('signing out removes that user’s drafts from the device, not another user’s; a 401 keeps them', async () => {
    const fetch = stubFetch({ 'POST /api/logout': { code: 200, msg: '已退出登录' } });
    setToken('tok');
    setUserInfo(sampleUser);
    localStorage.setItem('draft:sfzbl:7', '{"values":{"sfzjh":"110101199003071234"}}');
    localStorage.setItem('draft:qianru:7:12', '{}');
    localStorage.setItem('draft:sfzbl:70', '{}');
    localStorage.setItem('draft:sfzbl:8', '{}');
    clearSession();
    expect(localStorage.getItem('draft:sfzbl:7')).not.toBeNull();
    setToken('tok');
    setUserInfo(sampleUser);
    await signOut();
    expect(requestsTo(fetch, '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('draft:sfzbl:7')).toBeNull();
    expect(localStorage.getItem('draft:qianru:7:12')).toBeNull();
    expect(localStorage.getItem('draft:sfzbl:70')).not.toBeNull();
    expect(localStorage.getItem('draft:sfzbl:8')).not.toBeNull();
    expect($session.get().token).toBeNull();
  });

  it('ignores a broken userInfo', () => {
    localStorage.setItem('userInfo', '{not json');
    expect(readStoredSession().userInfo).toBeNull();
  });
});

describe('$sectors', () => {
  it('loads the open sectors with the loginType', async () => {
    setUserInfo({ ...sampleUser, loginType: '2' });
    const data = {
      openSectors: [{ sectorCode: '10', sectorName: '通知公告' }],
      tips: '请按时办理',
      yxStartTime: '2026-08-01T00:00:00+08:00',
      yxEndTime: '2026-09-30T23:59:59+08:00',
      yxTime: null,
    };
    const fetch = stubFetch({ '/api/userOpenSector': { code: 200, data } });
    expect(await loadSectors()).toBe(true);
    expect(new URL(requestsTo(fetch, '/api/userOpenSector')[0].url).searchParams.get('loginType')).toBe('2');
    expect($sectors.get()).toMatchObject({
      openSectors: data.openSectors,
      tips: '请按时办理',
      yxStartTime: data.yxStartTime,
      yxEndTime: data.yxEndTime,
      loaded: true,
    });
  });

  it('keeps the last answer on the device: the next visit has the tiles at once, refreshed without the loading layer; signing out forgets it', async () => {
    setUserInfo(sampleUser);
    const data = {
      openSectors: [{ sectorCode: '10', sectorName: '通知公告' }],
      tips: null,
      yxStartTime: null,
      yxEndTime: null,
      yxTime: null,
    };
    let release = () => {};
    const fetch = stubFetch({ '/api/userOpenSector': { code: 200, data }, '/api/logout': { code: 200 } });
    expect(await loadSectors()).toBe(true);
    expect(JSON.parse(localStorage.getItem(`sectors:${sampleUser.id}`)!)).toMatchObject({ openSectors: data.openSectors });

    // The next visit: the app's modules start again on this device.
    vi.resetModules();
    const next = await import('@/stores/sectors');
    const { $loading } = await import('@/state/ui');
    expect(next.$sectors.get()).toMatchObject({ openSectors: data.openSectors, loaded: true });
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ code: 200, data })))));
    const refresh = next.loadSectors();
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/userOpenSector')).toHaveLength(2));
    expect($loading.get()).toBe(0);
    release();
    expect(await refresh).toBe(true);

    await (await import('@/stores/auth')).signOut();
    expect(localStorage.getItem(`sectors:${sampleUser.id}`)).toBeNull();
    expect(next.$sectors.get().loaded).toBe(false);
  });

  it('read behind another screen, they bring no loading layer until a screen waits for them', async () => {
    setUserInfo(sampleUser);
    const data = { openSectors: [], tips: null, yxStartTime: null, yxEndTime: null, yxTime: null };
    vi.resetModules();
    const fresh = await import('@/stores/sectors');
    const { $loading } = await import('@/state/ui');
    let release = () => {};
    const fetch = stubFetch({});
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ code: 200, data })))));
    // The app's start on /borrow: no tiles on screen, none waiting.
    const behind = fresh.loadSectors({ background: true });
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/userOpenSector')).toHaveLength(1));
    expect($loading.get()).toBe(0);
    // Then a screen that needs them (迁出) shares the load, under the loading layer until it ends.
    const waiting = fresh.loadSectors();
    expect($loading.get()).toBe(1);
    release();
    expect(await waiting).toBe(true);
    expect(await behind).toBe(true);
    await vi.waitFor(() => expect($loading.get()).toBe(0));
    expect(requestsTo(fetch, '/api/userOpenSector')).toHaveLength(1);
  });

  it('opens the new-student window strictly between start and end', () => {
    const w = { yxStartTime: '2026-08-01T00:00:00Z', yxEndTime: '2026-09-01T00:00:00Z' };
    expect(newStudentWindowOpen(w, Date.parse('2026-08-15T00:00:00Z'))).toBe(true);
    expect(newStudentWindowOpen(w, Date.parse(w.yxStartTime))).toBe(false);
    expect(newStudentWindowOpen(w, Date.parse(w.yxEndTime))).toBe(false);
    expect(newStudentWindowOpen({ yxStartTime: null, yxEndTime: null })).toBe(false);
  });
});

describe('$clientIp', () => {
  it('turns underscores into dots', async () => {
    stubFetch({ '/h5/getClientIP': { code: 200, data: '10_1_2_3' } });
    expect(await loadClientIp()).toBe('10.1.2.3');
    expect($clientIp.get()).toBe('10.1.2.3');
  });
});

describe('ui stores', () => {
  it('replaces a toast with the next one', () => {
    showToast('一');
    showToast('二', 1500);
    expect($toast.get()).toMatchObject({ message: '二', duration: 1500 });
    hideToast();
    expect($toast.get()).toBeNull();
  });

  it('queues dialogs and resolves each', async () => {
    const first = alertDialog({ title: '注意', message: 'a' });
    const second = confirmDialog({ message: 'b' });
    expect($dialogs.get().map((d) => d.message)).toEqual(['a', 'b']);
    $dialogs.get()[0].resolve(true);
    await first;
    $dialogs.get()[0].resolve(false);
    expect(await second).toBe(false);
    expect($dialogs.get()).toEqual([]);
  });
});
