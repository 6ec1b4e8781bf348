import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Router, useLocation, useSearch, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { useStore } from '@nanostores/react';
import { $dialogs } from '@/state/ui';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { Toast } from '@/components/ui/toast';
import { isAdminPath, ROUTER_BASE, showsTabBar, tabs, paths } from '@shared/pages/paths';
import { requireLogin, startApp } from './root';
import { AppRoutes, titleFor } from './routes';

// Only the tab pages show it, so /login does not load it.
const AppTabBar = lazy(() => import('./app-tab-bar'));
const loadDialogHost = () => import('@/components/ui/dialog');
// Dialogs are rare: their code and styles load right after the first screen, not with it.
const DialogHost = lazy(() => loadDialogHost().then((m) => ({ default: m.DialogHost })));

const inWeChat = typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
const tabPaths = tabs.map((route) => paths[route].path);

/** Title bar for browsers other than WeChat (WeChat shows document.title itself). */
function Header({ path, canGoBack }: { path: string; canGoBack: boolean }) {
  if (inWeChat) return null;
  return (
    <header class="app-header">
      {canGoBack && !tabPaths.includes(path) && (
        <button type="button" class="app-header__back" aria-label="返回" onClick={() => history.back()}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" stroke-width="2" />
          </svg>
        </button>
      )}
      <h1 class="app-header__title">{titleFor(path)}</h1>
    </header>
  );
}

function Shell() {
  const [path] = useLocation();
  const search = useSearch();
  // The staff console has its own header and navigation.
  const staffConsole = isAdminPath(path);
  const tabbed = !staffConsole && showsTabBar(path);
  const dialogs = useStore($dialogs);

  useEffect(() => {
    const preload = () => void loadDialogHost();
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(preload);
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 1);
    return () => clearTimeout(id);
  }, []);

  const started = useRef(false);
  // Back is offered once the user has moved inside the app (a first screen has nowhere to go back to).
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      void startApp(path, search);
      return;
    }
    setCanGoBack(true);
    // A new screen starts at its top, and screen readers continue from the new content.
    scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
    // Later navigations to a signed-in page also need a session.
    requireLogin(path);
    // Only path changes matter here; the search is read once, at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  return (
    <div class={tabbed ? 'app-shell app-shell_tabbed' : 'app-shell'}>
      {!staffConsole && <Header path={path} canGoBack={canGoBack} />}
      <main id="main" tabIndex={-1}>
        <AppRoutes />
      </main>
      {tabbed && (
        <Suspense fallback={null}>
          <AppTabBar path={path} />
        </Suspense>
      )}
      <Toast />
      <LoadingOverlay />
      {dialogs.length > 0 && (
        <Suspense fallback={null}>
          <DialogHost />
        </Suspense>
      )}
    </div>
  );
}

/** Where the app is, when not the browser's address: the build's pre-rendering passes a fixed one (./prerender). */
export interface AppLocation {
  hook: BaseLocationHook;
  searchHook: BaseSearchHook;
}

/** The app: router with base /web (spec §9), shell, global UI layers. */
export function App({ location }: { location?: AppLocation } = {}) {
  return (
    <Router base={ROUTER_BASE} {...location}>
      <Shell />
    </Router>
  );
}
