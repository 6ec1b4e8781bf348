// `npm run bench:booking [-- --n 500 | --sizes 100,500,1000,2000] [--places 20] [--pg] [--instances 2] [--warm-up 1000] [--cold-sessions] [--sources] [--cpu-prof DIR]`:
// N users book one ID-card appointment day that has `places` places, all at once, against the real server over HTTP
// (loopback). As on a phone, each client has opened the booking form first (its list of days, not timed), so the rush
// meets signed-in users the server has seen; with --cold-sessions it does not (every token's first request is the
// booking). PGlite in a temporary DATA_DIR by default; with --pg (or DATABASE_URL set) a fresh PostgreSQL database
// on that server (dropped afterwards), optionally served by several server instances (the clients take turns). The
// server runs as production runs it (`node dist/server/main.js` with the flags of deploy/systemd/hukou@.service's
// ExecStart, built first by `npm run build` when the build is missing or older than the sources); --sources runs
// `server/main.ts` through tsx instead. Its peak memory (resident set) is printed at the end.
// Warm-up rushes come first: --warm-up other users (1,000 by default, in rushes of up to 500, each on a day of its own,
// against the server and against the bare handler alike), so that the rush measured meets a server that has been
// running, its code compiled by V8, as a production server is at the hour bookings open (bench:read warms up for the
// same reason). Each warm-up rush's figures are printed on one line, the first being those of a server just started.
// With --sizes, one rush per size, each on a day of its own, and the latency curve is printed. Prints requests per
// second, p50/p99 latency and the number booked, which must equal `places` (on the warm-up days too); a refused
// booking must leave nothing behind (no reference number, event or notice): exit 1 otherwise. Each rush is repeated,
// with the same client, against a bare Fastify handler started by this script (scripts/bench-bare.ts), and the ratio
// printed: the client shares the machine's cores with the server, and the bare figure is what that allows. Beside
// them, the CPU time the server's processes spent per request of the rush (/proc, user + system) and the bare
// handler's: a cost ratio the machine's other load moves far less. With --cpu-prof DIR, V8 CPU profiles of the server
// and (in DIR/bare) of the bare handler, sampled every 100 µs, and each rush's window on their clock. Not part of
// npm test.
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { applicationEvents, applications, counters, notices } from '../server/db/schema.ts';
import { seed } from '../server/seed/seed.ts';
import { createRepositories } from '../server/repositories/index.ts';
import { daysAhead } from '../server/services/appointments.ts';
import { chinaDate } from '../server/services/clock.ts';
import {
  cpuMsOf,
  peakRssMbOf,
  DEFAULT_PG,
  ensureBuilt,
  makeTarget,
  makeUsers,
  percentile,
  sizesOf,
  startBare,
  startServer,
  stopServer,
  type RunningServer,
} from './bench-common.ts';

/** At most this many users in one warm-up rush. */
const WARM_UP_RUSH = 500;

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '500' },
    sizes: { type: 'string' },
    places: { type: 'string', default: '20' },
    pg: { type: 'boolean', default: false },
    instances: { type: 'string', default: '1' },
    'warm-up': { type: 'string', default: '1000' },
    'cold-sessions': { type: 'boolean', default: false },
    sources: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const sizes = sizesOf(args.sizes ?? args.n);
const PLACES = Number(args.places);
const INSTANCES = Number(args.instances);
const WARM_UP = Number(args['warm-up']);
/** The warm-up rushes' sizes: WARM_UP users in rushes of up to WARM_UP_RUSH. */
const warmUps = Array.from({ length: Math.ceil(WARM_UP / WARM_UP_RUSH) }, (_, k) => Math.min(WARM_UP_RUSH, WARM_UP - k * WARM_UP_RUSH));
const adminUrl = args.pg || process.env.DATABASE_URL ? (process.env.DATABASE_URL ?? DEFAULT_PG) : undefined;
if (
  !Number.isInteger(PLACES) ||
  PLACES < 0 ||
  !Number.isInteger(INSTANCES) ||
  INSTANCES < 1 ||
  INSTANCES > 4 ||
  (INSTANCES > 1 && !adminUrl) ||
  !Number.isInteger(WARM_UP) ||
  WARM_UP < 1
) {
  console.error(
    'usage: npm run bench:booking -- [--n 500 | --sizes 100,500,1000,2000] [--places 20] [--pg [--instances 2]] [--warm-up 1000] [--sources]',
  );
  process.exit(2);
}

interface Outcome {
  ms: number;
  status: number;
  code: number;
  msg: string;
}

const BOOK = '/api/daily/sfzbl/add';
const OPEN_FORM = '/api/daily/sfzbl/datelist/1';

/** One client: a booking of `day` with its own idempotency key and client address (the bare handler: `path` /bare). */
async function book(base: string, token: string, i: number, day: string, path = BOOK): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        qhyhAuthorization: `Bearer ${token}`,
        'idempotency-key': `bench-${i}-${randomBytes(6).toString('hex')}`,
        // Each client its own address, as on a campus network (the per-IP limit is not what is measured).
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({ blyy: '1', blfs: '1', yyrq: day, lqfs: '0', lxdh: '13900000000' }),
    });
    const body = (await response.json()) as { code: number; msg: string };
    return { ms: performance.now() - started, status: response.status, code: body.code, msg: body.msg };
  } catch (err) {
    return { ms: performance.now() - started, status: 0, code: 0, msg: `network error: ${(err as Error).message}` };
  }
}

/** One client opens the booking form: the days offered (not timed; the user then waits for the hour and taps). */
async function openForm(base: string, token: string, i: number, path = OPEN_FORM): Promise<void> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      qhyhAuthorization: `Bearer ${token}`,
      'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
    body: '{}',
  });
  if (response.status !== 200) throw new Error(`the booking form answered HTTP ${response.status}`);
  await response.arrayBuffer();
}

async function main() {
  if (!args.sources) ensureBuilt();
  const t = await makeTarget(adminUrl);
  const servers: RunningServer[] = [];
  let bare: RunningServer | undefined;
  try {
    const total = WARM_UP + sizes.reduce((a, b) => a + b, 0);
    const days = daysAhead(chinaDate(new Date()), 14, true);
    const dayCount = warmUps.length + sizes.length;
    if (dayCount > days.length) throw new Error(`at most ${days.length} warm-up rushes and sizes together (one appointment day each)`);
    console.log(`${t.label}: preparing ${total} users and ${dayCount} days with ${PLACES} places…`);
    let tokens: string[];
    const handle = await t.open();
    try {
      await seed(handle.db, { now: new Date(), demo: false });
      tokens = (await makeUsers(handle, total)).tokens;
      const repos = createRepositories(handle.db);
      for (const day of days.slice(0, dayCount)) await repos.quotas.setTotal('sfzbl', '1', day, PLACES);
    } finally {
      await handle.close();
    }

    for (let k = 0; k < INSTANCES; k += 1) servers.push(await startServer(t, { cpuProfDir: args['cpu-prof'], built: !args.sources }));
    const serverOf = (i: number) => servers[i % servers.length]!.base;
    bare = await startBare(undefined, args['cpu-prof']);
    const bareBase = bare.base;
    const rush = async (from: number, n: number, day: string, toBare = false) => {
      const baseOf = toBare ? () => bareBase : serverOf;
      const path = toBare ? { open: '/bare', book: '/bare' } : { open: OPEN_FORM, book: BOOK };
      if (toBare || !args['cold-sessions'])
        await Promise.all(tokens.slice(from, from + n).map((token, i) => openForm(baseOf(i), token, from + i, path.open)));
      // The CPU time the answering processes spend on the rush (all instances; the bare handler's own).
      const cpu = (): number =>
        (toBare ? [bare!.child.pid] : servers.map((s) => s.child.pid)).reduce<number>((sum, pid) => sum + cpuMsOf(pid), 0);
      const cpuBefore = cpu();
      const started = performance.now();
      const clockAt = process.hrtime.bigint() / 1000n;
      const outcomes = await Promise.all(tokens.slice(from, from + n).map((token, i) => book(baseOf(i), token, from + i, day, path.book)));
      const seconds = (performance.now() - started) / 1000;
      // The rush's window on the clock of the CPU profiles (monotonic µs), to cut it out of them.
      if (args['cpu-prof']) console.log(`  profile window  ${toBare ? 'bare' : 'server'} ${clockAt}-${process.hrtime.bigint() / 1000n} µs`);
      return { outcomes, seconds, cpuUs: ((cpu() - cpuBefore) * 1000) / n };
    };

    // Warm-up (see the top): the rush measured meets a server that has been running. Each warm-up rush on a day of its
    // own (its places filled, the rest refused), the same users then against the bare handler.
    let from = 0;
    const warmed: { n: number; day: string; booked: number; warmUp: true }[] = [];
    console.log(
      `\nwarm-up: ${WARM_UP} other users in ${warmUps.length} rush${warmUps.length > 1 ? 'es' : ''} (the first: a server just started)`,
    );
    for (const [k, n] of warmUps.entries()) {
      const warm = await rush(from, n, days[k]!);
      const bareWarm = await rush(from, n, days[k]!, true);
      from += n;
      warmed.push({ n, day: days[k]!, booked: warm.outcomes.filter((r) => r.code === 200).length, warmUp: true });
      const ms = (o: Outcome[]) => o.map((r) => r.ms).sort((a, b) => a - b);
      const p99 = percentile(ms(warm.outcomes), 99);
      const bareP99 = percentile(ms(bareWarm.outcomes), 99);
      console.log(
        `  warm-up ${k + 1}: ${n} bookings, ${(n / warm.seconds).toFixed(0)} requests/s (${(bareWarm.seconds / warm.seconds).toFixed(2)}× bare), p99 ${p99.toFixed(0)} ms (${(p99 / bareP99).toFixed(2)}× bare), CPU ${warm.cpuUs.toFixed(0)} µs per request (bare ${bareWarm.cpuUs.toFixed(0)})`,
      );
    }

    const results: {
      n: number;
      day: string;
      seconds: number;
      latencies: number[];
      outcomes: Map<string, number>;
      booked: number;
      cpuUs: number;
      bare: { seconds: number; latencies: number[]; cpuUs: number };
    }[] = [];
    for (const [k, n] of sizes.entries()) {
      const day = days[warmUps.length + k]!;
      console.log(
        `\n${n} concurrent bookings of ${day}${args['cold-sessions'] ? ' (cold sessions)' : ''} over HTTP (${servers.map((s) => s.base).join(', ')}); ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}…`,
      );
      const { outcomes, seconds, cpuUs } = await rush(from, n, day);
      from += n;
      const latencies = outcomes.map((r) => r.ms).sort((a, b) => a - b);
      const byOutcome = new Map<string, number>();
      for (const r of outcomes)
        byOutcome.set(`HTTP ${r.status} code ${r.code} ${r.msg}`, (byOutcome.get(`HTTP ${r.status} code ${r.code} ${r.msg}`) ?? 0) + 1);
      const booked = outcomes.filter((r) => r.code === 200).length;
      // The same rush, the same client, against the bare handler: what this machine allows.
      const bareRun = await rush(from - n, n, day, true);
      const bareLatencies = bareRun.outcomes.map((r) => r.ms).sort((a, b) => a - b);
      results.push({
        n,
        day,
        seconds,
        latencies,
        outcomes: byOutcome,
        booked,
        cpuUs,
        bare: { seconds: bareRun.seconds, latencies: bareLatencies, cpuUs: bareRun.cpuUs },
      });
      console.log(`  requests        ${n} in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(0)} requests/s`);
      console.log(
        `  latency         p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
      );
      for (const [outcome, c] of byOutcome) console.log(`  ${String(c).padStart(5)} × ${outcome}`);
      console.log(`  server CPU      ${cpuUs.toFixed(0)} µs per request`);
      console.log(
        `  bare Fastify    ${(n / bareRun.seconds).toFixed(0)} requests/s, p50 ${percentile(bareLatencies, 50).toFixed(0)} ms, p99 ${percentile(bareLatencies, 99).toFixed(0)} ms, CPU ${bareRun.cpuUs.toFixed(0)} µs per request (the same rush and client)`,
      );
    }
    // The most memory each instance held over the run (the young generation's size is one of production's flags).
    const peakRss = servers.map((s) => peakRssMbOf(s.child.pid).toFixed(0)).join(' and ');
    for (const s of servers) await stopServer(s.child);
    await stopServer(bare.child);

    // What the database holds: exactly the places booked per day, and nothing written for a refused booking.
    const check = await t.open();
    let okay = true;
    try {
      const repos = createRepositories(check.db);
      const today = chinaDate(new Date()).replace(/-/g, '');
      const [counter] = await check.db
        .select()
        .from(counters)
        .where(eq(counters.name, `sqbh:${today}`));
      const [apps] = await check.db.select({ n: count() }).from(applications);
      const ids = (await check.db.select({ id: applications.id }).from(applications)).map((r) => r.id);
      const [events] = await check.db.select({ n: count() }).from(applicationEvents);
      const [sent] = await check.db
        .select({ n: count() })
        .from(notices)
        .where(ids.length ? inArray(notices.applicationId, ids) : eq(notices.id, -1));
      console.log(`\n  database        ${t.label}, ${servers.length} server instance${servers.length > 1 ? 's' : ''}`);
      console.log(`  server memory   peak RSS ${peakRss} MB (node ${servers[0]!.flags!.join(' ')})`);
      for (const r of [...warmed, ...results]) {
        const quota = await repos.quotas.find('sfzbl', '1', r.day);
        const [stored] = await check.db
          .select({ n: count() })
          .from(applications)
          .where(and(eq(applications.kind, 'sfzbl'), eq(applications.slotDay, r.day)));
        const right = r.booked === PLACES && stored!.n === PLACES && quota?.remaining === 0;
        okay &&= right;
        console.log(
          `  ${String(r.n).padStart(5)} clients${'warmUp' in r ? ' (warm-up)' : ''}: booked ${r.booked} of ${PLACES} places (stored ${stored!.n}, remaining ${quota?.remaining})${right ? '' : '  WRONG'}`,
        );
      }
      const issued = counter?.value ?? 0;
      const clean = issued === apps!.n && events!.n === apps!.n && sent!.n === apps!.n;
      okay &&= clean;
      console.log(
        `  written         ${apps!.n} applications, ${issued} reference numbers, ${events!.n} events, ${sent!.n} notices${clean ? ' (none for a refusal)' : '  WRONG: a refusal left something behind'}`,
      );
    } finally {
      await check.close();
    }

    console.log(
      `\n  ${'clients'.padStart(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'CPU µs'.padStart(7)}   bare: ${'req/s'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU µs'.padStart(7)}  req/s × bare  p99 ÷ bare  bare CPU ÷ CPU`,
    );
    for (const r of results) {
      const row = [
        r.n,
        (r.n / r.seconds).toFixed(0),
        percentile(r.latencies, 50).toFixed(0),
        percentile(r.latencies, 99).toFixed(0),
        r.latencies.at(-1)!.toFixed(0),
        r.cpuUs.toFixed(0),
      ];
      const bareRps = r.n / r.bare.seconds;
      const bareP99 = percentile(r.bare.latencies, 99);
      console.log(
        `  ${row.map((v) => String(v).padStart(7)).join(' ')}         ${bareRps.toFixed(0).padStart(7)} ${bareP99.toFixed(0).padStart(7)} ${r.bare.cpuUs.toFixed(0).padStart(7)}  ${`${(r.n / r.seconds / bareRps).toFixed(2)}×`.padStart(12)}  ${`${(percentile(r.latencies, 99) / bareP99).toFixed(2)}×`.padStart(10)}  ${`${(r.bare.cpuUs / r.cpuUs).toFixed(2)}×`.padStart(14)}`,
      );
    }
    console.log(okay ? `\n  OK: exactly ${PLACES} booked each time, nothing written for a refusal.` : `\n  FAILED: see WRONG above.`);
    process.exitCode = okay ? 0 : 1;
  } finally {
    for (const s of servers) await stopServer(s.child);
    if (bare) await stopServer(bare.child);
    await t.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
