import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { navigate } from '@/lib/nav';
import { PAGE_DATA } from '@shared/pages/page-data';
import { builtServices, paths, sectorRoutes, ROUTER_BASE } from '@shared/pages/paths';
import { $sectors, loadSectors, newStudentWindowOpen, type Sector, type SectorsState } from '@/stores/sectors';
import { $session } from '@/state/session';
import { showToast } from '@/state/ui';
import { Carousel } from './carousel';

type Banner = Schemas['Banner'];

const icons: Record<string, string> = {
  '0': 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  '1': 'M3 6h18v12H3zM7 10a2 2 0 1 0 4 0 2 2 0 0 0-4 0zm-1 6c.5-2 5.5-2 6 0M14 10h4M14 13h4',
  '2': 'M6 3h12v18H6zM9 7h6M9 11h6M9 15h3',
  '3': 'M6 3h9l4 4v14H6zM9 12h7M9 16h7M14 3v5h5',
  '4': 'M12 3 3 8l9 5 9-5zM7 11v5c3 2 7 2 10 0v-5',
  '5': 'M12 4 3 9l9 5 9-5zM19 10v6M7 12v4c3 2 7 2 10 0',
  '6': 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-4 3-6 5-6s5 2 5 6m0-5c1-1 2-1 3-1 2 0 5 2 5 6',
  '7': 'M14 4h6v16h-6M4 12h11M8 8l-4 4 4 4',
  '8': 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  '9': 'M5 5h6v6H5zm8 0h6v6h-6zM5 13h6v6H5zm11 0v6m-3-3h6',
  '10': 'M4 10v4h3l6 4V6L7 10zm13-2c2 2 2 6 0 8',
};

export interface Tile {
  code: string;
  label: string;
  href: string;
  disabled: boolean;
  reason?: string;
  deadline?: string;
}

/**
 * The home tiles: open sectors in order, only those whose screens exist (spec §3, §4). Whether a tile is open, and
 * why not, is the server's answer (it knows where the registration is now; the stored user info may be older).
 */
export function tilesFor(sectors: Sector[], window: Pick<SectorsState, 'yxStartTime' | 'yxEndTime' | 'yxTime'>, now = Date.now()): Tile[] {
  const tiles: Tile[] = [];
  for (const sector of sectors) {
    const route = sectorRoutes[sector.sectorCode];
    if (!route || !builtServices.includes(route)) continue;
    const tile: Tile = {
      code: sector.sectorCode,
      label: sector.sectorName || paths[route].title,
      href: paths[route].href(),
      disabled: Boolean(sector.disabled),
      reason: sector.disabledReason || undefined,
    };
    if (sector.sectorCode === '5') {
      // The window may close while the screen is open; the deadline is the server's yxTime (a day in Beijing).
      const open = newStudentWindowOpen(window, now);
      tile.disabled = tile.disabled || !open;
      if (!tile.disabled && window.yxTime) tile.deadline = window.yxTime;
      if (!open) tile.reason ??= '新生迁入办理时间未开放';
    }
    tiles.push(tile);
  }
  return tiles;
}

/**
 * The banners /web/home came with (the server pre-renders them into the page and writes them as a data block), taken
 * once: a later visit in the app asks the API.
 */
function bannersOfPage(): Banner[] | null {
  const block = document.getElementById(PAGE_DATA.homeBanners);
  if (!block) return null;
  block.remove();
  try {
    const banners: unknown = JSON.parse(block.textContent ?? '');
    return Array.isArray(banners) ? (banners as Banner[]) : null;
  } catch {
    return null;
  }
}

/** 办事服务: banners, tips, service tiles. */
export default function HomePage() {
  const sectors = useStore($sectors);
  const session = useStore($session);
  // null while loading: the carousel's place is kept, so the tiles do not move under a finger when it arrives.
  const [banners, setBanners] = useState<Banner[] | null>(bannersOfPage);

  useEffect(() => {
    if (banners === null) {
      void unwrap(client.GET('/api/system/banner/list', { loading: false, silent: true })).then((r) => {
        setBanners(r.ok ? r.data : []);
      });
    }
    if (session.userInfo && !$sectors.get().loaded) void loadSectors();
    // Banners and sectors load once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tiles = tilesFor(sectors.openSectors, sectors);

  const open = (tile: Tile) => {
    if (tile.disabled) {
      showToast(tile.reason || '该业务暂不可办理');
      return;
    }
    void navigate(tile.href);
  };

  const openBanner = (banner: Banner) => {
    const link = banner.linkUrl;
    if (!link) return;
    if (link.startsWith(ROUTER_BASE + '/')) void navigate(link.slice(ROUTER_BASE.length));
    else if (/^https:\/\//.test(link)) location.href = link;
  };

  return (
    <div class="app-page">
      {banners === null ? (
        <div class="home-carousel home-carousel_pending" aria-hidden="true" />
      ) : (
        banners.length > 0 && <Carousel banners={banners} onOpen={openBanner} />
      )}
      {sectors.tips && (
        <p class="home-tips" role="note">
          <span class="home-tips__label">提示</span>
          {sectors.tips}
        </p>
      )}
      <section aria-labelledby="home-services">
        <h2 class="weui-cells__title" id="home-services">
          办事服务
        </h2>
        {tiles.length > 0 ? (
          <ul class="home-grid">
            {tiles.map((tile) => (
              <li key={tile.code}>
                <a
                  href={ROUTER_BASE + tile.href}
                  class={tile.disabled ? 'home-tile home-tile_disabled' : 'home-tile'}
                  aria-disabled={tile.disabled || undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    open(tile);
                  }}
                >
                  <span class="home-tile__icon" aria-hidden="true">
                    <svg
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      stroke-width="1.6"
                      stroke-linecap="round"
                      stroke-linejoin="round"
                    >
                      <path d={icons[tile.code] ?? icons['9']} />
                    </svg>
                  </span>
                  <span class="home-tile__label">{tile.label}</span>
                  {tile.deadline && <span class="home-tile__note">截止 {tile.deadline}</span>}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p class="app-empty">
            {!session.userInfo ? '登录后可查看可办理的业务' : sectors.loaded ? '暂无可办理的业务' : '正在加载可办理的业务…'}
          </p>
        )}
      </section>
    </div>
  );
}
