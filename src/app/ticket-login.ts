// Single sign-on by CAS ticket (spec §2), loaded only when the app starts with ?ticket= (src/app/root.ts).
import { client, toldByClient, unwrap } from '@/api/client';
import { isAdminPath, isPublicPath, paths, routeForPath } from '@shared/pages/paths';
import { navigateApp } from '@/lib/nav';
import { usesGzzh, usesXh } from '@/lib/rules';
import { clearSession } from '@/state/session';
import { completeSignIn } from '@/stores/auth';
import { alertDialog, hideToast } from '@/state/ui';

export const TEACHER_OK = '老师您好，您可正常办理集体户口相关业务';
export const STUDENT_OK = '同学您好，您可正常办理集体户口相关业务';
export const FAMILY_OK = '您好，您可正常办理集体户口相关业务';

/**
 * The greeting after single sign-on, by person type (issue 25: students were greeted 老师您好): those known by a
 * student number (本科生, 研究生, 新生) 同学; by a staff number (博士后, 教职工) 老师; a family member plainly.
 */
export function signedOnGreeting(rylb: string | null | undefined): string {
  if (rylb && usesGzzh(rylb)) return TEACHER_OK;
  if (rylb && usesXh(rylb)) return STUDENT_OK;
  return FAMILY_OK;
}
export const SSO_FAILED = '统一身份认证失败';

/**
 * Where to go after single sign-on: the callback's `next` when it is one of the app's own routes, else /my. The
 * server binds the ticket to its own callback with this same `next` (never to an address the app sends).
 */
export function nextRoute(href: string): string | undefined {
  const next = new URL(href).searchParams.get('next');
  const own = next && /^\/[a-z0-9-]+(\/[A-Za-z0-9_-]+){0,5}$/.test(next) && routeForPath(next) && !isAdminPath(next) && !isPublicPath(next);
  return own && next !== paths.my.href() ? next : undefined;
}

/** Single sign-on by CAS ticket (spec §2): IP, validateTicket, user info, the alert, then /my. */
export async function ticketLogin(ticket: string, ipLookup: Promise<string | null>): Promise<boolean> {
  const ip = await ipLookup;
  const next = nextRoute(location.href);
  const validated = await unwrap(
    client.GET('/h5/validateTicket', {
      params: { query: { ticket, ...(ip ? { ip } : {}), ...(next ? { next } : {}) } },
    }),
  );
  if (!validated.ok || typeof validated.data !== 'string') {
    // The sign-in page at once, with the reason in an alert that stays until it is dismissed (a refused ticket's
    // message comes as a business message, which the client would only toast for a moment). A lost connection was
    // told by the client's own alert already.
    const failure = validated.ok ? null : validated;
    navigateApp('/login', { replace: true });
    if (failure && failure.code < 0) return false;
    hideToast();
    void alertDialog({
      title: SSO_FAILED,
      message: failure?.msg ? `${failure.msg}（也可使用账号密码登录）` : '请稍后再试，或使用账号密码登录',
    });
    return false;
  }
  const info = await completeSignIn(validated.data);
  if (!info.ok) {
    // Signed in, but the account could not be read: never a silent page.
    clearSession();
    if (!toldByClient(info)) {
      void alertDialog({
        title: SSO_FAILED,
        message: `未能读取您的账号信息${info.msg ? `（${info.msg}）` : ''}，请稍后再试，或使用账号密码登录`,
      });
    }
    navigateApp('/login', { replace: true });
    return false;
  }
  const shown =
    info.data.scfc === '1'
      ? alertDialog({ title: '注意', message: info.data.scfcmessage ?? '' })
      : alertDialog({ title: '信息', message: signedOnGreeting(info.data.rylb) });
  navigateApp(next ?? paths.my.href(), { replace: true });
  await shown;
  return true;
}
