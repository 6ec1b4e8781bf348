import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import HomePage, { tilesFor } from '@/features/home/home-page';
import { builtServices, sectorRoutes, type RouteKey } from '@/config/paths';
import { $sectors } from '@/stores/sectors';
import { setUserInfo } from '@/stores/session';
import { $toast } from '@/stores/ui';
import { sampleUser, stubFetch } from '../helpers';

const all = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '10'].map((c) => ({ sectorCode: c, sectorName: `板块${c}` }));
const closed = { yxStartTime: null, yxEndTime: null };

/** Runs with every service built, as later issues will have it. */
function withAllBuilt<T>(fn: () => T): T {
  const list = builtServices as RouteKey[];
  const saved = [...list];
  list.splice(0, list.length, 'feedback', 'certif', 'borrow', 'prove', 'moveInDr', 'moveInNew', 'moveInStaff', 'moveOut', 'change', 'announcement');
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
    expect(tilesFor(all, closed, true).map((t) => t.code)).toEqual(built);
    const tiles = withAllBuilt(() => tilesFor([all[9], all[7], all[0]], closed, true));
    expect(tiles.map((t) => t.code)).toEqual(['10', '7', '0']);
    expect(tiles.map((t) => t.href)).toEqual(['/announcement', '/move-out', '/feedback']);
  });

  it('opens the new-student tile strictly inside the window, with 截止 YYYY-MM-DD', () => {
    const window = { yxStartTime: '2026-08-01T00:00:00+08:00', yxEndTime: '2026-09-30T23:59:59+08:00' };
    withAllBuilt(() => {
      const open = tilesFor([all[5]], window, true, Date.parse('2026-09-01T00:00:00+08:00'))[0];
      expect(open).toMatchObject({ code: '5', disabled: false, deadline: '2026-09-30' });
      const before = tilesFor([all[5]], window, true, Date.parse(window.yxStartTime))[0];
      expect(before.disabled).toBe(true);
      expect(before.deadline).toBeUndefined();
      expect(tilesFor([all[5]], window, true, Date.parse(window.yxEndTime))[0].disabled).toBe(true);
    });
  });

  it('blocks borrow and move-out when the household registration is not at school', () => {
    withAllBuilt(() => {
      const [borrow, moveOut, other] = tilesFor([all[2], all[7], all[0]], closed, false);
      expect(borrow).toMatchObject({ disabled: true, reason: '您不在校，无法借用户口卡' });
      expect(moveOut).toMatchObject({ disabled: true, reason: '您不在校，无法迁出' });
      expect(other.disabled).toBe(false);
      expect(tilesFor([all[2]], closed, true)[0].disabled).toBe(false);
    });
  });

  it('renders banners, the tips and the tiles; a blocked tile says why', async () => {
    setUserInfo({ ...sampleUser, hkIn: false });
    stubFetch({
      '/api/system/banner/list': { code: 200, data: [{ id: 1, title: '户籍业务网上办', imageUrl: '/web/b1.webp' }] },
      '/api/userOpenSector': {
        code: 200,
        data: { openSectors: [all[7], all[9]], tips: '毕业生请在离校前完成户口迁出', yxStartTime: null, yxEndTime: null },
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
});
