import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { ROUTER_BASE } from '@shared/pages/paths';

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

/** Decides a navigation: the href to go to, or null when cancelled. */
export type NavigationGuard = (to: string) => Promise<string | null>;

let guard: NavigationGuard = (to) => Promise.resolve(to);

/**
 * The shell installs its guard (the move-out check, src/app/navigation.ts) when it starts; links and buttons of
 * every layer navigate through it without importing the shell.
 */
export function setNavigationGuard(next: NavigationGuard): void {
  guard = next;
}

/** Navigates inside the app through the guard (links, tiles and buttons use this). */
export async function navigate(to: string, options: { replace?: boolean } = {}): Promise<boolean> {
  const target = await guard(to);
  if (target === null) return false;
  navigateApp(target, options);
  return true;
}
