// The router: the part of wouter 3 this app uses, with wouter's behaviour (base paths, nested routes, regexparam
// patterns without the library, history events) in a third of its size; vite.config.ts resolves 'wouter' and
// 'wouter/use-browser-location' here (build and tests), TypeScript still reads wouter's types.
// Used: Router (base), Switch, Route (path, nest, children as nodes or a function of the params), Redirect, Link,
// useLocation, useSearch, navigate. Not kept: custom location hooks, SSR options, useParams, useRoute, asChild.
import {
  cloneElement,
  createContext,
  createElement as h,
  Fragment,
  isValidElement,
  useContext,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import type { ComponentChildren, VNode } from 'preact';

type Params = Record<string | number, string | undefined>;
type NavigateOptions = { replace?: boolean; state?: unknown };
type Match = [boolean, Params | null, string?];

/* Location: pushState/replaceState announce themselves as events (as wouter patches them, once per page). */
const events = ['popstate', 'pushState', 'replaceState', 'hashchange'];
let listeners: (() => void)[] = [];
const notify = () => listeners.forEach((listener) => listener());
function subscribe(listener: () => void) {
  if (listeners.push(listener) === 1) for (const e of events) addEventListener(e, notify);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
    if (!listeners.length) for (const e of events) removeEventListener(e, notify);
  };
}
const patched = Symbol.for('wouter_v3');
if (typeof history !== 'undefined' && !(patched in window)) {
  for (const type of ['pushState', 'replaceState'] as const) {
    const original = history[type];
    history[type] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      dispatchEvent(Object.assign(new Event(type), { arguments: args }));
      return result;
    };
  }
  Object.defineProperty(window, patched, { value: true });
}

/** Goes to an absolute path (wouter/use-browser-location's navigate). */
export const navigate = (to: string, { replace = false, state = null }: NavigateOptions = {}) =>
  history[replace ? 'replaceState' : 'pushState'](state, '', to);

const usePathname = () => useSyncExternalStore(subscribe, () => location.pathname);

const unescape = (s: string) => {
  try {
    return s.includes('%') ? decodeURI(s) : s;
  } catch {
    return s;
  }
};
/** `path` inside `base` ("/web/my" in "/web" is "/my"), or "~" + path when outside it. */
const relativePath = (base: string, path: string) => {
  base = unescape(base);
  path = unescape(path);
  return !base || (path.toLowerCase() + '/').startsWith(base.toLowerCase() + '/') ? path.slice(base.length) || '/' : '~' + path;
};
const absolutePath = (to: string, base: string) => (to[0] === '~' ? to.slice(1) : base + to);

const BaseCtx = createContext('');

/** A base path for the routes inside (appended to an outer router's base). */
export function Router({ base = '', children }: { base?: string; children?: ComponentChildren }) {
  const outer = useContext(BaseCtx);
  return h(BaseCtx.Provider, { value: outer + (base === '/' ? '' : base) }, children);
}

/** [path inside the router's base, navigate(to, {replace}) inside it ("~/x" leaves the base)]; navigate is stable. */
export function useLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  const base = useContext(BaseCtx);
  const path = relativePath(base, usePathname());
  const current = useRef(base);
  current.current = base;
  const go = useRef((to: string, options?: NavigateOptions) => navigate(absolutePath(to, current.current), options)).current;
  return [path, go];
}

/** The query string without "?". */
export function useSearch(): string {
  const search = useSyncExternalStore(subscribe, () => location.search);
  return unescape(search[0] === '?' ? search.slice(1) : search);
}

/**
 * regexparam's pattern for the routes the app writes: static segments, `:name` and `*` (wouter's syntax; neither
 * optional parameters nor suffixes are used); `loose` matches the start of a path.
 */
function parse(route: string, loose?: boolean) {
  const keys: string[] = [];
  let pattern = '';
  for (const segment of route.split('/')) {
    if (!segment) continue;
    if (segment === '*' || segment[0] === ':') keys.push(segment === '*' ? segment : segment.slice(1));
    pattern += segment === '*' ? '/(.*)' : segment[0] === ':' ? '/([^/]+?)' : `/${segment}`;
  }
  return { keys, pattern: new RegExp(`^${pattern}${loose ? '(?=$|/)' : '/?$'}`, 'i') };
}

/** regexparam's match of a pattern (all paths without one); `nest` matches the start and gives the matched base. */
function matchRoute(route: string | undefined, path: string, nest?: boolean): Match {
  const { pattern, keys } = parse(route || '*', nest);
  const result = pattern.exec(path);
  if (!result) return [false, null];
  const params: Params = {};
  for (let i = 1; i < result.length; i++) params[i - 1] = result[i];
  keys.forEach((key, i) => (params[key] = result[i + 1]));
  return nest ? [true, params, result[0]] : [true, params];
}

interface RouteProps {
  path?: string;
  nest?: boolean;
  /** Set by Switch, which has matched already. */
  match?: Match;
  component?: ComponentType<{ params: Params }>;
  children?: ComponentChildren | ((params: Params) => ComponentChildren);
}

export function Route({ path, nest, match, component, children }: RouteProps) {
  const base = useContext(BaseCtx);
  const here = relativePath(base, usePathname());
  const [matches, params, matchedBase] = match ?? matchRoute(path, here, nest);
  if (!matches) return null;
  const content = component ? h(component, { params: params! }) : typeof children === 'function' ? children(params!) : children;
  return matchedBase ? h(Router, { base: matchedBase }, content) : content;
}

const flatten = (children: unknown, into: unknown[] = []): unknown[] => {
  if (Array.isArray(children)) {
    for (const child of children)
      flatten(isValidElement(child) && child.type === Fragment ? (child.props as { children?: unknown }).children : child, into);
  } else into.push(children);
  return into;
};

/** The first route (in order) whose path matches; a route without a path matches everything. */
export function Switch({ children, location: given }: { children?: ComponentChildren; location?: string }) {
  const base = useContext(BaseCtx);
  const current = usePathname();
  const here = given || relativePath(base, current);
  for (const element of flatten(children)) {
    if (!isValidElement(element)) continue;
    const route = element as VNode<RouteProps>;
    const match = matchRoute(route.props.path, here, route.props.nest);
    if (match[0]) return cloneElement(route, { match });
  }
  return null;
}

export function Redirect(props: { to?: string; href?: string } & NavigateOptions) {
  const [, go] = useLocation();
  useLayoutEffect(() => {
    go(props.to || props.href || '', props);
    // Once, as wouter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

type LinkProps = Record<string, unknown> & {
  href?: string;
  to?: string;
  className?: string | ((active: boolean) => string);
  onClick?: (event: MouseEvent) => void;
  children?: ComponentChildren;
} & NavigateOptions;

/** <a href> inside the router's base that navigates without a reload (not with a modifier key or another button). */
export function Link({ to = '', href = to, onClick, className, replace, state, children, ...rest }: LinkProps) {
  const base = useContext(BaseCtx);
  const [path, go] = useLocation();
  const props: Record<string, unknown> = {
    ...rest,
    href: href[0] === '~' ? href.slice(1) : base + href,
    onClick(event: MouseEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) return;
      onClick?.(event);
      if (!event.defaultPrevented) {
        event.preventDefault();
        go(href, { replace, state });
      }
    },
  };
  if (className !== undefined) props.className = typeof className === 'function' ? className(path === href) : className;
  return h('a', props, children);
}
