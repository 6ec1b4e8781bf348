import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { ROUTER_BASE } from '@/config/paths';

/** Path inside the app (without the /web base), e.g. "/login". */
export function currentAppPath(): string {
  const path = location.pathname;
  const decoded = safeDecode(path);
  return decoded.toLowerCase().startsWith(ROUTER_BASE) ? decoded.slice(ROUTER_BASE.length) || '/' : decoded;
}

/** Navigates outside React (stores, the API middleware) to an app path such as "/login?x=1". */
export function navigateApp(to: string, options: { replace?: boolean } = {}): void {
  browserNavigate(ROUTER_BASE + to, { replace: options.replace ?? false });
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}
