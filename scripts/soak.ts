// `npm run soak [-- --minutes 10] [--workers 16]`: load held over time, as a university's IT team would want to see
// before enrolment week. Two built server instances in production mode behind nginx (the guide's site), on one fresh
// PostgreSQL database and Redis, as `npm run test:multi` sets them up, take a realistic mix from `--workers` clients
// (each waits 50–250 ms between requests, like a person tapping): students' home and 我的户籍 reads, sign-ins (within
// the per-address ceiling), uploads and submissions, and an administrator's queue, claims and transitions, monitor and
// exports. Every minute it prints the requests, errors, p50/p99 and each instance's memory (RSS, heap) and event-loop
// lag p99, read from its /metrics. Exit 1 when a request fails (network error or 5xx) or when an instance's heap grows
// steadily: the heap is read every 10 s and each minute's lowest reading taken (what is left after collections, not
// the garbage between them); after the first two minutes those floors must not rise by more than 3 MB a minute and end
// 30 % above the lowest.
// Not part of `npm test` (it runs for minutes); docs/capacity.md reads its figures. Traffic goes to 127.0.0.1 only.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { sessions, users } from '../server/db/schema.ts';
import { seed } from '../server/seed/seed.ts';
import { hashPassword, sha256 } from '../server/lib/crypto.ts';
import { addSeconds } from '../server/services/clock.ts';
import { call, freshRedis, freePort, NGINX, nginxConf, startNginx } from './nginx-front.ts';
import { DEFAULT_PG, makeTarget, makeUsers, percentile, startServer, stopServer, type RunningServer } from './bench-common.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    workers: { type: 'string', default: '16' },
    users: { type: 'string', default: '2000' },
  },
});
const MINUTES = Number(args.minutes);
const WORKERS = Number(args.workers);
const USERS = Number(args.users);
const REDIS_URL = process.env.MULTI_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const METRICS_TOKEN = randomBytes(16).toString('hex');
const PASSWORD = `Soak@${randomBytes(4).toString('hex')}`;
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_PG;

type Kind = 'read' | 'sign-in' | 'upload' | 'submit' | 'console' | 'transition' | 'export';
interface Sample {
  kind: Kind;
  ms: number;
  status: number;
  /** The envelope's code (0 for a file answer). */
  code: number;
}

/** One instance's memory and lag, from its /metrics. */
async function figures(base: string): Promise<{ rss: number; heap: number; lagMs: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rss: value('process_resident_memory_bytes') / 2 ** 20,
    heap: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    lagMs: value('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

/** Least-squares slope of ys over their index (per minute). */
const slope = (ys: number[]) => {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = ys.reduce((s, y, x) => s + (x - mx) * (y - my), 0);
  const den = ys.reduce((s, _y, x) => s + (x - mx) ** 2, 0);
  return den ? num / den : 0;
};

async function main() {
  if (!NGINX) {
    console.error('nginx is not installed: sudo apt-get install -y nginx');
    process.exit(2);
  }
  // A Redis database of this run's own (MULTI_REDIS_URL, else 7 for test:multi and 8 for the soak).
  await freshRedis(REDIS_URL);

  const t = await makeTarget(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'hukou-soak-'));
  const servers: RunningServer[] = [];
  let nginx: ChildProcess | undefined;
  let failed = false;
  try {
    const handle = await t.open();
    let tokens: string[];
    let phones: string[];
    let adminToken: string;
    try {
      await seed(handle.db, { now: new Date(), demo: false });
      const made = await makeUsers(handle, USERS, { household: true });
      tokens = made.tokens;
      phones = made.ids.map((_, j) => `17${String(j).padStart(9, '0')}`);
      // Every soak user shares one password (one hash: sign-ins cost what they cost in production, scrypt included).
      const { hash, salt } = await hashPassword(PASSWORD);
      await handle.db.update(users).set({ passwordHash: hash, passwordSalt: salt }).where(eq(users.loginType, '1'));
      // An administrator with a session of its own (staff sessions are sessions of a staff role).
      const [admin] = await handle.db
        .insert(users)
        .values({ name: '压测管理员', role: 'admin', username: 'soakadmin', loginType: '1', personType: '3' })
        .returning({ id: users.id });
      adminToken = randomBytes(32).toString('base64url');
      const now = new Date();
      await handle.db.insert(sessions).values({
        tokenHash: sha256(adminToken),
        userId: admin!.id,
        loginType: '1',
        ip: '127.0.0.1',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: addSeconds(now, 12 * 3600),
      });
    } finally {
      await handle.close();
    }

    for (const k of [0, 1])
      servers.push(
        await startServer(t, {
          built: true,
          env: { DATA_DIR: join(dir, `instance-${k}`), REDIS_URL, TRUST_PROXY: '1', METRICS_TOKEN },
        }),
      );
    const port = await freePort();
    nginx = await startNginx(
      join(dir, 'nginx'),
      nginxConf(
        join(dir, 'nginx'),
        port,
        servers.map((s) => s.base.replace('http://', '')),
      ),
    );
    const front = `http://127.0.0.1:${port}`;
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d0e4f5' } })
      .png()
      .toBuffer();
    console.log(
      `${t.label}; Redis ${REDIS_URL}; two built instances behind nginx ${front}; ${WORKERS} clients for ${MINUTES} minutes; ${USERS} students`,
    );

    let samples: Sample[] = [];
    const all: Sample[] = [];
    const submitted: number[] = [];
    let lastSignIn = 0;
    let nextSubmitter = 0;
    let stop = false;
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const timed = async (kind: Kind, run: () => Promise<{ status: number; code?: number }>) => {
      const t0 = performance.now();
      const r = await run();
      samples.push({ kind, ms: performance.now() - t0, status: r.status, code: r.code ?? 0 });
      return r;
    };
    const student = async () => {
      const token = pick(tokens);
      const roll = Math.random();
      if (roll < 0.25) return timed('read', () => call(front, '/api/userinfo', { token, body: {} }));
      if (roll < 0.45) return timed('read', () => call(front, '/api/userOpenSector', { token }));
      if (roll < 0.6) return timed('read', () => call(front, '/api/zhzx/xxtz/getListByType?isRead=0&pageSize=1', { token }));
      if (roll < 0.75) return timed('read', () => call(front, '/api/zhzx/wdhj/getInfo', { token }));
      if (roll < 0.8) return timed('read', () => call(front, '/api/guide/sfzbl'));
      if (roll < 0.85 && Date.now() - lastSignIn > 2500) {
        // About 24 a minute: under the per-address sign-in ceiling every client shares here (one address behind nginx).
        lastSignIn = Date.now();
        return timed('sign-in', () => call(front, '/qhyhlogin_false', { body: { username: pick(phones), password: PASSWORD } }));
      }
      if (roll < 0.92) {
        return timed('upload', async () => {
          const form = new FormData();
          form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
          const response = await fetch(`${front}/api/wj/upload`, {
            method: 'POST',
            headers: { qhyhAuthorization: `Bearer ${token}` },
            body: form,
          });
          await response.arrayBuffer();
          return { status: response.status };
        });
      }
      return timed('submit', async () => {
        // Each student submits once (a second open application of the kind is refused, as it should be).
        const r = await call(front, '/api/qhqt/qtbs/add', {
          token: tokens[nextSubmitter++ % tokens.length]!,
          body: { bslx: '2', bsnr: '查询户籍信息（压测）', lxdh: '13900000009' },
          key: randomBytes(8).toString('hex'),
        });
        const id = (r.body.data as { id?: number } | undefined)?.id;
        if (id) submitted.push(id);
        return r;
      });
    };
    const office = async () => {
      const roll = Math.random();
      if (roll < 0.5) return timed('console', () => call(front, '/api/admin/applications?pageSize=20', { token: adminToken }));
      if (roll < 0.6) return timed('console', () => call(front, '/api/admin/monitor', { token: adminToken }));
      if (roll < 0.9 && submitted.length) {
        const id = submitted.shift()!;
        return timed('transition', async () => {
          const detail = await call(front, `/api/admin/applications/${id}`, { token: adminToken });
          const version = (detail.body.data as { version?: number } | undefined)?.version ?? 1;
          return call(front, `/api/admin/applications/${id}/transition`, { token: adminToken, body: { to: 2, expectedVersion: version } });
        });
      }
      return timed('export', async () => {
        const response = await fetch(`${front}/api/admin/exports/applications`, { headers: { qhyhAuthorization: `Bearer ${adminToken}` } });
        await response.arrayBuffer();
        return { status: response.status };
      });
    };
    const worker = async (k: number) => {
      while (!stop) {
        await (k === 0 ? office() : student());
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
      }
    };

    const heaps: number[][] = servers.map(() => []);
    /** This minute's lowest heap reading of each instance (read every 10 s). */
    let floors = servers.map(() => Infinity);
    const sampler = setInterval(() => {
      void Promise.all(servers.map((s) => figures(s.base).catch(() => null))).then((fs) =>
        fs.forEach((f, k) => {
          if (f && Number.isFinite(f.heap)) floors[k] = Math.min(floors[k]!, f.heap);
        }),
      );
    }, 10_000);
    const started = Date.now();
    const running = Array.from({ length: WORKERS }, (_, k) => worker(k));
    console.log(
      '\nminute  requests  req/s  errors  4xx   p50 ms  p99 ms   ' +
        servers.map((_, k) => `instance ${k + 1}: RSS / heap MB, lag p99 ms`).join('   '),
    );
    for (let minute = 1; minute <= MINUTES; minute++) {
      await new Promise((r) => setTimeout(r, started + minute * 60_000 - Date.now()));
      const batch = samples;
      samples = [];
      all.push(...batch);
      const ms = batch.map((s) => s.ms).sort((a, b) => a - b);
      const errors = batch.filter((s) => s.status === 0 || s.status >= 500).length;
      const clientErrors = batch.filter((s) => s.status >= 400 && s.status < 500).length;
      const instances = await Promise.all(servers.map((s) => figures(s.base)));
      instances.forEach((f, k) => heaps[k]!.push(Math.min(floors[k]!, f.heap)));
      floors = servers.map(() => Infinity);
      console.log(
        `${String(minute).padStart(6)}  ${String(batch.length).padStart(8)}  ${(batch.length / 60).toFixed(0).padStart(5)}  ${String(errors).padStart(6)}  ${String(clientErrors).padStart(3)}  ${percentile(ms, 50).toFixed(0).padStart(7)}  ${percentile(ms, 99).toFixed(0).padStart(6)}   ` +
          instances.map((f) => `${f.rss.toFixed(0)} / ${f.heap.toFixed(0)}, ${f.lagMs.toFixed(1)}`.padEnd(38)).join('   '),
      );
      if (errors) {
        failed = true;
        const kinds = [...new Set(batch.filter((s) => s.status === 0 || s.status >= 500).map((s) => `${s.kind} ${s.status}`))];
        console.log(`        FAIL: ${errors} requests failed (${kinds.join(', ')})`);
      }
      // Answers that were not a success (a business message, code 100): told, not failed.
      const refused = batch.filter((s) => s.status === 200 && s.code !== 0 && s.code !== 200);
      if (refused.length)
        console.log(`        not done: ${[...new Set(refused.map((s) => `${s.kind} code ${s.code}`))].join(', ')} (${refused.length})`);
      if (clientErrors) {
        const kinds = [...new Set(batch.filter((s) => s.status >= 400 && s.status < 500).map((s) => `${s.kind} ${s.status}`))];
        console.log(`        4xx: ${kinds.join(', ')}`);
      }
    }
    stop = true;
    clearInterval(sampler);
    await Promise.all(running);
    console.log('\nover the run, by kind: requests, p50 / p99 ms');
    for (const kind of ['read', 'sign-in', 'upload', 'submit', 'console', 'transition', 'export'] as Kind[]) {
      const ms = all
        .filter((x) => x.kind === kind)
        .map((x) => x.ms)
        .sort((a, b) => a - b);
      if (ms.length)
        console.log(
          `  ${kind.padEnd(10)} ${String(ms.length).padStart(7)}  ${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)}`,
        );
    }
    for (const [k, series] of heaps.entries()) {
      const settled = series.slice(2);
      if (settled.length < 3) continue;
      const perMinute = slope(settled);
      const grown = settled.at(-1)! / Math.min(...settled);
      const steady = perMinute > 3 && grown > 1.3;
      console.log(
        `instance ${k + 1}: lowest heap of each minute after minute 2 ${settled.map((h) => h.toFixed(0)).join(' → ')} MB; trend ${perMinute.toFixed(1)} MB/min${steady ? ': FAIL, grows steadily' : ''}`,
      );
      if (steady) failed = true;
    }
    console.log(failed ? '\nsoak FAILED' : '\nsoak passed: no failed request, no steady memory growth');
  } finally {
    nginx?.kill('SIGTERM');
    for (const s of servers) await stopServer(s.child);
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
