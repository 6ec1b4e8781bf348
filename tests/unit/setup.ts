import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { resetSectors } from '@/stores/sectors';
import { $session, readStoredSession } from '@/stores/session';
import { resetUi } from '@/stores/ui';
import { $clientIp } from '@/stores/client-ip';
// The shell as the entry installs it before any screen: which routes have a screen, and the navigation guard.
import '@/app/routes';
// The shell preloads the dialog host when idle; loaded here, that import never outlives a short test's environment.
import '@/components/ui/dialog';

beforeEach(() => {
  localStorage.clear();
  $session.set(readStoredSession());
  history.replaceState(null, '', '/web/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetUi();
  resetSectors();
  $clientIp.set(null);
  localStorage.clear();
  $session.set(readStoredSession());
});
