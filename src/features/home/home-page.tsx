import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { navigate } from '@/lib/nav';
import { PAGE_DATA } from '@shared/pages/page-data';
import { ROUTER_BASE } from '@shared/pages/paths';
import { NO_TILES, tileIcon, tilesFor, TILES_LOADING, type Tile } from '@shared/pages/home-tiles';
import { $sectors, adoptPageSectors, loadSectors } from '@/stores/sectors';
import { $session } from '@/state/session';
import { showToast } from '@/state/ui';
import { Carousel } from './carousel';

type Banner = Schemas['Banner'];

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
  // Before the store is read: the tiles the page came with are this render's.
  useState(adoptPageSectors);
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
                      <path d={tileIcon(tile.code)} />
                    </svg>
                  </span>
                  <span class="home-tile__label">{tile.label}</span>
                  {tile.deadline && <span class="home-tile__note">截止 {tile.deadline}</span>}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p class="app-empty">{!session.userInfo ? '登录后可查看可办理的业务' : sectors.loaded ? NO_TILES : TILES_LOADING}</p>
        )}
      </section>
    </div>
  );
}
