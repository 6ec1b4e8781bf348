import { client, REDIRECT_DELAY_MS, unwrap } from '@/api/client';
import { isAdminPath, isPublicPath, paths } from '@shared/pages/paths';
import { navigateApp } from '@/lib/nav';
import { loadClientIp } from '@/stores/client-ip';
import { loadSectors } from '@/stores/sectors';
import { restoreSession, setUserInfo, $session } from '@/state/session';
import { showToast, SHORT_TOAST_MS } from '@/state/ui';

export const LOGIN_FIRST = '请先登录';

let loginRedirect: ReturnType<typeof setTimeout> | undefined;

/** Spec §2 "not logged in": the toast 请先登录, then /login after 1.5 s (the console has its own sign-in). */
export function requireLogin(path: string): boolean {
  if ($session.get().userInfo || isPublicPath(path) || isAdminPath(path)) return true;
  showToast(LOGIN_FIRST, SHORT_TOAST_MS);
  clearTimeout(loginRedirect);
  loginRedirect = setTimeout(() => navigateApp('/login', { replace: true }), REDIRECT_DELAY_MS);
  return false;
}

/**
 * The stored user info read again, quietly: where the registration is (hkIn) changes between visits (a move-in or
 * move-out finished by the office), and the screens that refuse on it must not go by the day of the sign-in.
 */
async function refreshStoredUser(): Promise<void> {
  const result = await unwrap(client.POST('/api/userinfo', { body: {}, loading: false, silent: true }));
  if (result.ok) setUserInfo(result.data);
}

/** What the app does when it starts (spec §2 root screen behaviour). */
export async function startApp(path: string, search: string): Promise<void> {
  // The staff console needs none of the student start (IP, ticket, session, sectors).
  if (isAdminPath(path)) return;
  const ipLookup = loadClientIp();
  const ticket = new URLSearchParams(search).get('ticket');
  if (ticket) {
    // Single sign-on is the rare start: its code loads only then.
    const { ticketLogin } = await import('./ticket-login');
    await ticketLogin(ticket, ipLookup);
    return;
  }
  const stored = restoreSession();
  if (stored.userInfo) {
    // The home tiles wait for the sectors; on any other route they are read again behind the screen.
    await Promise.all([loadSectors({ background: path !== paths.home.path && path !== '/' }), refreshStoredUser()]);
    return;
  }
  requireLogin(path);
}
