import { atom } from 'nanostores';
import type { UserInfo } from '@/api/types';
import { PAGE_COOKIE } from '@shared/pages/page-data';
import { ROUTER_BASE } from '@shared/pages/paths';

/** The logged-in session, mirrored in localStorage under the spec's keys (§3). */
export interface Session {
  token: string | null;
  userInfo: UserInfo | null;
  /** Marital status code (hyzkm). */
  hyzk: string | null;
  xh: string | null;
  /** Highest education code (zhxlm). */
  xl: string | null;
  id: string | null;
}

const plainKeys = ['token', 'hyzk', 'xh', 'xl', 'id'] as const;

/** A value of localStorage, or null (also where storage is blocked). */
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session still lives in memory for this page.
  }
}

function readUserInfo(): UserInfo | null {
  const raw = readStorage('userInfo');
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as UserInfo) : null;
  } catch {
    return null;
  }
}

export function readStoredSession(): Session {
  return {
    token: readStorage('token'),
    userInfo: readUserInfo(),
    hyzk: readStorage('hyzk'),
    xh: readStorage('xh'),
    xl: readStorage('xl'),
    id: readStorage('id'),
  };
}

export const $session = atom<Session>(readStoredSession());

/** How long the page cookie lives: a user session's sliding week (server/services/sessions.ts SESSION_SECONDS). */
const PAGE_COOKIE_SECONDS = 7 * 24 * 3600;

/** The token the page cookie carries, or null. */
export function pageCookieToken(): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === PAGE_COOKIE) return part.slice(eq + 1).trim() || null;
    }
  } catch {
    // No cookies here.
  }
  return null;
}

/** Keeps the page cookie (shared/pages/page-data.ts PAGE_COOKIE) equal to the stored token. */
function writePageCookie(token: string | null): void {
  try {
    if (pageCookieToken() === token) return;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = token
      ? `${PAGE_COOKIE}=${token}; Path=${ROUTER_BASE}; Max-Age=${PAGE_COOKIE_SECONDS}; SameSite=Lax${secure}`
      : `${PAGE_COOKIE}=; Path=${ROUTER_BASE}; Max-Age=0; SameSite=Lax${secure}`;
  } catch {
    // No cookies here: the home page's tiles come with the app instead.
  }
}

function update(patch: Partial<Session>): void {
  if ('token' in patch) writePageCookie(patch.token ?? null);
  for (const key of plainKeys) if (key in patch) writeStorage(key, patch[key] ?? null);
  if ('userInfo' in patch) writeStorage('userInfo', patch.userInfo ? JSON.stringify(patch.userInfo) : null);
  $session.set({ ...$session.get(), ...patch });
}

export function setToken(token: string): void {
  update({ token });
}

const str = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/** Stores the user info and the values the forms read from it (hyzk, xh, xl, id). */
export function setUserInfo(userInfo: UserInfo): void {
  update({
    userInfo,
    hyzk: str(userInfo.hyzkm),
    xh: str(userInfo.xh),
    xl: str(userInfo.zhxlm),
    id: str(userInfo.id),
  });
}

/** Loads the session from storage into the store (root behaviour, spec §2). */
export function restoreSession(): Session {
  const stored = readStoredSession();
  // A session from before the cookie, or one ended in another tab: the cookie follows the stored token.
  writePageCookie(stored.token);
  $session.set(stored);
  return stored;
}

/** The staff console's session (issue 5): its own key, so a student and a staff sign-in never share a token. */
export const ADMIN_TOKEN = 'adminToken';

export const setAdminToken = (token: string | null): void => writeStorage(ADMIN_TOKEN, token);

export function clearSession(): void {
  update({ token: null, userInfo: null, hyzk: null, xh: null, xl: null, id: null });
}
