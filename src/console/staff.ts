// The staff console's session (issue 5): the signed-in staff member and the reference tables. Only the
// console's chunks import this store; the token itself lives under its own storage key (state/session).
import { atom } from 'nanostores';
import { client, unwrap, type ApiResult, type Schemas } from '@/api/client';
import { ADMIN_TOKEN, readStorage, setAdminToken } from '@/state/session';

export type StaffAccount = Schemas['StaffAccount'];
export type AdminMeta = Schemas['AdminMeta'];

export const $staff = atom<StaffAccount | null>(null);
export const $adminMeta = atom<AdminMeta | null>(null);

export const hasStaffToken = (): boolean => Boolean(readStorage(ADMIN_TOKEN));

/** Who is signed in (adminGetMe); a 401 sends the console to its sign-in (api/client). */
export async function loadStaff(): Promise<ApiResult<StaffAccount>> {
  const r = await unwrap(client.GET('/api/admin/me'));
  if (r.ok) $staff.set(r.data);
  return r;
}

let metaLoad: Promise<unknown> | undefined;

/** The status, service and rating tables (adminGetMeta), loaded once a session. */
export function loadAdminMeta(): Promise<unknown> {
  metaLoad ??= unwrap(client.GET('/api/admin/meta', { loading: false })).then((r) => {
    if (r.ok) $adminMeta.set(r.data);
    else metaLoad = undefined;
  });
  return metaLoad;
}

/** After adminLogin: keep the token, then load the account. */
export function staffSignIn(token: string): Promise<ApiResult<StaffAccount>> {
  setAdminToken(token);
  return loadStaff();
}

/** Forgets the console's session here (the token, the account, the tables). */
export function forgetStaff(): void {
  setAdminToken(null);
  $staff.set(null);
  $adminMeta.set(null);
  metaLoad = undefined;
}

/** Revokes the token on the server (best effort), then forgets the session. */
export async function staffSignOut(): Promise<void> {
  await unwrap(client.POST('/api/admin/logout', { silent: true }));
  forgetStaff();
}

/** A status label; 借用户口卡 names 4 and 7 已借出 and 已归还. */
export function statusLabel(meta: AdminMeta | null, status: number, kind?: string): string {
  const s = meta?.statuses.find((x) => x.code === status);
  return (kind === 'hkkjy' && s?.borrowLabel) || s?.label || String(status);
}

/** Kinds the table lists only by their sub-services. */
const groupLabels: Record<string, string> = { qianru: '迁入', qianchu: '迁出' };

/** The services (one entry per code) for filters. */
export const serviceOptions = (meta: AdminMeta | null): { value: string; label: string }[] =>
  (meta?.kinds ?? [])
    .filter((k, i, all) => all.findIndex((x) => x.code === k.code) === i)
    .map((k) => ({ value: k.code, label: k.sub ? (groupLabels[k.code] ?? k.label) : k.label }));

/** A service label by code. */
export const kindLabel = (meta: AdminMeta | null, kind: string): string =>
  serviceOptions(meta).find((k) => k.value === kind)?.label ?? kind;
