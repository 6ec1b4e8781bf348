import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import type { ApiResult } from '@/api/client';
import { AppLink } from '@/components/ui/app-link';
import { ADDRESS_LOCKED, BRAND_COLOR, decideMoveOut, guardNavigation, type MoveOutVerdict } from '@/app/move-out-guard';
import { navigate } from '@/app/navigation';
import { moveOutSubRoute } from '@/lib/move-out-route';
import { $dialogs, $loading } from '@/state/ui';
import { verdicts } from './features/move-out-fixtures';
import { requestsTo, stubFetch } from './helpers';

/** A check's answer as the reference server gives it (features/move-out-fixtures.ts: every field, consistent). */
const ok = (data: MoveOutVerdict): ApiResult<MoveOutVerdict> => ({ ok: true, data });

describe('moveOutSubRoute', () => {
  it('checks every /move-out/ sub-route', () => {
    expect(moveOutSubRoute('/move-out/graduate')).toBe('graduate');
    expect(moveOutSubRoute('/move-out/change?x=1')).toBe('change');
  });
  it('skips edit=1, other paths and the move-out index', () => {
    expect(moveOutSubRoute('/move-out/graduate?edit=1')).toBeNull();
    expect(moveOutSubRoute('/move-out')).toBeNull();
    expect(moveOutSubRoute('/home')).toBeNull();
    expect(moveOutSubRoute('/move-out/unknown')).toBeNull();
  });
});

describe('decideMoveOut (spec §2 guard)', () => {
  it('cancels with the alert 注意 and the server message when canQianYi is false', () => {
    expect(decideMoveOut('/move-out/graduate', 'graduate', ok(verdicts.graduateGraduate))).toEqual({
      action: 'cancel',
      alert: { title: '注意', message: '您不在校，无法迁出', confirmColor: BRAND_COLOR },
    });
  });

  it('cancels /move-out/change when the address is locked (the server passes it with canChangeDizhi false)', () => {
    expect(verdicts.graduateChange).toMatchObject({ canQianYi: true, canChangeDizhi: false });
    expect(decideMoveOut('/move-out/change', 'change', ok(verdicts.graduateChange))).toEqual({
      action: 'cancel',
      alert: { title: '注意', message: ADDRESS_LOCKED, confirmColor: BRAND_COLOR },
    });
    expect(ADDRESS_LOCKED).toBe('毕业生地址为锁定状态，无法修改户口迁出地址');
  });

  it('does not need canChangeDizhi for other sub-routes (吴雨晨, address locked, opens 迁移证延期)', () => {
    const d = decideMoveOut('/move-out/postpone', 'postpone', ok(verdicts.graduatePostpone));
    expect(d.action).toBe('proceed');
  });

  it('passes the answer on as the query dizhi (JSON)', () => {
    const verdict = {
      canQianYi: true,
      canChangeDizhi: true,
      msg: '',
      dizhi: '北京市朝阳区建国路1号',
      qyzbh: '京2026000002',
      qyzyxqz: '2026-12-20',
    };
    const d = decideMoveOut('/move-out/change?from=home', 'change', { ok: true, data: verdict });
    expect(d.action).toBe('proceed');
    if (d.action === 'proceed') {
      const url = new URL(d.to, 'http://x');
      expect(url.pathname).toBe('/move-out/change');
      expect(url.searchParams.get('from')).toBe('home');
      expect(JSON.parse(url.searchParams.get('dizhi')!)).toEqual(verdict);
    }
  });

  it('cancels silently when the middleware has already told the user', () => {
    for (const code of [100, 401, -1]) {
      expect(decideMoveOut('/move-out/staff', 'staff', { ok: false, code, msg: 'x', errors: [] })).toEqual({
        action: 'cancel',
      });
    }
  });

  it('cancels with the message of any other failure', () => {
    expect(decideMoveOut('/move-out/staff', 'staff', { ok: false, code: 500, msg: '系统繁忙', errors: [] })).toMatchObject({
      action: 'cancel',
      alert: { title: '注意', message: '系统繁忙' },
    });
  });
});

describe('guardNavigation', () => {
  it('lets other paths through without a check', async () => {
    const check = vi.fn();
    expect(await guardNavigation('/home', check)).toBe('/home');
    expect(await guardNavigation('/move-out/graduate?edit=1', check)).toBe('/move-out/graduate?edit=1');
    expect(check).not.toHaveBeenCalled();
  });

  it('shows the alert and cancels when blocked', async () => {
    const check = vi.fn(async () => ok(verdicts.studentBusy));
    const pending = guardNavigation('/move-out/graduate', check);
    await vi.waitFor(() => expect($dialogs.get()).toHaveLength(1));
    expect($dialogs.get()[0]).toMatchObject({ title: '注意', message: '您已有正在办理的迁出业务', confirmColor: '#791cb5' });
    $dialogs.get()[0].resolve(true);
    expect(await pending).toBeNull();
    expect(check).toHaveBeenCalledWith('graduate');
  });
});

describe('navigate wrapper and links', () => {
  it('calls GET /api/qianchu/check?sub= without the loading indicator, then navigates with dizhi', async () => {
    let loadingDuringCall = -1;
    const fetch = stubFetch({
      '/api/qianchu/check': () => {
        loadingDuringCall = $loading.get();
        return { code: 200, data: verdicts.graduatePostpone };
      },
    });
    history.replaceState(null, '', '/web/move-out');
    expect(await navigate('/move-out/postpone')).toBe(true);
    expect(new URL(requestsTo(fetch, '/api/qianchu/check')[0].url).searchParams.get('sub')).toBe('postpone');
    expect(loadingDuringCall).toBe(0);
    expect(location.pathname).toBe('/web/move-out/postpone');
    expect(JSON.parse(new URLSearchParams(location.search).get('dizhi')!)).toEqual(verdicts.graduatePostpone);
  });

  it('stays where it is when the check says no', async () => {
    stubFetch({ '/api/qianchu/check': { code: 200, data: verdicts.graduateGraduate } });
    history.replaceState(null, '', '/web/move-out');
    const result = navigate('/move-out/graduate');
    await vi.waitFor(() => expect($dialogs.get()).toHaveLength(1));
    $dialogs.get()[0].resolve(true);
    expect(await result).toBe(false);
    expect(location.pathname).toBe('/web/move-out');
  });

  it('AppLink navigates through the guard and keeps a real href', async () => {
    stubFetch({ '/api/qianchu/check': { code: 200, data: verdicts.graduateChange } });
    history.replaceState(null, '', '/web/move-out');
    render(<AppLink href="/move-out/change">迁移证地址变更</AppLink>);
    const link = screen.getByRole('link', { name: '迁移证地址变更' });
    expect(link.getAttribute('href')).toBe('/web/move-out/change');
    fireEvent.click(link);
    await vi.waitFor(() => expect($dialogs.get()).toHaveLength(1));
    expect($dialogs.get()[0].message).toBe(ADDRESS_LOCKED);
    expect(location.pathname).toBe('/web/move-out');
  });
});
