import { Component, lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { ADMIN_BASE, isAdminPath, paths, routeForPath, type RouteDef, type RouteKey } from '@/config/paths';
import { navigateApp } from '@/lib/nav';
import { setScreensKnown } from '@/lib/screens';
import { moveOutSubRoute } from '@/lib/move-out-route';
import { stylesReady } from './deferred-styles';
import { guardNavigation } from './navigation';

type ScreenModule = { default: ComponentType<Record<string, unknown>> };
type Loader = () => Promise<ScreenModule>;

/**
 * Routes whose screens a feature lists in one small lazy module (its screens.ts): the entry carries one import
 * for all of them instead of one per screen.
 */
function featureScreens<K extends RouteKey>(feature: () => Promise<{ screens: Record<K, Loader> }>, keys: K[]) {
  return Object.fromEntries(keys.map((key) => [key, () => feature().then((m) => m.screens[key]())])) as Record<K, Loader>;
}

/** Screens that exist, by route (lazy chunks). A route without a screen shows the 404 page. */
export const screens: Partial<Record<RouteKey, Loader>> = {
  login: () => import('@/features/auth/login-page'),
  register: () => import('@/features/auth/register-page'),
  forget: () => import('@/features/auth/forget-page'),
  home: () => import('@/features/home/home-page'),
  my: () => import('@/features/my/my-page'),
  info: () => import('@/features/my/info-page'),
  news: () => import('@/features/news/news-page'),
  announcement: () => import('@/features/announcement/announcement-page'),
  contactInformation: () => import('@/features/contact/contact-page'),
  address: () => import('@/features/address/address-page'),
  applyList: () => import('@/features/applications/apply-list-page'),
  details: () => import('@/features/applications/details-page'),
  certif: () => import('@/features/certif/certif-page'),
  certifIdCard: () => import('@/features/certif/id-card-page'),
  certifHrCard: () => import('@/features/certif/hr-card-page'),
  borrow: () => import('@/features/borrow/borrow-page'),
  ...featureScreens(() => import('@/features/prove/screens'), ['prove', 'proveHrIssued', 'proveCIssued', 'proveNIssued']),
  ...featureScreens(() => import('@/features/change/screens'), ['change', 'changeEducation', 'changeMarriage']),
  ...featureScreens(() => import('@/features/other/screens'), ['other', 'changeOther']),
  ...featureScreens(() => import('@/features/feedback/screens'), ['feedback', 'feedbackAdd', 'feedbackDetail']),
  ...featureScreens(
    () => import('@/features/move-in/screens'),
    ['moveIn', 'mIndex', 'moveInNew', 'moveInDr', 'moveInStaff', 'moveInStaffM', 'mCr', 'moveInVoucher'],
  ),
  ...featureScreens(
    () => import('@/features/move-out/screens'),
    [
      'moveOut',
      'moveOutGraduate',
      'moveOutPostDoctoral',
      'moveOutStaff',
      'moveOutLeaveSchool',
      'moveOutMoveOut',
      'moveOutReassignment',
      'moveOutPostpone',
      'moveOutChange',
      'moveOutMcCard',
      'moveOutCIssued',
    ],
  ),
};

/** A screen shows once its code and the page's deferred stylesheet are both in (./deferred-styles). */
const withStyles =
  (loader: Loader): Loader =>
  () =>
    Promise.all([loader(), stylesReady()]).then(([screen]) => screen);

const notFoundLoader: Loader = () => import('./not-found-page');
// Screens load lazily; main.tsx preloads the first screen before the first render, so the page's pre-rendered shell
// (login.html, home.html) stays on screen until the real screen replaces it in one go (lib/react.ts: a loaded lazy
// component renders at once, without the Suspense fallback).
const NotFound = lazy(withStyles(notFoundLoader));

/**
 * The staff console (issue 5): one lazy entry with its own nested router, which loads its pages itself,
 * so the students' first load does not grow with the console.
 */
const consoleLoader: Loader = () => import('@/features/admin/admin-app');
const Console = lazy(withStyles(consoleLoader));

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

setScreensKnown((key) => loaderFor(key) !== undefined);

const routeEntries = (Object.keys(paths) as RouteKey[]).flatMap((key) => {
  const loader = loaderFor(key);
  return loader ? [{ key, def: paths[key] as RouteDef, loader, Screen: lazy(withStyles(loader)) }] : [];
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
      void screen.then(loadProgress, loadProgress);
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
    if (!moveOutSubRoute(to) || new URLSearchParams(search).has('dizhi')) return;
    void guardNavigation(to).then((target) => {
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
    if (this.state.failedPath !== location.pathname) return this.props.children;
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
