// The one CJK font the server draws with (vouchers' PDF pages, image codes): Noto Sans Hans Regular (SIL OFL 1.1).
// It comes from the devDependency @embedpdf/fonts-sc, which holds five weights (41 MB); `npm run build` copies this
// one weight to dist/server/fonts/ (scripts/build-server.ts), so a production install carries 8 MB of font, not 41.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fromRoot } from './paths.ts';

export const CJK_FONT_NAME = 'NotoSansHans-Regular.otf';

/** The build's copy when there is one, else the package's (a development checkout). */
export function cjkFontFile(): string {
  const built = fromRoot('dist', 'server', 'fonts', CJK_FONT_NAME);
  if (existsSync(built)) return built;
  // The package's entry is dist/index.cjs; its fonts sit in fonts/.
  const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
  return join(dirname(entry), '..', 'fonts', CJK_FONT_NAME);
}
