import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { resetSectors } from '@/stores/sectors';
import { $session, readStoredSession } from '@/stores/session';
import { resetUi } from '@/stores/ui';
import { $clientIp } from '@/stores/client-ip';

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
