// Makes the stamped head-page photos of the collective households (server/db/seed-data/files/jitihu-shouye-*.jpg)
// from the voucher renderer: the page as the office would scan it. Needs pdftoppm (Debian poppler-utils); the
// JPEGs are committed, so the server never needs it. Run: npx tsx scripts/head-page-photos.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectiveHouseholds, policeStations } from '../server/db/seed-data/index.ts';
import { headPagePdf } from '../server/services/vouchers.ts';

const out = fileURLToPath(new URL('../server/db/seed-data/files/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'head-page-'));
try {
  for (const c of collectiveHouseholds) {
    const station = policeStations.find((p) => p.id === c.policeStationId)!;
    const pdf = await headPagePdf(
      {
        hh: c.hh,
        hm: c.name,
        zz: c.address,
        djjg: `${station.name}（${station.address}）`,
        ljrq: c.registeredOn,
        head: null,
        issuedTo: null,
      },
      null,
      new Date(`${c.registeredOn}T09:00:00+08:00`),
    );
    const file = join(tmp, `${c.key}.pdf`);
    writeFileSync(file, pdf);
    const target = join(out, c.headPagePhoto.replace(/\.jpg$/, ''));
    execFileSync('pdftoppm', ['-jpeg', '-jpegopt', 'quality=82', '-r', '90', '-f', '1', '-l', '1', '-singlefile', file, target]);
    console.log(`${target}.jpg`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
