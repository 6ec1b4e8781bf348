// Single sign-on by CAS ticket (spec §2), loaded only when the app starts with ?ticket= (src/app/root.ts).
import { client, REDIRECT_DELAY_MS, toldByClient, unwrap } from '@/api/client';
import { navigateApp } from '@/lib/nav';
import { clearSession } from '@/stores/session';
import { completeSignIn } from '@/stores/auth';
import { alertDialog } from '@/stores/ui';

export const TEACHER_OK = '老师您好，您可正常办理集体户口相关业务';
export const SSO_FAILED = '统一身份认证失败';

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
    // What the client did not say already (429 behind a NAT, 500) is said here.
    const failure = validated.ok ? null : validated;
    if (!failure || !toldByClient(failure)) {
      void alertDialog({
        title: SSO_FAILED,
        message: failure?.msg ? `${failure.msg}（也可使用账号密码登录）` : '请稍后再试，或使用账号密码登录',
      });
    }
    setTimeout(() => navigateApp('/login', { replace: true }), REDIRECT_DELAY_MS);
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
      : alertDialog({ title: '信息', message: TEACHER_OK });
  navigateApp('/my', { replace: true });
  await shown;
  return true;
}
