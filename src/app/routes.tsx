import { Component, lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { ADMIN_BASE, isAdminPath, paths, routeForPath, type RouteDef, type RouteKey } from '@shared/pages/paths';
import { navigateApp } from '@/lib/nav';
import { stylesReady } from './deferred-styles';
import { guardNavigation, mayBeGuarded } from './navigation';

type ScreenModule = { default: ComponentType<Record<string, unknown>> };
type Loader = () => Promise<ScreenModule>;

/**
 * The screens other than the two first ones, with the chunks each loads (./screen-table): one small lazy module that
 * the page fetches once its first screen is shown, so the entry does not carry an import and a preload list for every
 * screen (the entry of login.html and home.html is that much smaller). index.html, which answers every other path,
 * preloads it with the entry.
 */
const screenTable = () => import('./screen-table');
const notFoundLoader: Loader = () => import('./not-found-page');

type Screens = Partial<Record<RouteKey, Loader>>;

/** The first screens; every other route's screen comes from the screen table (or the 404 page, should it have none). */
const FIRST_SCREENS: Screens = {
  login: () => import('@/features/auth/login-page'),
  home: () => import('@/features/home/home-page'),
};

const fromTable =
  (key: RouteKey): Loader =>
  () =>
    screenTable().then((m) => ((m.screens as Screens)[key] ?? notFoundLoader)());

/**
 * Screens by route (lazy chunks); alias routes show their canonical route's screen (loaderFor). Every route has one:
 * tests/unit/paths.test.ts keeps the screen table complete.
 */
export const screens: Screens = Object.fromEntries(
  (Object.keys(paths) as RouteKey[])
    .filter((key) => !(paths[key] as RouteDef).aliasOf)
    .map((key) => [key, FIRST_SCREENS[key] ?? fromTable(key)]),
);

/** Fetches the screen table once the first screen is shown, so the next navigation need not wait for it. */
export const prefetchScreenTable = (): void => void screenTable();

/** A screen shows once its code and the page's deferred stylesheet are both in (./deferred-styles). */
const withStyles =
  (loader: Loader): Loader =>
  () =>
    Promise.all([loader(), stylesReady()]).then(([screen]) => screen);

/**
 * A screen loaded by React's lazy() on first render, or earlier by preload(); once its code is in, it renders
 * directly, without a pass through lazy() and the Suspense fallback. main.tsx preloads the first screen before the
 * first render, so the page's pre-rendered shell (login.html, home.html) stays on screen until the real screen
 * replaces it in one go.
 */
function screen(loader: Loader): ComponentType<Record<string, unknown>> & { preload(): Promise<void> } {
  let Loaded: ScreenModule['default'] | undefined;
  let pending: Promise<ScreenModule> | undefined;
  const load = () =>
    (pending ??= loader().then(
      (m) => {
        Loaded = m.default;
        return m;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(load);
  const Screen = (props: Record<string, unknown>) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />);
  return Object.assign(Screen, {
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  });
}

const NotFound = screen(withStyles(notFoundLoader));

/**
 * The staff console (issue 5): one lazy entry with its own nested router, which loads its pages itself,
 * so the students' first load does not grow with the console.
 */
const consoleLoader: Loader = () => import('@/console/admin-app');
const Console = screen(withStyles(consoleLoader));

type Progress = typeof import('nprogress');
let progress: Promise<Progress> | undefined;

/** The progress bar (nprogress), loaded after the first screen: it is not needed before. */
export function loadProgress(): Promise<Progress> {
  progress ??= import('./progress').then((m) => m.default);
  return progress;
}

/** Loader of the screen a route shows (alias routes show their canonical screen). */
export function loaderFor(key: RouteKey): Loader | undefined {
  const def: RouteDef = paths[key];
  return screens[(def.aliasOf ?? key) as RouteKey];
}

const routeEntries = (Object.keys(paths) as RouteKey[]).flatMap((key) => {
  const loader = loaderFor(key);
  return loader ? [{ key, def: paths[key] as RouteDef, loader, Screen: screen(withStyles(loader)) }] : [];
});

export const PAGE_NOT_FOUND = '页面不存在';

const entryForPath = (path: string) => {
  const def = routeForPath(path);
  return def && routeEntries.find((e) => e.def === def);
};

/** document.title of a path: the route's Chinese title, or 页面不存在 where no screen exists. */
export const titleFor = (path: string) => entryForPath(path)?.def.title ?? PAGE_NOT_FOUND;

const loaderForPath = (path: string): Loader => (isAdminPath(path) ? consoleLoader : (entryForPath(path)?.loader ?? notFoundLoader));

/** Loads the screen of an app path (the first screen, before the first render); never rejects. */
export function preloadScreen(path: string): Promise<unknown> {
  if (path === '/') return Promise.resolve(); // redirects to /home
  const screen = isAdminPath(path) ? Console : (entryForPath(path)?.Screen ?? NotFound);
  return screen.preload();
}

/** Title, progress bar and the move-out guard for direct visits, on every path change. */
function useNavigationEffects(path: string, search: string) {
  const first = useRef(true);
  useEffect(() => {
    // The console titles its own pages.
    if (!isAdminPath(path)) document.title = titleFor(path);
    const screen = loaderForPath(path)();
    if (first.current) {
      // The first screen loads with the page; the bar serves the navigations after it.
      first.current = false;
      const after = () => {
        prefetchScreenTable();
        return loadProgress();
      };
      void screen.then(after, after);
      return;
    }
    void loadProgress().then((bar) => {
      bar.start();
      const done = () => bar.done();
      screen.then(done, done);
    });
  }, [path]);

  useEffect(() => {
    // A move-out screen opened directly (reload, shared link) still passes the guard.
    const to = search ? `${path}?${search}` : path;
    if (!mayBeGuarded(to) || new URLSearchParams(search).has('dizhi')) return;
    void guardNavigation(to).then((target) => {
      if (target === to) return; // not a guarded screen after all (edit=1, an unknown sub-route)
      if (target === null) navigateApp(paths.moveOut.href(), { replace: true });
      else navigateApp(target, { replace: true });
    });
  }, [path, search]);
}

/**
 * A screen whose code cannot be loaded (offline, or replaced by a new release) offers a reload;
 * `path` re-renders it on navigation so other screens still open.
 */
class ScreenErrorBoundary extends Component<{ path: string; children: ReactNode }, { failedPath: string | null }> {
  // Set in the constructor: a class field would bring Babel's property helpers into the entry (target es2019).
  constructor(props: { path: string; children: ReactNode }) {
    super(props);
    this.state = { failedPath: null };
  }
  static getDerivedStateFromError() {
    return { failedPath: location.pathname };
  }
  render() {
    if (this.state.failedPath === null || this.state.failedPath !== location.pathname) return this.props.children;
    return (
      <div class="app-empty" role="alert">
        <p>页面加载失败，请检查网络后重试</p>
        <div class="app-actions">
          <button type="button" class="weui-btn weui-btn_primary" onClick={() => location.reload()}>
            重新加载
          </button>
        </div>
      </div>
    );
  }
}

function Loading() {
  return <div class="app-empty" aria-busy="true" />;
}

/** The router's routes; every route receives its params as props. */
export function AppRoutes() {
  const [path] = useLocation();
  const search = useSearch();
  useNavigationEffects(path, search);
  return (
    <ScreenErrorBoundary path={path}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path="/">
            <Redirect to={paths.home.href()} replace />
          </Route>
          <Route path={ADMIN_BASE} nest>
            <Console />
          </Route>
          {routeEntries.map(({ key, def, Screen }) => (
            <Route key={key} path={def.path}>
              {(params: Record<string, string | undefined>) => <Screen {...params} params={params} />}
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
