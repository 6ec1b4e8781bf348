// Layers (issue 9): dialogs sit above the loading layer, so an alert that opens while a call runs can be read and
// closed. The order is read from the style sheets as declared (the e2e run checks it in the browser too).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The z-index declared for a selector in a style sheet (the first rule that names exactly it). */
function zIndexOf(file: string, selector: string): number {
  const css = readFileSync(join(process.cwd(), file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const rule = new RegExp(`(^|})\\s*${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`, 'm').exec(css);
  const z = rule && /z-index:\s*(\d+)/.exec(rule[2]);
  if (!z) throw new Error(`${selector}: no z-index in ${file}`);
  return Number(z[1]);
}

describe('layers', () => {
  it('loading overlay < dialog mask < dialog < toast', () => {
    const loading = zIndexOf('src/app/app.css', '.app-loading');
    const mask = zIndexOf('src/components/ui/dialog.less', '.app-dialog .weui-mask');
    const dialog = zIndexOf('src/components/ui/dialog.less', '.app-dialog .weui-dialog');
    const toast = zIndexOf('src/app/app.css', '.app-toast .weui-toast');
    expect(loading).toBeLessThan(mask);
    expect(mask).toBeLessThan(dialog);
    expect(dialog).toBeLessThan(toast);
    // The tab bar and the sticky header stay under all of them.
    expect(zIndexOf('src/components/ui/tab-bar.less', '.weui-tabbar.app-tabbar')).toBeLessThan(loading);
  });
});
