// The third-party notices' inputs: which package a bundled module or a Less import belongs to
// (scripts/vite-plugin-bundled-packages.ts), and the licences the project ships (scripts/notices.ts).
import { describe, expect, it } from 'vitest';
import { lessImports, packageOf } from '../../scripts/vite-plugin-bundled-packages.ts';
import { ALLOWED } from '../../scripts/notices.ts';

describe('bundled packages', () => {
  it('names the package of a module by its last node_modules folder, scoped or not', () => {
    expect(packageOf('/w/node_modules/preact/compat/dist/compat.module.js')).toBe('preact');
    expect(packageOf('/w/node_modules/@nanostores/react/index.js')).toBe('@nanostores/react');
    expect(packageOf('/w/node_modules/a/node_modules/regexparam/dist/index.mjs')).toBe('regexparam');
    expect(packageOf('C:\\w\\node_modules\\wouter\\esm\\index.js')).toBe('wouter');
    expect(packageOf('/w/src/app/root.tsx')).toBeNull();
    expect(packageOf('\0vite/preload-helper.js')).toBeNull();
  });

  it('finds the packages a Less file imports, directly or through a variable', () => {
    const less = [
      "@import (reference) 'weui/src/style/base/fn.less';",
      "@weui: 'weui/src/style';",
      "@import '@{weui}/widget/weui-button/weui-btn_global.less';",
      "@import './local.less';",
      "@import '@scope/kit/x.less';",
    ].join('\n');
    expect(lessImports(less)).toEqual(['weui', 'weui', '@scope/kit']);
  });

  it('ships only permissive licences and the font licence', () => {
    expect([...ALLOWED]).toContain('OFL-1.1');
    for (const copyleft of ['GPL-3.0', 'AGPL-3.0', 'LGPL-2.1', 'SSPL-1.0']) expect(ALLOWED.has(copyleft)).toBe(false);
  });
});
