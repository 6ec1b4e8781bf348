// The shell's navigation guard: a navigation to a move-out sub-route first asks GET /api/qianchu/check. The guard's
// code (./move-out-guard) loads only for such a route. Installed into lib/nav when this module loads (routes.tsx
// imports it into the entry), so every link and button of every layer passes it.
import { moveOutSubRoute } from '@/lib/move-out-route';
import { navigate, setNavigationGuard } from '@/lib/nav';

export { navigate };

/**
 * Runs the guard for a navigation target: the href to go to, or null when cancelled.
 */
export async function guardNavigation(to: string): Promise<string | null> {
  if (!moveOutSubRoute(to)) return to;
  const guard = await import('./move-out-guard');
  return guard.guardNavigation(to);
}

setNavigationGuard(guardNavigation);
