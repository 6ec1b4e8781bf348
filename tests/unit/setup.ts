import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { resetSectors } from '@/stores/sectors';
import { $session, readStoredSession } from '@/state/session';
import { resetUi } from '@/state/ui';
import { $clientIp } from '@/stores/client-ip';
// The shell as the entry installs it before any screen: which routes have a screen, and the navigation guard.
import '@/app/routes';
// The shell preloads the dialog host when idle; loaded here, that import never outlives a short test's environment.
import '@/components/ui/dialog';
// Likewise the progress bar (nprogress and its CSS): a navigation loads it from an effect once its screen is in, which
// a test that ends on that screen does not wait for (CI once saw the console tests end first: an unhandled error).
import NProgress from '@/app/progress';

/** Whether a test of this file showed the progress bar (whose fade-out timers may still be pending). */
let progressShown = false;

// The bar's fade-out runs two timers of its speed each; they end before the file's environment goes (CI once saw
// one fire after it: "document is not defined" in NProgress.remove).
afterAll(async () => {
  if (progressShown) await new Promise((done) => setTimeout(done, 2 * NProgress.settings.speed + 50));
});

beforeEach(() => {
  localStorage.clear();
  $session.set(readStoredSession());
  history.replaceState(null, '', '/web/');
});

afterEach(async () => {
  cleanup();
  // Preact runs the effects' cleanups of an unmounted tree after the next frame: a form's draft is saved then (its
  // unmount flush), so wait for them, or that save lands in the next test's storage.
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  else await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  // A bar still fading out would finish on the next test's page (its timers are the progress bar's own).
  if (NProgress.isRendered() || NProgress.status !== null) progressShown = true;
  NProgress.status = null;
  NProgress.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetUi();
  resetSectors();
  $clientIp.set(null);
  localStorage.clear();
  $session.set(readStoredSession());
});
