// Build plugin: drops WeUI theme variables (--weui-*) that nothing in the bundle reads. WeUI's theme
// declares ~156 variables in six modes (2.6 kB gzip); the app reads a few dozen.
import type { Plugin } from 'vite';

const DECL = /(--weui-[\w-]+)\s*:([^;{}]*)(;|(?=\}))/g;
const REF = /var\(\s*(--weui-[\w-]+)/g;
const EMPTY_RULE = /[^{}]+\{\s*\}/g;

/** Removes unread --weui-* declarations from CSS text, given every text of the bundle. */
export function pruneCssVars(cssTexts: string[], otherTexts: string[]): string[] {
  const used = new Set<string>();
  for (const text of [...cssTexts, ...otherTexts]) {
    for (const m of text.replace(DECL, '').matchAll(REF)) used.add(m[1]);
  }
  // A kept variable may be defined from others: keep those too.
  const values = new Map<string, string[]>();
  for (const text of cssTexts) {
    for (const m of text.matchAll(DECL)) values.set(m[1], [...(values.get(m[1]) ?? []), m[2]]);
  }
  const queue = [...used];
  while (queue.length) {
    for (const value of values.get(queue.pop()!) ?? []) {
      for (const m of value.matchAll(REF)) {
        if (!used.has(m[1])) {
          used.add(m[1]);
          queue.push(m[1]);
        }
      }
    }
  }
  return cssTexts.map((text) => {
    let out = text.replace(DECL, (whole, name: string) => (used.has(name) ? whole : ''));
    let before: string;
    do {
      before = out;
      out = out.replace(EMPTY_RULE, (rule) => rule.replace(/^([\s\S]*?)([^{}]+\{\s*\})$/, '$1'));
    } while (out !== before);
    return out.replace(/;\}/g, '}');
  });
}

export default function pruneCssVarsPlugin(): Plugin {
  return {
    name: 'prune-weui-css-vars',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const css = Object.values(bundle).filter((a) => a.type === 'asset' && a.fileName.endsWith('.css'));
      const others = Object.values(bundle)
        .filter((a) => !css.includes(a))
        .map((a) => (a.type === 'chunk' ? a.code : String(a.source)));
      const pruned = pruneCssVars(
        css.map((a) => String((a as { source: string | Uint8Array }).source)),
        others,
      );
      css.forEach((a, i) => {
        (a as { source: string }).source = pruned[i];
      });
    },
  };
}
