// `npm run test:multi [-- --built] [--rush 300] [--places 20]`: the deployment of the README, tried for real on this
// machine: nginx (Debian's package) in front of two server instances in production mode, on one fresh PostgreSQL
// database and one Redis, each instance with a DATA_DIR of its own (so nothing can be shared through the disk).
// Checks, each printed with what it saw:
//  1. a booking rush through nginx books exactly the quota, on both instances at once;
//  2. a session made on one instance works on the other, and signing out on one ends it on both;
//  3. a file uploaded through one instance downloads, byte for byte, through the other;
//  4. the SMS-sending ceiling is shared (the allowance is not doubled by two instances);
//  5. a rolling restart (A, then B, as docs/deploy.md says) under steady load: every request answered, both exit 0;
//  6. kill -9 of one instance in the middle of a submit load: the other keeps serving, every submit a client saw
//     acknowledged is in the database, and nobody is booked twice (clients retry with the same Idempotency-Key);
//  7. the access log keeps no query string.
// Exit 1 when a check fails; 2 when a prerequisite (nginx, PostgreSQL, Redis) is missing. Part of `npm test` (required
// in CI); traffic goes to 127.0.0.1 only.
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import { applications, users } from '../server/db/schema.ts';
import { seed } from '../server/seed/seed.ts';
import { hashPassword } from '../server/lib/crypto.ts';
import { createRepositories } from '../server/repositories/index.ts';
import { daysAhead } from '../server/services/appointments.ts';
import { chinaDate } from '../server/services/clock.ts';
import { call, freshRedis, FAIL_TIMEOUT_S, freePort, NGINX, nginxConf, startNginx, UPSTREAM_PARAMS } from './nginx-front.ts';
import { DEFAULT_PG, makeTarget, makeUsers, percentile, startServer, stopServer, type RunningServer } from './bench-common.ts';

const { values: args } = parseArgs({
  options: {
    built: { type: 'boolean', default: false },
    rush: { type: 'string', default: '300' },
    places: { type: 'string', default: '20' },
    submits: { type: 'string', default: '240' },
    // The rolling restart's wait after /readyz before the next instance (default: the upstream's fail_timeout + 1 s,
    // as the guide says), and the instances' drain (default: the server's own); set to measure other procedures.
    settle: { type: 'string' },
    drain: { type: 'string' },
  },
});
const RUSH = Number(args.rush);
const PLACES = Number(args.places);
const SUBMITS = Number(args.submits);
const PASSWORD = `Multi@${randomBytes(4).toString('hex')}`;
const REDIS_URL = process.env.MULTI_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_PG;

let failures = 0;
function check(ok: boolean, what: string, saw: string) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${what}: ${saw}`);
  if (!ok) failures += 1;
}

const booking = (day: string) => ({ blyy: '1', blfs: '1', yyrq: day, lqfs: '0', lxdh: '13900000000' });

async function main() {
  if (!NGINX) {
    console.error('nginx is not installed: sudo apt-get install -y nginx (Debian package; .ci/run installs it).');
    process.exit(2);
  }
  // A Redis database of this run's own (MULTI_REDIS_URL, else 7 for test:multi and 8 for the soak).
  await freshRedis(REDIS_URL);

  const t = await makeTarget(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'hukou-multi-'));
  const servers: (RunningServer | null)[] = [];
  let nginx: ChildProcess | undefined;
  try {
    console.log(`${t.label}; Redis ${REDIS_URL}; ${args.built ? 'built server (node dist/server/main.js)' : 'server sources (tsx)'}`);
    const days = daysAhead(chinaDate(new Date()), 14, true);
    const [warmDay, rushDay, loadDay] = days;
    const handle = await t.open();
    let tokens: string[];
    let ids: number[];
    try {
      await seed(handle.db, { now: new Date(), demo: false });
      ({ tokens, ids } = await makeUsers(handle, RUSH + SUBMITS + 20));
      const repos = createRepositories(handle.db);
      await repos.quotas.setTotal('sfzbl', '1', warmDay!, 10_000);
      await repos.quotas.setTotal('sfzbl', '1', rushDay!, PLACES);
      await repos.quotas.setTotal('sfzbl', '1', loadDay!, 10_000);
      // One account with a password, for the sign-in on one instance.
      const { hash, salt } = await hashPassword(PASSWORD);
      await handle.db
        .update(users)
        .set({ passwordHash: hash, passwordSalt: salt })
        .where(eq(users.id, ids.at(-1)!));
    } finally {
      await handle.close();
    }
    const signInPhone = `17${String(ids.length - 1).padStart(9, '0')}`;

    const env = (k: number) => ({
      DATA_DIR: join(dir, `instance-${k}`),
      REDIS_URL,
      TRUST_PROXY: '1',
      ...(args.drain !== undefined ? { SHUTDOWN_DRAIN_SECONDS: args.drain } : {}),
    });
    for (const k of [0, 1]) servers.push(await startServer(t, { built: args.built, env: env(k) }));
    let [a, b] = servers as RunningServer[];
    const port = await freePort();
    nginx = await startNginx(
      join(dir, 'nginx'),
      nginxConf(
        join(dir, 'nginx'),
        port,
        [a!.base, b!.base].map((u) => u.replace('http://', '')),
      ),
    );
    const front = `http://127.0.0.1:${port}`;
    console.log(`nginx ${front} → ${a!.base}, ${b!.base}\n`);

    // Warm-up through nginx (not checked): both instances compile their code paths.
    await Promise.all(
      tokens
        .slice(RUSH + SUBMITS, RUSH + SUBMITS + 19)
        .map((token, i) =>
          call(front, '/api/daily/sfzbl/add', { token, body: booking(warmDay!), key: `warm-${i}-${randomBytes(4).toString('hex')}` }),
        ),
    );

    // 1. Booking rush through nginx.
    const started = performance.now();
    const rush = await Promise.all(
      tokens.slice(0, RUSH).map(async (token, i) => {
        const t0 = performance.now();
        const r = await call(front, '/api/daily/sfzbl/add', {
          token,
          body: booking(rushDay!),
          key: `rush-${i}-${randomBytes(4).toString('hex')}`,
        });
        return { ...r, ms: performance.now() - t0 };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const booked = rush.filter((r) => r.code === 200).length;
    const full = rush.filter((r) => r.code === 100).length;
    const other = rush.length - booked - full;
    const latencies = rush.map((r) => r.ms).sort((x, y) => x - y);
    const check1 = await t.open();
    const [stored] = await check1.db
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.kind, 'sfzbl'), eq(applications.slotDay, rushDay!)));
    await check1.close();
    check(
      booked === PLACES && stored!.n === PLACES && other === 0,
      `1. booking rush, ${RUSH} clients through nginx on 2 instances, ${PLACES} places`,
      `booked ${booked}, stored ${stored!.n}, refused as full ${full}, other ${other}; ${(RUSH / seconds).toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
    );

    // 2. A session made on one instance works on the other; signing out on the other ends it everywhere.
    const login = await call(a!.base, '/qhyhlogin_false', { body: { username: signInPhone, password: PASSWORD } });
    const token = String(login.body.token ?? '');
    const onB = await call(b!.base, '/api/userinfo', { token, body: {} });
    const userB = (onB.body.data as { id?: number } | undefined)?.id;
    // A has the session in its cache (server/lib/session-cache.ts) when B ends it: B's notification must evict it.
    const onA = await call(a!.base, '/api/userinfo', { token, body: {} });
    const out = await call(b!.base, '/api/logout', { token, body: {} });
    const signedOutAt = performance.now();
    let afterA = await call(a!.base, '/api/userinfo', { token, body: {} });
    while (afterA.status !== 401 && performance.now() - signedOutAt < 2000)
      afterA = await call(a!.base, '/api/userinfo', { token, body: {} });
    const evictedMs = performance.now() - signedOutAt;
    check(
      login.code === 200 &&
        token.length > 0 &&
        onB.code === 200 &&
        onA.code === 200 &&
        userB === ids.at(-1) &&
        out.code === 200 &&
        afterA.status === 401 &&
        evictedMs < 500,
      '2. a session made on instance A works on instance B, and signing out on B ends it on A (cached there)',
      `sign-in on A ${login.code}, /api/userinfo on B ${onB.code} (user ${userB}) and on A ${onA.code}, sign-out on B ${out.code}, then A answers HTTP ${afterA.status} ${evictedMs.toFixed(0)} ms after`,
    );

    // 3. A file uploaded through A downloads through B (each instance has a DATA_DIR of its own).
    const pdf = Buffer.from(
      `%PDF-1.4\n% multi-instance ${randomBytes(8).toString('hex')}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    );
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), '接收证明.pdf');
    const uploader = tokens[RUSH + SUBMITS + 19]!;
    const up = await fetch(`${a!.base}/api/wj/upload`, {
      method: 'POST',
      headers: { qhyhAuthorization: `Bearer ${uploader}` },
      body: form,
    });
    const upBody = (await up.json()) as { code: number; data?: { id?: string; fileId?: string } };
    const fileId = upBody.data?.id ?? upBody.data?.fileId;
    const down = await fetch(`${b!.base}/api/wj/file/${fileId}`, { headers: { qhyhAuthorization: `Bearer ${uploader}` } });
    const got = Buffer.from(await down.arrayBuffer());
    check(
      upBody.code === 200 && down.status === 200 && got.equals(pdf),
      '3. a file uploaded through instance A downloads through instance B',
      `upload on A ${upBody.code} (${fileId}), download on B HTTP ${down.status}, ${got.length} of ${pdf.length} bytes${got.equals(pdf) ? ', identical' : ', DIFFERENT'}`,
    );

    // 4. The SMS ceiling (10 a minute per address) is shared: 14 sends through nginx, alternating instances.
    const sends: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const r = await call(front, '/api/registerOrLogin/sendMsg', {
        body: { phone: `1390000${String(1000 + i)}`, smsTicket: `not-a-ticket-${i}`, scene: 'register' },
      });
      sends.push(r.status);
    }
    const limited = sends.filter((s) => s === 429).length;
    check(
      limited === 4,
      '4. the SMS-sending ceiling is shared by both instances (10 a minute per address)',
      `14 sends → ${14 - limited} taken, ${limited} × HTTP 429 (statuses ${sends.join(' ')})`,
    );

    // 5. A rolling restart under steady load, as the guide does it (docs/deploy.md, Upgrades): SIGTERM to A (it drains,
    // closes, exits 0), A started again on its port, /readyz, the proxy's fail_timeout, then the same for B; every
    // request of the load must be answered 200.
    {
      const load = { ok: 0, failed: [] as string[] };
      let stop = false;
      // Steady, not a flood: 8 people, each a request every 150 ms (within the 600-a-minute ceiling of each).
      const loader = async (n: number) => {
        const reader = tokens[RUSH + SUBMITS + n]!;
        for (let i = 0; !stop; i += 1) {
          const r =
            (n + i) % 2
              ? await call(front, '/api/userOpenSector?loginType=1', { token: reader })
              : await call(front, '/api/userinfo', { token: reader, body: {} });
          if (r.status === 200 && r.code === 200) load.ok += 1;
          else load.failed.push(`${r.status} ${r.msg}`.trim());
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      };
      const loaders = Array.from({ length: 8 }, (_, n) => loader(n));
      const exits: string[] = [];
      for (const k of [0, 1]) {
        const old = servers[k]!;
        const port = new URL(old.base).port;
        const t0 = performance.now();
        const exited = new Promise<number | null>((resolve) => old.child.once('exit', (code) => resolve(code)));
        old.child.kill('SIGTERM');
        const code = await exited;
        exits.push(`${k ? 'B' : 'A'} exit ${code} after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        servers[k] = await startServer(t, { built: args.built, env: { ...env(k), PORT: port } });
        for (let tries = 0; tries < 100 && (await call(servers[k]!.base, '/readyz')).status !== 200; tries += 1)
          await new Promise((r) => setTimeout(r, 100));
        // nginx takes an instance back once its fail_timeout has passed (the guide waits as long).
        await new Promise((r) => setTimeout(r, Number(args.settle ?? FAIL_TIMEOUT_S + 1) * 1000));
      }
      stop = true;
      await Promise.all(loaders);
      const [na, nb] = servers as RunningServer[];
      a = na!;
      b = nb!;
      check(
        load.failed.length === 0 && load.ok > 100 && exits.every((e) => e.includes('exit 0')),
        '5. rolling restart of A, then B, under steady load through nginx (upstream ' + UPSTREAM_PARAMS + ')',
        `${load.ok} answered 200, ${load.failed.length} failed${load.failed.length ? ` (${[...new Set(load.failed)].slice(0, 4).join('; ')})` : ''}; ${exits.join(', ')}`,
      );
    }

    // 6. kill -9 of instance A in the middle of a submit load through nginx.
    const acked = new Map<number, string>();
    let retried = 0;
    let gaveUp = 0;
    let killedAt = -1;
    let done = 0;
    const submitOne = async (i: number) => {
      const key = `load-${i}-${randomBytes(6).toString('hex')}`;
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const r = await call(front, '/api/daily/sfzbl/add', { token: tokens[RUSH + i]!, body: booking(loadDay!), key });
        if (r.code === 200) {
          acked.set(ids[RUSH + i]!, key);
          return;
        }
        if (r.status !== 0 && r.status < 500) break; // an answer, not an outage
        retried += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      gaveUp += 1;
    };
    const queue = Array.from({ length: SUBMITS }, (_, i) => i);
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        await submitOne(i);
        done += 1;
        if (killedAt < 0 && done >= SUBMITS / 3) {
          killedAt = done;
          a!.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    const stillB = await call(b!.base, '/api/userOpenSector', { token: tokens[RUSH]! });
    const check5 = await t.open();
    const rows = await check5.db
      .select({ userId: applications.userId })
      .from(applications)
      .where(and(eq(applications.kind, 'sfzbl'), eq(applications.slotDay, loadDay!)));
    await check5.close();
    const storedUsers = new Set(rows.map((r) => r.userId));
    const lost = [...acked.keys()].filter((id) => !storedUsers.has(id)).length;
    const twice = rows.length - storedUsers.size;
    check(
      killedAt > 0 && lost === 0 && twice === 0 && gaveUp === 0 && acked.size === SUBMITS && stillB.status === 200,
      `6. kill -9 of instance A after ${killedAt} of ${SUBMITS} submits`,
      `acknowledged ${acked.size}, stored ${rows.length}, lost ${lost}, booked twice ${twice}, client retries ${retried}, gave up ${gaveUp}; instance B still answers HTTP ${stillB.status}`,
    );
    servers[0] = null;

    // 7. The access log keeps no query string: a staff search by phone and a CAS ticket leave no trace of their values.
    await call(front, '/api/admin/applications?keyword=13912345678', {});
    await call(front, '/h5/validateTicket?ticket=ST-secret-ticket-value', {});
    await new Promise((r) => setTimeout(r, 200));
    // nginx's request id reaches the instance and comes back: one id in the proxy's log and the answer.
    const traced = await fetch(`${front}/api/system/contact`);
    const requestId = traced.headers.get('x-request-id') ?? '';
    await new Promise((r) => setTimeout(r, 200));
    const accessLog = readFileSync(join(dir, 'nginx', 'access.log'), 'utf8');
    const logged = accessLog.split('\n').filter(Boolean);
    check(
      logged.length > 0 &&
        !accessLog.includes('?') &&
        !accessLog.includes('13912345678') &&
        !accessLog.includes('ST-secret') &&
        /^[0-9a-f]{32}$/.test(requestId) &&
        logged.some((l) => l.endsWith(` ${requestId}`)),
      '7. nginx access log (deploy/nginx/hukou-log.conf)',
      `${logged.length} lines, ${logged.filter((l) => l.includes('?')).length} with a query string; X-Request-Id ${requestId || 'missing'} ${logged.some((l) => l.endsWith(` ${requestId}`)) ? 'in the log' : 'NOT in the log'}`,
    );
  } finally {
    if (nginx && nginx.exitCode === null) nginx.kill('SIGTERM');
    for (const s of servers) if (s) await stopServer(s.child);
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    failures
      ? `\nFAILED: ${failures} check(s).`
      : '\nOK: two instances behind nginx share sessions, files, limits and bookings, and survive the loss of one.',
  );
  process.exitCode = failures ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
