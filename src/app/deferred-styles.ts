/**
 * login.html and home.html inline only the rules of the entry's stylesheet that their first screen can use
 * (scripts/vite-plugin-shell-html.ts) and list the whole stylesheet in the data block #app-boot as "styles".
 * Once that screen is shown, the app adds it right after the inline rules, so the screens' own stylesheets, which the
 * chunks append at the end of <head>, still come after it. Other screens wait for it before they show.
 */
let ready: Promise<unknown> = Promise.resolve();

/** Starts loading the stylesheets the page deferred (none on index.html, nor in development). */
export function loadDeferredStyles(): void {
  const data = document.getElementById('app-boot')?.textContent;
  let styles: unknown;
  try {
    styles = data ? (JSON.parse(data) as { styles?: unknown }).styles : undefined;
  } catch {
    return;
  }
  if (!Array.isArray(styles) || !styles.length) return;
  let after: Element | null = document.head.querySelector('style');
  ready = Promise.all(
    styles.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = String(href);
          link.onload = link.onerror = () => resolve();
          if (after) after.after(link);
          else document.head.prepend(link);
          after = link;
        }),
    ),
  );
}

/** Resolves once the deferred stylesheets have loaded (or failed): at once where none were deferred. */
export const stylesReady = (): Promise<unknown> => ready;
