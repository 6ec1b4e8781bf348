import { atom } from 'nanostores';
import { client, unwrap } from '@/api/client';

export const $clientIp = atom<string | null>(null);

/** GET /h5/getClientIP; the server writes dots as underscores (spec §7). */
export async function loadClientIp(): Promise<string | null> {
  const result = await unwrap(client.GET('/h5/getClientIP', { loading: false, silent: true }));
  const ip = result.ok && typeof result.data === 'string' ? result.data.replace(/_/g, '.') : null;
  $clientIp.set(ip);
  return ip;
}
