// The service tiles of 办事服务 (/web/home), as data and as markup: the home screen renders them
// (src/features/home/home-page.tsx), and the server writes the same markup into home.html for a phone that carries the
// page cookie (server/plugins/web.ts), so a signed-in student sees tappable tiles with the page's first frame, before
// any script (tests/unit/shells.test.tsx keeps the two equal).
import type { components } from '../contract/schema';
import { escapeAttr, escapeText } from './html';
import { builtServices, paths, ROUTER_BASE, sectorRoutes } from './paths';

type Sector = components['schemas']['Sector'];

/** What the tiles are made of: GET /api/userOpenSector's data. */
export interface SectorsAnswer {
  openSectors: Sector[];
  tips: string | null;
  yxStartTime: string | null;
  yxEndTime: string | null;
  /** The new-student deadline as the server writes it (YYYY-MM-DD in Beijing), only while the window is open. */
  yxTime?: string | null;
}

export interface Tile {
  code: string;
  label: string;
  href: string;
  disabled: boolean;
  reason?: string;
  deadline?: string;
}

/** The tiles' icons (24×24 strokes), by sector code; '9' for a code without one of its own. */
export const TILE_ICONS: Record<string, string> = {
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
export const tileIcon = (code: string) => TILE_ICONS[code] ?? TILE_ICONS['9']!;

/** Spec §4: the new-student tile is open only strictly between yxStartTime and yxEndTime (instants: no time zone involved). */
export function newStudentWindowOpen(state: Pick<SectorsAnswer, 'yxStartTime' | 'yxEndTime'>, now = Date.now()): boolean {
  if (!state.yxStartTime || !state.yxEndTime) return false;
  const start = Date.parse(state.yxStartTime);
  const end = Date.parse(state.yxEndTime);
  return Number.isFinite(start) && Number.isFinite(end) && start < now && now < end;
}

/**
 * The home tiles: open sectors in order, only those whose screens exist (spec §3, §4). Whether a tile is open, and
 * why not, is the server's answer (it knows where the registration is now; the stored user info may be older).
 */
export function tilesFor(sectors: Sector[], window: Pick<SectorsAnswer, 'yxStartTime' | 'yxEndTime' | 'yxTime'>, now = Date.now()): Tile[] {
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

/** The text in place of the tiles when there are none. */
export const NO_TILES = '暂无可办理的业务';
export const TILES_LOADING = '正在加载可办理的业务…';

/** The services section of home.html before the tiles are known (the server replaces it when it knows them). */
export const HOME_SERVICES_FRAME =
  '<section aria-labelledby="home-services"><h2 class="weui-cells__title" id="home-services">办事服务</h2>' +
  `<p class="app-empty">${TILES_LOADING}</p></section>`;

/**
 * The tips and the services section as the home screen's first render draws them for this answer (a tile is a plain
 * link: tapped before the scripts come, it opens its screen as a page; a closed one is held back by the boot script).
 */
export function homeServicesHtml(answer: SectorsAnswer, now = Date.now()): string {
  const tiles = tilesFor(answer.openSectors, answer, now);
  const tips = answer.tips
    ? `<p class="home-tips" role="note"><span class="home-tips__label">提示</span>${escapeText(answer.tips)}</p>`
    : '';
  const list = tiles.length
    ? '<ul class="home-grid">' +
      tiles
        .map(
          (tile) =>
            `<li><a href="${escapeAttr(ROUTER_BASE + tile.href)}" class="${tile.disabled ? 'home-tile home-tile_disabled' : 'home-tile'}"` +
            `${tile.disabled ? ' aria-disabled="true"' : ''}>` +
            '<span class="home-tile__icon" aria-hidden="true"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
            `stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"><path d="${tileIcon(tile.code)}"></path></svg></span>` +
            `<span class="home-tile__label">${escapeText(tile.label)}</span>` +
            (tile.deadline ? `<span class="home-tile__note">截止 ${escapeText(tile.deadline)}</span>` : '') +
            '</a></li>',
        )
        .join('') +
      '</ul>'
    : `<p class="app-empty">${NO_TILES}</p>`;
  return (
    tips + '<section aria-labelledby="home-services"><h2 class="weui-cells__title" id="home-services">办事服务</h2>' + list + '</section>'
  );
}
