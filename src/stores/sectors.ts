import { atom } from 'nanostores';
import { client, unwrap, type Schemas } from '@/api/client';
import { $session } from './session';

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

export const $sectors = atom<SectorsState>({ ...empty });

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
  const loginType = $session.get().userInfo?.loginType;
  const result = await unwrap(client.GET('/api/userOpenSector', { params: { query: loginType ? { loginType } : {} } }));
  if (!result.ok) return false;
  const { openSectors, tips, yxStartTime, yxEndTime, yxTime } = result.data;
  $sectors.set({
    openSectors: openSectors ?? [],
    tips: tips ?? null,
    yxStartTime: yxStartTime ?? null,
    yxEndTime: yxEndTime ?? null,
    yxTime: yxTime ?? null,
    loaded: true,
  });
  return true;
}

export function resetSectors(): void {
  $sectors.set({ ...empty });
}

/** Spec §4: the new-student tile is open only strictly between yxStartTime and yxEndTime (instants: no time zone involved). */
export function newStudentWindowOpen(state: Pick<SectorsState, 'yxStartTime' | 'yxEndTime'>, now = Date.now()): boolean {
  if (!state.yxStartTime || !state.yxEndTime) return false;
  const start = Date.parse(state.yxStartTime);
  const end = Date.parse(state.yxEndTime);
  return Number.isFinite(start) && Number.isFinite(end) && start < now && now < end;
}
