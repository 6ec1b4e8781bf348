// Build plugin: lists the npm packages whose code the web build ships in dist/web/.vite/bundled-packages.json: the
// package of every module of every chunk (by the node_modules folder it came from), and the packages the app's .less
// files @import (WeUI's style sheets, which Less inlines without making them modules). scripts/notices.ts turns the
// list into dist/THIRD-PARTY-NOTICES.md with each package's licence text, and fails the build on a package without one.
import type { Plugin } from 'vite';

/** The package a module file belongs to ("preact", "@nanostores/react"), or null for the app's own code. */
export function packageOf(moduleId: string): string | null {
  const path = moduleId.replace(/\\/g, '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0 || path.startsWith('\0')) return null;
  const [first, second] = path.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Packages a Less source imports by name: `@import 'weui/src/...'` or through a variable (`@weui: 'weui/src/style'`). */
export function lessImports(source: string): string[] {
  const names = [...source.matchAll(/(?:@import\s*(?:\([^)]*\)\s*)?|@[\w-]+\s*:\s*)['"]((?:@[\w.-]+\/)?[\w-][\w.-]*)\//g)];
  return names.map((m) => m[1]);
}

export default function bundledPackages(): Plugin {
  const styled = new Set<string>();
  return {
    name: 'hukou-bundled-packages',
    apply: 'build',
    // Before Vite's CSS plugin compiles the Less away.
    enforce: 'pre',
    transform: {
      filter: { id: /\.less$/ },
      handler(code) {
        for (const name of lessImports(code)) styled.add(name);
        return null;
      },
    },
    generateBundle(_options, bundle) {
      const packages = new Set(styled);
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') for (const id of output.moduleIds) packages.add(packageOf(id) ?? '');
      packages.delete('');
      this.emitFile({
        type: 'asset',
        fileName: '.vite/bundled-packages.json',
        source: `${JSON.stringify([...packages].sort(), null, 2)}\n`,
      });
    },
  };
}
