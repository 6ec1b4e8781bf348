// A trained solver for the image code, the way an attacker writes one without OCR: it labels its own pictures (here
// drawn by the server's own drawCaptcha, which is better training data than any attacker has), turns each into ink
// (a darkness and saturation threshold, small specks removed), cuts the ink into four characters and names each by
// its nearest neighbours among the training characters. Two ways to cut: the fixed slots of the old drawing, and the
// ink's own column profile (cut at the three lightest columns near the expected boundaries), the stronger one.
//
//   npx tsx scripts/captcha-solver.ts [--train 800] [--offline 300] [--live 200]
//
// --live N asks a real server (started here on loopback from dist/, demo data, a throwaway directory: run
// `npm run build` first) for N codes over HTTP, solves each picture and sends the answer to imgCodeVerify; it prints
// how many the server accepted. The solver module is also used by tests/server/captcha-solver.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  captchaText,
  drawCaptcha,
} from '../server/services/captcha-image.ts';

const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;
/** Side of the square a character is scaled into before it is compared. */
const SIDE = 20;

/** Ink of a picture: 1 where a pixel is dark enough to be a character (or a dark line), 0 elsewhere. */
export function inkOf(rgb: ArrayLike<number>): Uint8Array {
  const ink = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const lum = 0.299 * r + 0.587 * g + 0.114 * b;
    ink[i] = lum < 120 ? 1 : 0;
  }
  // Specks: a pixel with fewer than 3 inked neighbours is noise.
  const out = new Uint8Array(W * H);
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      if (!ink[y * W + x]) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) n += ink[(y + dy) * W + x + dx]!;
      if (n > 3) out[y * W + x] = 1;
    }
  return out;
}

/** The ink between columns [x0, x1), cropped to its rows and columns and scaled into SIDE × SIDE coverage. */
function features(ink: Uint8Array, x0: number, x1: number): Float32Array {
  let top = H;
  let bottom = -1;
  let left = x1;
  let right = x0 - 1;
  for (let y = 0; y < H; y++)
    for (let x = x0; x < x1; x++)
      if (ink[y * W + x]) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  const f = new Float32Array(SIDE * SIDE);
  if (bottom < 0) return f;
  const bw = right - left + 1;
  const bh = bottom - top + 1;
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++)
      if (ink[y * W + x]) {
        const fx = Math.min(SIDE - 1, Math.floor(((x - left) * SIDE) / bw));
        const fy = Math.min(SIDE - 1, Math.floor(((y - top) * SIDE) / bh));
        f[fy * SIDE + fx] += 1;
      }
  let sum = 0;
  for (const v of f) sum += v * v;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < f.length; i++) f[i] = f[i]! / norm;
  return f;
}

/** Where the characters are: from the ink alone, or (the perfect cutter, an upper bound no script has) from the drawing's own layout. */
export type Cutter = (ink: Uint8Array, layout: [number, number][]) => [number, number][];

/** The old drawing's slots: 12 px margins and four equal slots. */
export const fixedSlots: Cutter = () => {
  const slot = (W - 24) / CAPTCHA_LENGTH;
  return Array.from({ length: CAPTCHA_LENGTH }, (_, k) => [Math.round(12 + slot * k), Math.round(12 + slot * (k + 1))]);
};

/** Cuts at the lightest columns of the ink's own profile, one near each expected boundary of its span. */
export const profileCuts: Cutter = (ink) => {
  const col = new Float32Array(W);
  for (let x = 0; x < W; x++) for (let y = 0; y < H; y++) col[x] += ink[y * W + x]!;
  // The span: from the first to the last column with a character's worth of ink (lines alone are thin).
  let from = 0;
  let to = W - 1;
  while (from < W - 1 && col[from]! < 4) from++;
  while (to > from && col[to]! < 4) to--;
  const smooth = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    let s = 0;
    for (let k = -2; k <= 2; k++) s += col[Math.min(W - 1, Math.max(0, x + k))]!;
    smooth[x] = s;
  }
  const cuts = [from];
  const step = (to - from + 1) / CAPTCHA_LENGTH;
  for (let k = 1; k < CAPTCHA_LENGTH; k++) {
    const centre = from + step * k;
    let best = Math.round(centre);
    for (let x = Math.round(centre - step * 0.35); x <= Math.round(centre + step * 0.35); x++) if (smooth[x]! < smooth[best]!) best = x;
    cuts.push(best);
  }
  cuts.push(to + 1);
  return Array.from({ length: CAPTCHA_LENGTH }, (_, k) => [cuts[k]!, cuts[k + 1]!]);
};

/** The drawing's own layout: the reader is told where each character is and only has to name it. */
export const perfectCuts: Cutter = (_ink, layout) => layout.map(([a, b]) => [Math.max(0, a), Math.min(W, b)]);

export interface Solver {
  solve(rgb: ArrayLike<number>, layout?: [number, number][]): string;
}

/** Trains a nearest-neighbour solver on `count` pictures the server's drawing makes, cut by `cut`. */
export async function trainSolver(count: number, cut: Cutter, k = 3): Promise<Solver> {
  const samples: { f: Float32Array; ch: string }[] = [];
  for (let n = 0; n < count; n++) {
    const text = captchaText();
    const layout: [number, number][] = [];
    const ink = inkOf(await drawCaptcha(text, layout));
    cut(ink, layout).forEach(([x0, x1], i) => samples.push({ f: features(ink, x0, x1), ch: text[i]! }));
  }
  return {
    solve(rgb, layout = []) {
      const ink = inkOf(rgb);
      return cut(ink, layout)
        .map(([x0, x1]) => {
          const f = features(ink, x0, x1);
          const best: { d: number; ch: string }[] = [];
          for (const s of samples) {
            let d = 0;
            for (let i = 0; i < f.length; i++) {
              const e = f[i]! - s.f[i]!;
              d += e * e;
            }
            if (best.length < k || d < best[best.length - 1]!.d) {
              best.push({ d, ch: s.ch });
              best.sort((a, b) => a.d - b.d);
              if (best.length > k) best.pop();
            }
          }
          const votes = new Map<string, number>();
          for (const b of best) votes.set(b.ch, (votes.get(b.ch) ?? 0) + 1 / (b.d + 1e-6));
          return [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? CAPTCHA_ALPHABET[0]!;
        })
        .join('');
    },
  };
}

/** Share of `count` fresh pictures the solver reads entirely right, offline. */
export async function offlineRate(solver: Solver, count: number): Promise<number> {
  let right = 0;
  for (let n = 0; n < count; n++) {
    const text = captchaText();
    const layout: [number, number][] = [];
    const picture = await drawCaptcha(text, layout);
    if (solver.solve(picture, layout) === text) right++;
  }
  return right / count;
}

/** The raw RGB of a PNG data URL as the server sends it. */
async function pixelsOf(dataUrl: string): Promise<Uint8Array> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope of whichever operation was called
  json: any;
}

function http(port: number, localAddress: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port, method, path, localAddress, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function startServer(): Promise<{ port: number; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'hukou-solver-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['dist/server/main.js', '--demo'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    await new Promise((r) => setTimeout(r, 200));
    try {
      if ((await http(port, '127.0.0.1', 'GET', '/readyz')).status === 200) return { port, stop };
    } catch {
      // not up yet
    }
  }
  stop();
  throw new Error('the server did not start');
}

/** Codes the real server accepts out of `count`, each asked for and answered from its own loopback address in turn. */
async function liveRate(solver: Solver, count: number): Promise<number> {
  const server = await startServer();
  try {
    let accepted = 0;
    for (let n = 0; n < count; n++) {
      // 127.0.0.2–127.0.0.41: 40 sources, so the route limits (30 a minute an address) are not what is measured.
      const from = `127.0.0.${2 + (n % 40)}`;
      const code = await http(server.port, from, 'GET', '/api/registerOrLogin/sendMsgImgCode');
      if (code.status !== 200) throw new Error(`image code: ${code.status} ${JSON.stringify(code.json)}`);
      const answer = solver.solve(await pixelsOf(code.json.data.img));
      const verdict = await http(server.port, from, 'POST', '/api/registerOrLogin/imgCodeVerify', {
        phone: '13800000000',
        uuid: code.json.data.uuid,
        code: answer,
      });
      if (verdict.status !== 200) throw new Error(`verify: ${verdict.status} ${JSON.stringify(verdict.json)}`);
      if (verdict.json.code === 200) accepted++;
    }
    return accepted / count;
  } finally {
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      train: { type: 'string', default: '800' },
      offline: { type: 'string', default: '300' },
      live: { type: 'string', default: '0' },
    },
  });
  const train = Number(values.train);
  const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
  let best: { name: string; solver: Solver; rate: number } | null = null;
  for (const [name, cut] of [
    ['fixed slots', fixedSlots],
    ['column profile', profileCuts],
    ['perfect cuts (told where each character is: an upper bound, not an attack)', perfectCuts],
  ] as const) {
    const solver = await trainSolver(train, cut);
    const rate = await offlineRate(solver, Number(values.offline));
    console.log(`${name}: trained on ${train} codes, read ${pct(rate)} of ${values.offline} fresh codes offline`);
    if (cut !== perfectCuts && (!best || rate > best.rate)) best = { name, solver, rate };
  }
  const live = Number(values.live);
  if (live > 0 && best) console.log(`live (${best.name}): the server accepted ${pct(await liveRate(best.solver, live))} of ${live} codes`);
}
