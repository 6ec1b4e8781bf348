// The shell's navigation guard: a navigation to a move-out sub-route first asks GET /api/qianchu/check. The guard's
// code (./move-out-guard, with the exact test of lib/move-out-route) loads only for a path under /move-out/. Installed into lib/nav when this module loads (routes.tsx
// imports it into the entry), so every link and button of every layer passes it.
import { navigate, setNavigationGuard } from '@/lib/nav';

export { navigate };

/** Whether a target may be a guarded screen: a path under /move-out/ (the guard tells the sub-routes apart). */
export const mayBeGuarded = (to: string): boolean => to.startsWith('/move-out/');

/**
 * Runs the guard for a navigation target: the href to go to (the target itself when it is not guarded), or null when
 * cancelled.
 */
export async function guardNavigation(to: string): Promise<string | null> {
  if (!mayBeGuarded(to)) return to;
  const guard = await import('./move-out-guard');
  return guard.guardNavigation(to);
}

setNavigationGuard(guardNavigation);
