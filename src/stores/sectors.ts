import { atom } from 'nanostores';
import { client, unwrap, type Schemas } from '@/api/client';
import { $session, pageCookieToken } from '@/state/session';
import { startLoading, stopLoading } from '@/state/ui';
import { PAGE_DATA } from '@shared/pages/page-data';
import type { SectorsAnswer } from '@shared/pages/home-tiles';

export { newStudentWindowOpen } from '@shared/pages/home-tiles';

export type Sector = Schemas['Sector'];

export interface SectorsState extends SectorsAnswer {
  loaded: boolean;
}

const empty: SectorsState = { openSectors: [], tips: null, yxStartTime: null, yxEndTime: null, yxTime: null, loaded: false };

/** The sectors last answered to a user, kept on the device: a repeat visit shows the tiles at once, then refreshes. */
const cacheKey = (userId: unknown) => `sectors:${String(userId)}`;

function cachedSectors(): SectorsState {
  const userId = $session.get().userInfo?.id;
  if (userId === undefined || userId === null) return { ...empty };
  try {
    const saved = JSON.parse(localStorage.getItem(cacheKey(userId)) ?? 'null') as Partial<SectorsState> | null;
    if (saved && Array.isArray(saved.openSectors)) return { ...empty, ...saved, loaded: true };
  } catch {
    // Unreadable: loaded from the server as on a first visit.
  }
  return { ...empty };
}

function keep(state: SectorsState): void {
  const userId = $session.get().userInfo?.id;
  if (userId === undefined || userId === null) return;
  try {
    localStorage.setItem(cacheKey(userId), JSON.stringify(state));
  } catch {
    // A full or closed storage: the next visit loads them again.
  }
}

/** Set while the sectors on screen are those the page came with, answered for this very visit: not asked again. */
let fromPage = false;

/**
 * Takes the sectors /web/home came with (the server answers them for the page cookie's session and writes them as a
 * data block beside the tiles it pre-rendered), once, and only when the cookie is this session's token: they are on
 * screen from the home screen's first render (which calls this before reading the store), and the app's start does
 * not ask for them again.
 */
export function adoptPageSectors(): void {
  if (typeof document === 'undefined') return;
  const block = document.getElementById(PAGE_DATA.homeSectors);
  if (!block) return;
  block.remove();
  const { token } = $session.get();
  if (!token || pageCookieToken() !== token) return;
  try {
    const answer = JSON.parse(block.textContent ?? '') as Partial<SectorsAnswer> | null;
    if (!answer || !Array.isArray(answer.openSectors)) return;
    const state: SectorsState = { ...empty, ...answer, loaded: true };
    $sectors.set(state);
    keep(state);
    fromPage = true;
  } catch {
    // Unreadable: asked of the API as without it.
  }
}

export const $sectors = atom<SectorsState>(cachedSectors());

let loading: Promise<boolean> | undefined;
/** The load under way was begun without the loading layer (no screen waited for it then). */
let backgroundLoad = false;
/** Moves on at sign-out: a load still under way for the user who left is not shared with, nor shown to, the next. */
let generation = 0;

/**
 * Loads the sectors open to the signed-in user (GET /api/userOpenSector with loginType); callers that ask while a load
 * is under way (the app's start and the home screen) share it. `background`: no screen waits for them (the app started
 * on another route than home), so no loading layer covers that screen while they come.
 */
export function loadSectors({ background = false }: { background?: boolean } = {}): Promise<boolean> {
  if (fromPage) {
    // The app's start, on the page that brought them: they are this moment's answer.
    fromPage = false;
    return Promise.resolve(true);
  }
  if (loading && !background && backgroundLoad) {
    // A screen now waits for the load the app's start began behind another one: the loading layer for the rest of it.
    backgroundLoad = false;
    startLoading();
    void loading.finally(stopLoading);
  }
  if (!loading) {
    backgroundLoad = background;
    loading = fetchSectors(background).finally(() => {
      loading = undefined;
    });
  }
  return loading;
}

async function fetchSectors(background: boolean): Promise<boolean> {
  const asked = generation;
  const { userInfo } = $session.get();
  const loginType = userInfo?.loginType;
  // Tiles already on screen (the device's copy) stay tappable while they are refreshed: no loading layer over them.
  const quiet = background || $sectors.get().loaded;
  const result = await unwrap(client.GET('/api/userOpenSector', { params: { query: loginType ? { loginType } : {} }, loading: !quiet }));
  if (!result.ok || asked !== generation) return false;
  const { openSectors, tips, yxStartTime, yxEndTime, yxTime } = result.data;
  const state: SectorsState = {
    openSectors: openSectors ?? [],
    tips: tips ?? null,
    yxStartTime: yxStartTime ?? null,
    yxEndTime: yxEndTime ?? null,
    yxTime: yxTime ?? null,
    loaded: true,
  };
  $sectors.set(state);
  keep(state);
  return true;
}

/** Forgets the sectors, here and (given the user who signs out) on the device. */
export function resetSectors(userId?: unknown): void {
  fromPage = false;
  generation += 1;
  loading = undefined;
  $sectors.set({ ...empty });
  if (userId === undefined || userId === null) return;
  try {
    localStorage.removeItem(cacheKey(userId));
  } catch {
    // Nothing kept.
  }
}
