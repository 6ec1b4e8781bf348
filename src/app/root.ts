import { client, unwrap } from '@/api/client';
import { isAdminPath, isPublicPath } from '@/config/paths';
import { navigateApp } from '@/lib/nav';
import { loadClientIp } from '@/stores/client-ip';
import { loadSectors } from '@/stores/sectors';
import { restoreSession, $session } from '@/stores/session';
import { completeSignIn } from '@/stores/auth';
import { alertDialog, showToast, SHORT_TOAST_MS } from '@/stores/ui';

export const LOGIN_FIRST = '请先登录';
export const TEACHER_OK = '老师您好，您可正常办理集体户口相关业务';
const REDIRECT_DELAY_MS = 1500;

let loginRedirect: ReturnType<typeof setTimeout> | undefined;

/** Spec §2 "not logged in": the toast 请先登录, then /login after 1.5 s (the console has its own sign-in). */
export function requireLogin(path: string): boolean {
  if ($session.get().userInfo || isPublicPath(path) || isAdminPath(path)) return true;
  showToast(LOGIN_FIRST, SHORT_TOAST_MS);
  clearTimeout(loginRedirect);
  loginRedirect = setTimeout(() => navigateApp('/login', { replace: true }), REDIRECT_DELAY_MS);
  return false;
}

/** The service URL the ticket was issued for: the current address without the ticket. */
export function serviceUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('ticket');
  return url.toString();
}

/** Single sign-on by CAS ticket (spec §2): IP, validateTicket, user info, the alert, then /my. */
export async function ticketLogin(ticket: string, ipLookup: Promise<string | null>): Promise<boolean> {
  const ip = await ipLookup;
  const validated = await unwrap(
    client.GET('/h5/validateTicket', {
      params: { query: { ticket, ...(ip ? { ip } : {}), service: serviceUrl(location.href) } },
    }),
  );
  if (!validated.ok || typeof validated.data !== 'string') {
    setTimeout(() => navigateApp('/login', { replace: true }), REDIRECT_DELAY_MS);
    return false;
  }
  const info = await completeSignIn(validated.data);
  if (!info.ok) return false;
  const shown =
    info.data.scfc === '1'
      ? alertDialog({ title: '注意', message: info.data.scfcmessage ?? '' })
      : alertDialog({ title: '信息', message: TEACHER_OK });
  navigateApp('/my', { replace: true });
  await shown;
  return true;
}

/** What the app does when it starts (spec §2 root screen behaviour). */
export async function startApp(path: string, search: string): Promise<void> {
  // The staff console needs none of the student start (IP, ticket, session, sectors).
  if (isAdminPath(path)) return;
  const ipLookup = loadClientIp();
  const ticket = new URLSearchParams(search).get('ticket');
  if (ticket) {
    await ticketLogin(ticket, ipLookup);
    return;
  }
  const stored = restoreSession();
  if (stored.userInfo) {
    await loadSectors();
    return;
  }
  requireLogin(path);
}
