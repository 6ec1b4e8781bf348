// Build time only (scripts/vite-plugin-shell-html.ts loads it through Vite's SSR module loader): the markup of a route
// as the app's first render in the browser draws it, so the page can carry it and the browser shows a working form
// before any script arrives; main.tsx then hydrates these very nodes (what was typed stays: TextField).
import { renderToStringAsync } from 'preact-render-to-string';
import { memoryLocation } from 'wouter/memory-location';
import { ROUTER_BASE } from '@shared/pages/paths';
import { App } from './app';
import { preloadScreen } from './routes';

/** The app's markup at `path` (an app path such as "/login"), nobody signed in. */
export async function prerender(path: string): Promise<string> {
  await preloadScreen(path);
  const { hook, searchHook } = memoryLocation({ path: ROUTER_BASE + path, static: true });
  return renderToStringAsync(<App location={{ hook, searchHook }} />);
}
