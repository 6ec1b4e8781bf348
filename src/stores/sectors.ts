import { atom } from 'nanostores';
import { client, unwrap, type Schemas } from '@/api/client';
import { $session } from '@/state/session';

export type Sector = Schemas['Sector'];

export interface SectorsState {
  openSectors: Sector[];
  tips: string | null;
  yxStartTime: string | null;
  yxEndTime: string | null;
  /** The new-student deadline as the server writes it (YYYY-MM-DD in Beijing), only while the window is open. */
  yxTime?: string | null;
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

export const $sectors = atom<SectorsState>(cachedSectors());

let loading: Promise<boolean> | undefined;

/**
 * Loads the sectors open to the signed-in user (GET /api/userOpenSector with loginType); callers that ask while a load
 * is under way (the app's start and the home screen) share it.
 */
export function loadSectors(): Promise<boolean> {
  loading ??= fetchSectors().finally(() => {
    loading = undefined;
  });
  return loading;
}

async function fetchSectors(): Promise<boolean> {
  const { userInfo } = $session.get();
  const loginType = userInfo?.loginType;
  // Tiles already on screen (the device's copy) stay tappable while they are refreshed: no loading layer over them.
  const quiet = $sectors.get().loaded;
  const result = await unwrap(client.GET('/api/userOpenSector', { params: { query: loginType ? { loginType } : {} }, loading: !quiet }));
  if (!result.ok) return false;
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
  if (userInfo?.id !== undefined && userInfo.id !== null) {
    try {
      localStorage.setItem(cacheKey(userInfo.id), JSON.stringify(state));
    } catch {
      // A full or closed storage: the next visit loads them again.
    }
  }
  return true;
}

/** Forgets the sectors, here and (given the user who signs out) on the device. */
export function resetSectors(userId?: unknown): void {
  $sectors.set({ ...empty });
  if (userId === undefined || userId === null) return;
  try {
    localStorage.removeItem(cacheKey(userId));
  } catch {
    // Nothing kept.
  }
}

/** Spec §4: the new-student tile is open only strictly between yxStartTime and yxEndTime (instants: no time zone involved). */
export function newStudentWindowOpen(state: Pick<SectorsState, 'yxStartTime' | 'yxEndTime'>, now = Date.now()): boolean {
  if (!state.yxStartTime || !state.yxEndTime) return false;
  const start = Date.parse(state.yxStartTime);
  const end = Date.parse(state.yxEndTime);
  return Number.isFinite(start) && Number.isFinite(end) && start < now && now < end;
}
