import './styles/weui.less';
import './app/app.css';
// The shell's stylesheet also holds the styles of the first screens and of every form (the tab bar, home, the form
// fields): login.html and home.html inline only the rules their screen uses (scripts/vite-plugin-shell-html.ts), and
// every other screen finds them loaded instead of fetching one more small file.
import './components/ui/tab-bar.less';
import './components/ui/form.css';
import './features/home/home.css';
import { hydrate, render } from 'preact';
import { App } from './app/app';
import { LIVE_ATTRIBUTE } from '@shared/pages/page-data';
import { loadDeferredStyles } from './app/deferred-styles';
import { preloadScreen } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { initCareMode } from './lib/care-mode';
import { currentAppPath } from './lib/nav';

// Spec §8: the browser console is silenced in production builds.
if (import.meta.env.PROD) {
  const quiet = () => {};
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[level] = quiet;
}

// After a new release the old chunk names are gone: reload once to get the new ones.
addEventListener('vite:preloadError', () => {
  try {
    if (sessionStorage.getItem('reloaded-for-chunks')) return;
    sessionStorage.setItem('reloaded-for-chunks', '1');
  } catch {
    return;
  }
  location.reload();
});

initCareMode();

// The first screen's code comes before the first render, so the page's pre-rendered markup stays until the real screen
// takes it over in one go, never an empty fallback in between. A page that carries the app's own render of its route
// (data-hydrate: login.html, register.html…, scripts/vite-plugin-shell-html.ts) is hydrated: its nodes, and what the
// user typed into them before the scripts came, stay.
const root = document.getElementById('app');
if (root) {
  void preloadScreen(currentAppPath()).then(() => {
    if (root.hasAttribute('data-hydrate')) hydrate(<App />, root);
    else render(<App />, root);
    document.documentElement.setAttribute(LIVE_ATTRIBUTE, '');
    loadDeferredStyles();
    registerServiceWorker(import.meta.env.BASE_URL);
  });
}
