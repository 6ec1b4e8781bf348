// The part of React the app uses, on Preact's core: vite.config.ts resolves 'react' here (build and tests), and so
// does tsconfig.json for the types. preact/compat did this for 5 kB of the entry (1.8 kB brotli of the first load)
// spent mostly on what the app does not use (React's synthetic-event and prop renaming, Children, portals, class
// component shims). What changes against compat, on purpose:
// - onChange is the DOM's change event: text inputs listen to onInput (the app's already do), and select, checkbox,
//   radio and file inputs fire change as in React.
// - Suspense gives its fallback to the lazy components inside it, which show it in their own place while they load;
//   nothing throws a promise, and the rest of the Suspense's children render meanwhile.
import { createContext, createElement, type ComponentChildren, type ComponentType } from 'preact';
import { useContext, useEffect, useLayoutEffect, useState } from 'preact/hooks';

export { cloneElement, Component, createContext, createElement, Fragment, isValidElement } from 'preact';
export { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
export type {
  AnchorHTMLAttributes,
  ButtonHTMLAttributes,
  ComponentChildren as ReactNode,
  ComponentType,
  TargetedMouseEvent as MouseEvent,
} from 'preact';

const Fallback = createContext<ComponentChildren>(null);

/** What the lazy components inside show while their code loads. */
export function Suspense({ fallback, children }: { fallback: ComponentChildren; children?: ComponentChildren }) {
  return createElement(Fallback.Provider, { value: fallback }, children);
}

export interface LazyPreload {
  /** Starts loading the code (once); resolves when it is in, or has failed. */
  preload(): Promise<void>;
}

/**
 * A component whose code loads on first render (or earlier, through preload()): until then it shows the fallback of
 * the nearest Suspense; once loaded it renders at once, without passing through the fallback. A load that failed is
 * thrown when rendering, for the nearest error boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own typing of lazy()
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T & LazyPreload {
  type P = T extends ComponentType<infer Props> ? Props : never;
  let Loaded: T | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        Loaded = m.default;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  function Lazy(props: P) {
    const fallback = useContext(Fallback);
    const [, loaded] = useState(0);
    const waiting = !Loaded && !failure;
    // Asked for during render, so the download starts with the first frame rather than after it.
    if (waiting) void preload();
    useEffect(() => {
      if (!waiting) return;
      let mounted = true;
      void preload().then(() => mounted && loaded(1));
      return () => {
        mounted = false;
      };
    }, [waiting]);
    if (failure) throw failure.error;
    return Loaded ? createElement(Loaded as ComponentType<object>, props as object) : fallback;
  }
  return Object.assign(Lazy, { preload }) as unknown as T & LazyPreload;
}

interface Snapshot<T> {
  value: T;
  getSnapshot: () => T;
}
const changed = <T>(s: Snapshot<T>) => !Object.is(s.value, s.getSnapshot());

/** React 18's useSyncExternalStore: the snapshot read while rendering, and a re-render whenever it changes. */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, _server?: () => T): T {
  const value = getSnapshot();
  // One record per component for its life; a new wrapper object is what makes Preact render again.
  const [{ snapshot }, rerender] = useState(() => ({ snapshot: { value, getSnapshot } as Snapshot<T> }));
  // The store may change between this render and its commit: checked once committed, before the browser paints.
  useLayoutEffect(() => {
    snapshot.value = value;
    snapshot.getSnapshot = getSnapshot;
    if (changed(snapshot)) rerender({ snapshot });
  }, [snapshot, subscribe, value, getSnapshot]);
  useEffect(() => {
    const check = () => {
      if (changed(snapshot)) rerender({ snapshot });
    };
    check();
    return subscribe(check);
  }, [snapshot, subscribe]);
  return value;
}
