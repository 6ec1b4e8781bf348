import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import HomePage from '@/features/home/home-page';
import { tilesFor } from '@shared/pages/home-tiles';
import { builtServices, sectorRoutes, type RouteKey } from '@shared/pages/paths';
import { $sectors } from '@/stores/sectors';
import { setUserInfo } from '@/state/session';
import { $toast } from '@/state/ui';
import { sampleUser, stubFetch } from '../helpers';

const all = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '10'].map((c) => ({ sectorCode: c, sectorName: `板块${c}` }));
const closed = { yxStartTime: null, yxEndTime: null, yxTime: null };

/** Runs with every service built, as later issues will have it. */
function withAllBuilt<T>(fn: () => T): T {
  const list = builtServices as RouteKey[];
  const saved = [...list];
  list.splice(
    0,
    list.length,
    'feedback',
    'certif',
    'borrow',
    'prove',
    'moveInDr',
    'moveInNew',
    'moveInStaff',
    'moveOut',
    'change',
    'announcement',
  );
  const restore = () => void list.splice(0, list.length, ...saved);
  try {
    const result = fn();
    if (result instanceof Promise) return result.finally(restore) as T;
    restore();
    return result;
  } catch (e) {
    restore();
    throw e;
  }
}

describe('home tiles (spec §3, §4)', () => {
  it('shows only the services whose screens exist, in sector order', () => {
    const built = all.filter((s) => builtServices.includes(sectorRoutes[s.sectorCode])).map((s) => s.sectorCode);
    expect(built).toContain('10');
    expect(tilesFor(all, closed).map((t) => t.code)).toEqual(built);
    const tiles = withAllBuilt(() => tilesFor([all[9], all[7], all[0]], closed));
    expect(tiles.map((t) => t.code)).toEqual(['10', '7', '0']);
    expect(tiles.map((t) => t.href)).toEqual(['/announcement', '/move-out', '/feedback']);
  });

  it("opens the new-student tile strictly inside the window, with 截止 and the server's yxTime", () => {
    const window = { yxStartTime: '2026-08-01T00:00:00+08:00', yxEndTime: '2026-09-30T23:59:59+08:00', yxTime: '2026-09-30' };
    withAllBuilt(() => {
      const open = tilesFor([all[5]], window, Date.parse('2026-09-01T00:00:00+08:00'))[0];
      expect(open).toMatchObject({ code: '5', disabled: false, deadline: '2026-09-30' });
      const before = tilesFor([all[5]], window, Date.parse(window.yxStartTime))[0];
      expect(before).toMatchObject({ disabled: true, reason: '新生迁入办理时间未开放' });
      expect(before.deadline).toBeUndefined();
      expect(tilesFor([all[5]], window, Date.parse(window.yxEndTime))[0].disabled).toBe(true);
      // Registered at school already: the server's reason, no deadline.
      const done = tilesFor(
        [{ ...all[5], disabled: true, disabledReason: '您的户口已在本校，无需迁入' }],
        window,
        Date.parse('2026-09-01T00:00:00+08:00'),
      )[0];
      expect(done).toMatchObject({ disabled: true, reason: '您的户口已在本校，无需迁入' });
      expect(done.deadline).toBeUndefined();
    });
  });

  it('the tiles follow the server, not the user info stored at sign-in', () => {
    withAllBuilt(() => {
      // 吴雨晨 moved out: borrowing is closed, moving out opens on the certificate services.
      const [borrow, moveOut] = tilesFor(
        [
          { ...all[2], disabled: true, disabledReason: '您不在校，无法借用户口卡' },
          { ...all[7], disabled: false, disabledReason: null },
        ],
        closed,
      );
      expect(borrow).toMatchObject({ disabled: true, reason: '您不在校，无法借用户口卡' });
      expect(moveOut).toMatchObject({ disabled: false, reason: undefined });
    });
  });

  it('renders banners, the tips and the tiles; a blocked tile says why', async () => {
    setUserInfo({ ...sampleUser, hkIn: false });
    stubFetch({
      '/api/system/banner/list': { code: 200, data: [{ id: 1, title: '户籍业务网上办', imageUrl: '/web/b1.webp' }] },
      '/api/userOpenSector': {
        code: 200,
        data: {
          openSectors: [{ ...all[7], disabled: true, disabledReason: '您不在校，无法迁出' }, all[9]],
          tips: '毕业生请在离校前完成户口迁出',
          yxStartTime: null,
          yxEndTime: null,
          yxTime: null,
        },
      },
    });
    await withAllBuilt(async () => {
      render(<HomePage />);
      expect(await screen.findByRole('img', { name: '户籍业务网上办' })).not.toBeNull();
      expect((await screen.findByRole('note')).textContent).toContain('毕业生请在离校前完成户口迁出');
      const moveOut = await screen.findByRole('link', { name: '板块7' });
      expect(moveOut.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(moveOut);
      expect($toast.get()?.message).toBe('您不在校，无法迁出');
      fireEvent.click(screen.getByRole('link', { name: '板块10' }));
      await vi.waitFor(() => expect(location.pathname).toBe('/web/announcement'));
    });
    expect($sectors.get().loaded).toBe(true);
  });

  it('a new student whose move-in is finished sees 身份证办理 and 借用户口卡 open, although signed in before it', async () => {
    // Signed in while not yet moved in (stored hkIn false); the office finished the move-in since.
    setUserInfo({ ...sampleUser, rylb: '7', hkIn: false });
    stubFetch({
      '/api/system/banner/list': { code: 200, data: [] },
      '/api/userOpenSector': {
        code: 200,
        data: {
          openSectors: [
            { sectorCode: '5', sectorName: '新生迁入', disabled: true, disabledReason: '您的户口已在本校，无需迁入' },
            { sectorCode: '1', sectorName: '身份证办理', disabled: false, disabledReason: null },
            { sectorCode: '2', sectorName: '借用户口卡', disabled: false, disabledReason: null },
            { sectorCode: '0', sectorName: '问答反馈', disabled: false, disabledReason: null },
            { sectorCode: '10', sectorName: '通知公告', disabled: false, disabledReason: null },
          ],
          tips: null,
          yxStartTime: '2026-08-01T00:00:00+08:00',
          yxEndTime: '2026-09-30T23:59:59+08:00',
          yxTime: '2026-09-30',
        },
      },
    });
    await withAllBuilt(async () => {
      render(<HomePage />);
      const borrow = await screen.findByRole('link', { name: '借用户口卡' });
      expect(borrow.getAttribute('aria-disabled')).toBeNull();
      expect(screen.getByRole('link', { name: '身份证办理' }).getAttribute('aria-disabled')).toBeNull();
      const moveIn = screen.getByRole('link', { name: '新生迁入' });
      expect(moveIn.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(moveIn);
      expect($toast.get()?.message).toBe('您的户口已在本校，无需迁入');
      fireEvent.click(borrow);
      await vi.waitFor(() => expect(location.pathname).toBe('/web/borrow'));
    });
  });
});
