import './styles/weui.less';
import './app/app.css';
import { render } from 'preact';
import { App } from './app/app';

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

const root = document.getElementById('app');
if (root) render(<App />, root);
