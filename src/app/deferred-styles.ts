import { $stylesLoaded } from '@/state/ui';

/**
 * login.html and home.html inline only the rules of the entry's stylesheet that their first screen draws
 * (scripts/vite-plugin-shell-html.ts) and list the whole stylesheet in the data block #app-boot as "styles".
 * Once that screen is shown, the app adds it right after the inline rules, so the screens' own stylesheets, which the
 * chunks append at the end of <head>, still come after it. Other screens, and the toast and loading layers (whose
 * rules are not inline), wait for it.
 */
function deferredStyles(): string[] {
  try {
    const styles: unknown = JSON.parse(document.getElementById('app-boot')?.textContent || '{}').styles;
    return Array.isArray(styles) ? styles.map(String) : [];
  } catch {
    return [];
  }
}

const deferred = typeof document === 'undefined' ? [] : deferredStyles();

// On index.html and in development none is deferred: the whole stylesheet is in from the start.
$stylesLoaded.set(deferred.length === 0);

let ready: Promise<unknown> = Promise.resolve();
let started = false;

/** Starts loading the stylesheets the page deferred (once). */
export function loadDeferredStyles(): void {
  if (started || !deferred.length) return;
  started = true;
  let after: Element | null = document.head.querySelector('style');
  ready = Promise.all(
    deferred.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = link.onerror = () => resolve();
          if (after) after.after(link);
          else document.head.prepend(link);
          after = link;
        }),
    ),
  ).then(() => $stylesLoaded.set(true));
}

/** Resolves once the deferred stylesheets have loaded (or failed): at once before they are asked for, or without any. */
export const stylesReady = (): Promise<unknown> => ready;
