// `npm run bench:read [-- --pg] [--built] [--connections 50] [--sizes 100,500,1000,2000] [--duration 5] [--users 2000] [--cold 5000] [--cpu-prof DIR]`:
// signed-in reads (the home screen's calls: user info, open sectors, unread notices; and 我的户籍) and one public read
// (a service guide) against the real server over HTTP on loopback, each measured with autocannon, and a bare Fastify
// handler started by this script in the same run, so every figure is also printed as a ratio to it: each read takes
// one-second turns with the bare handler (--duration turns each), and its ratio is to the bare turns beside it, so a
// change in the machine's load during the run weighs on both (the other work on a shared machine). Beside it, the CPU
// time the server spent per answered request (from /proc, user + system), and the bare handler's over the server's:
// the cost ratio, which the neighbours' load moves far less than the throughput ratio. Requests rotate
// through `users` signed-in users (a rush is many users; each stays under the per-user rate limit), a block of its own
// for each signed-in read at each size: the server keeps a session and a user's data 30 s from when it read them, and a
// read that took over the users of the read before would find all their entries expiring together in its turns (every
// user reloading within a second or two, where a user active all along reloads once in 30 s). Before anything is
// measured, the server warms up: every read for --duration seconds from users of its own. PGlite in a
// temporary DATA_DIR by default; with --pg (or DATABASE_URL) a fresh PostgreSQL database, dropped afterwards.
// The first signed-in read of a session is measured apart ("first of session": the session and the user's record come
// from the database, as for everyone opening the app at once, or a user back after the caches' 30 s): after the cached
// reads, one request each from --cold users that no request has touched yet (fresh ones at each size). On PostgreSQL
// the bare handler also answers after one primary-key read through a pg pool ("bare + 1 query"): the floor of any
// answer that needs the database once, printed as a ratio to bare Fastify like the reads. With --sizes, every read runs at each number of connections and the
// latency curve is printed. The server runs from the sources through tsx; --built runs `node dist/server/main.js`, as
// production does (after `npm run build`). Not part of npm test.
import type { ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { householdRecords, notices, policeStations } from '../server/db/schema.ts';
import { seed } from '../server/seed/seed.ts';
import {
  cpuMsOf,
  DEFAULT_PG,
  makeTarget,
  makeUsers,
  root,
  sizesOf,
  startBare,
  startServer,
  stopServer,
  type RunningServer,
} from './bench-common.ts';

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  signedIn: boolean;
  body?: string;
}

const READS: Endpoint[] = [
  { name: 'public: getServiceGuide', method: 'GET', path: '/api/guide/sfzbl', signedIn: false },
  { name: 'getUserInfo', method: 'POST', path: '/api/userinfo', signedIn: true, body: '{}' },
  { name: 'getUserOpenSectors', method: 'GET', path: '/api/userOpenSector', signedIn: true },
  { name: 'listNotices (unread count)', method: 'GET', path: '/api/zhzx/xxtz/getListByType?isRead=0&pageSize=1', signedIn: true },
  { name: 'getMyHousehold', method: 'GET', path: '/api/zhzx/wdhj/getInfo', signedIn: true },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Completed requests, and the CPU time the answering process spent meanwhile (ms; NaN where /proc is missing). */
  requests: number;
  cpuMs: number;
}

async function measure(
  pid: number | undefined,
  base: string,
  e: Endpoint,
  tokens: string[],
  connections: number,
  duration: number,
  amount?: number,
): Promise<Figures> {
  let next = Math.floor(Math.random() * tokens.length);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const cpuBefore = cpuMsOf(pid);
  // A run of `amount` requests ends at autocannon's next one-second tick, and the duration it reports is whole seconds
  // (5,000 requests answered in 1.2 s would count as 2 s): the time of the last answer is taken instead.
  const started = performance.now();
  let answered = started;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    ...(amount ? { amount } : {}),
    timeout: 30,
    requests: [
      {
        method: e.method,
        path: e.path,
        headers,
        ...(e.body ? { body: e.body } : {}),
        // Every request its own user, in turn (also for the bare handler and public reads, so the client works the same).
        setupRequest: (request: { headers: Record<string, string> }) => {
          next = (next + 1) % tokens.length;
          request.headers = {
            ...headers,
            [e.signedIn ? 'qhyhauthorization' : 'x-bench-user']: `Bearer ${tokens[next]}`,
            // Each user their own address, as on a campus network (TRUST_PROXY): the per-address limit is not measured.
            'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
          };
          return request;
        },
        ...(amount ? { onResponse: () => void (answered = performance.now()) } : {}),
      },
    ],
  });
  // Completed requests over the run's own duration (the per-second average of a one-second run is one partial sample).
  const total = (result.requests as unknown as { total: number }).total;
  const seconds = amount ? (answered - started) / 1000 : (result as unknown as { duration: number }).duration;
  return {
    rps: total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: total,
    cpuMs: cpuMsOf(pid) - cpuBefore,
  };
}

/** One-second slices as one measurement: mean req/s, median p50 and p99 of the slices, problems summed. */
function combine(slices: Figures[]): Figures {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  return {
    rps: slices.reduce((sum, f) => sum + f.rps, 0) / slices.length,
    p50: median(slices.map((f) => f.p50)),
    p99: median(slices.map((f) => f.p99)),
    non2xx: slices.reduce((sum, f) => sum + f.non2xx, 0),
    errors: slices.reduce((sum, f) => sum + f.errors, 0),
    timeouts: slices.reduce((sum, f) => sum + f.timeouts, 0),
    requests: slices.reduce((sum, f) => sum + f.requests, 0),
    cpuMs: slices.reduce((sum, f) => sum + f.cpuMs, 0),
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      pg: { type: 'boolean', default: false },
      connections: { type: 'string', default: '50' },
      sizes: { type: 'string' },
      duration: { type: 'string', default: '5' },
      users: { type: 'string', default: '2000' },
      cold: { type: 'string', default: '5000' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      built: { type: 'boolean', default: false },
    },
  });
  if (args.built && !existsSync(join(root, 'dist/server/main.js')))
    throw new Error('--built: dist/server/main.js is missing; run `npm run build` first');
  const sizes = sizesOf(args.sizes ?? args.connections, 5000);
  const duration = Number(args.duration);
  const userCount = Number(args.users);
  const coldCount = Number(args.cold);
  if (!(duration > 0) || !Number.isInteger(userCount) || userCount < 1 || !Number.isInteger(coldCount) || coldCount < 0)
    throw new Error(
      'usage: npm run bench:read -- [--pg] [--connections 50 | --sizes 100,500,1000,2000] [--duration 5] [--users 2000] [--cold 5000]',
    );
  const reads = args.only ? READS.filter((r) => args.only!.split(',').some((o) => r.name.includes(o))) : READS;
  if (!reads.length) throw new Error(`--only ${args.only}: no read's name contains it (${READS.map((r) => r.name).join('; ')})`);
  const adminUrl = args.pg || process.env.DATABASE_URL ? (process.env.DATABASE_URL ?? DEFAULT_PG) : undefined;

  const t = await makeTarget(adminUrl);
  let server: RunningServer | undefined;
  let bareServer: { child: ChildProcess } | undefined;
  try {
    const signedIn = reads.filter((r) => r.signedIn).length;
    // The first block warms the server up (and names the bare handler's and public reads' requests); then one for each
    // signed-in read at each size.
    const blocks = 1 + signedIn * sizes.length;
    console.log(
      `${t.label}: preparing ${userCount * blocks} signed-in users registered at the school (${userCount} for each signed-in read${sizes.length > 1 ? ' at each size' : ''}, and ${userCount} to warm the server up)…`,
    );
    const handle = await t.open();
    /** The warm-up's users, then those of each signed-in read at each size in the order they run. */
    const tokenBlocks: string[][] = [];
    /** Per size, users whose first signed-in request is the measured one. */
    const coldTokens: string[][] = [];
    try {
      await seed(handle.db, { now: new Date(), demo: false });
      const made = await makeUsers(handle, userCount * blocks, { household: true });
      for (let i = 0; i < blocks; i += 1) tokenBlocks.push(made.tokens.slice(i * userCount, (i + 1) * userCount));
      if (coldCount && reads.some((r) => r.signedIn)) {
        console.log(`…and ${coldCount * sizes.length} more whose sessions no request has touched yet (first of session)`);
        const cold = await makeUsers(handle, coldCount * sizes.length, { household: true, offset: userCount * blocks });
        for (let i = 0; i < sizes.length; i += 1) coldTokens.push(cold.tokens.slice(i * coldCount, (i + 1) * coldCount));
      }
      const [station] = await handle.db.select({ id: policeStations.id }).from(policeStations).limit(1);
      if (station) await handle.db.update(householdRecords).set({ policeStationId: station.id });
      // A few notices each (one unread), as after a submitted application.
      for (let i = 0; i < made.ids.length; i += 500) {
        await handle.db.insert(notices).values(
          made.ids.slice(i, i + 500).flatMap((userId) =>
            [0, 1, 2].map((k) => ({
              userId,
              type: 'apply',
              title: '身份证办理：已提交',
              content: `您的身份证办理申请（HJ2026${k}）已提交`,
              readAt: k ? new Date() : null,
            })),
          ),
        );
      }
    } finally {
      await handle.close();
    }

    const bareRun = await startBare(t.kind === 'postgres' ? t.env.DATABASE_URL : undefined);
    bareServer = bareRun;
    server = await startServer(t, { cpuProfDir: args['cpu-prof'], built: args.built });
    const bareEndpoint: Endpoint = { name: 'bare Fastify', method: 'GET', path: '/bare', signedIn: false };
    const floorEndpoint: Endpoint = { name: 'bare + 1 query (floor)', method: 'GET', path: '/bare-db', signedIn: false };
    const firstRead = reads.find((r) => r.signedIn);
    const firstName = firstRead && `${firstRead.name}, first of session`;

    // Each read answers 200 with code 200 for a signed-in user before it is measured.
    for (const e of reads) {
      const response = await fetch(`${server.base}${e.path}`, {
        method: e.method,
        headers: { 'content-type': 'application/json', ...(e.signedIn ? { qhyhauthorization: `Bearer ${tokenBlocks[0]![0]}` } : {}) },
        ...(e.body ? { body: e.body } : {}),
      });
      const body = (await response.json()) as { code: number; msg: string };
      if (response.status !== 200 || body.code !== 200)
        throw new Error(`${e.name} answered HTTP ${response.status} code ${body.code} ${body.msg}`);
    }

    const rounds = Math.max(1, Math.round(duration));
    // The server warmed up first, every read for `duration` seconds from the warm-up's users (not measured): the first
    // read measured would otherwise pay for the code V8 compiles in its turns (one read's ratio moved 0.24-0.36x
    // between runs, as the first signed-in read of `--only`).
    for (const e of reads) await measure(server.child.pid, server.base, e, tokenBlocks[0]!, sizes[0]!, duration);
    console.log(
      `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}; the server warmed up with every read for ${duration} s; each read ${rounds} s after a warm-up of one request from each of its users, in one-second turns with the bare handler (p50 and p99: medians of the turns).`,
    );
    const table: { size: number; name: string; f: Figures; ratio: number }[] = [];
    let failed = false;
    let block = 1;
    for (const size of sizes) {
      const rows: { name: string; f: Figures; bare: Figures }[] = [];
      const bareSlices: Figures[] = [];
      const bareRun1s = async () => {
        const f = await measure(bareRun.child.pid, bareRun.base, bareEndpoint, tokenBlocks[0]!, size, 1);
        bareSlices.push(f);
        return f;
      };
      // The read and the bare handler take turns, a second each: a machine whose load changes (other work on its
      // two cores) weighs on both alike, and the ratio is of the pairs.
      const turns = async (pid: number | undefined, base: string, e: Endpoint, tokens: string[]) => {
        const own: Figures[] = [];
        const bare: Figures[] = [];
        for (let r = 0; r < rounds; r += 1) {
          bare.push(await bareRun1s());
          own.push(await measure(pid, base, e, tokens, size, 1));
        }
        const f = combine(own);
        rows.push({ name: e.name, f, bare: combine(bare) });
        if (f.non2xx || f.errors || f.timeouts) failed = true;
      };
      if (t.kind === 'postgres') await turns(bareRun.child.pid, bareRun.base, floorEndpoint, tokenBlocks[0]!);
      for (const e of reads) {
        // Warm-up: one request from each of the read's own users (their sessions and data read and cached just now, so
        // none expires in the turns that follow), then the turns.
        const tokens = e.signedIn ? tokenBlocks[block++]! : tokenBlocks[0]!;
        await measure(server.child.pid, server.base, e, tokens, size, duration, tokens.length);
        await turns(server.child.pid, server.base, e, tokens);
        if (e === firstRead && coldTokens.length) {
          // One request from each user not seen yet: each the first of its session on this server, on a server whose
          // code and connections are warm. Between two bare turns, compared with both.
          const before = await bareRun1s();
          const f = await measure(server.child.pid, server.base, e, coldTokens[sizes.indexOf(size)]!, size, duration, coldCount);
          const after = await bareRun1s();
          rows.push({ name: firstName!, f, bare: combine([before, after]) });
          if (f.non2xx || f.errors || f.timeouts) failed = true;
        }
      }
      const bareAll = combine(bareSlices);
      console.log(`\n  ${size} connections (${t.kind})`);
      console.log(
        `  ${'read'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'bare/s'.padStart(8)} ${'x bare'.padStart(7)} ${'CPU µs'.padStart(7)} ${'x bare'.padStart(7)}  problems`,
      );
      for (const { name, f, bare } of [{ name: bareEndpoint.name, f: bareAll, bare: bareAll }, ...rows]) {
        const ratio = f.rps / bare.rps;
        const cpu = (x: Figures) => (x.cpuMs * 1000) / x.requests;
        table.push({ size, name, f, ratio });
        const problems = [f.non2xx && `${f.non2xx} non-2xx`, f.errors && `${f.errors} errors`, f.timeouts && `${f.timeouts} timeouts`]
          .filter(Boolean)
          .join(', ');
        console.log(
          `  ${name.padEnd(30)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${bare.rps.toFixed(0).padStart(8)} ${ratio.toFixed(3).padStart(7)} ${cpu(f).toFixed(0).padStart(7)} ${(cpu(bare) / cpu(f)).toFixed(3).padStart(7)}  ${problems}`,
        );
      }
    }
    if (sizes.length > 1) {
      const names = [...new Set(table.map((r) => r.name))];
      console.log(`\n  p99 latency (ms) by connections (${t.kind})`);
      console.log(`  ${'read'.padEnd(30)} ${sizes.map((s) => String(s).padStart(7)).join(' ')}`);
      for (const name of names) {
        console.log(
          `  ${name.padEnd(30)} ${sizes.map((s) => String(table.find((r) => r.size === s && r.name === name)!.f.p99).padStart(7)).join(' ')}`,
        );
      }
      console.log(`\n  req/s by connections (${t.kind})`);
      for (const name of names) {
        console.log(
          `  ${name.padEnd(30)} ${sizes
            .map((s) =>
              table
                .find((r) => r.size === s && r.name === name)!
                .f.rps.toFixed(0)
                .padStart(7),
            )
            .join(' ')}`,
        );
      }
    }
    if (failed) {
      console.log('\n  FAILED: some requests were not answered 2xx (see problems).');
      process.exitCode = 1;
    }
  } finally {
    if (server) await stopServer(server.child);
    if (bareServer) await stopServer(bareServer.child);
    await t.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
