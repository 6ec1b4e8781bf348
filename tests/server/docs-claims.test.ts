// Every claim of the docs that a test can check, and where it is checked. Each entry quotes the doc (the quote must
// still be there: a doc that changes its claim fails here until its entry follows) and names its evidence: a value of
// the code (read here), a line of a shipped file (read here), or a test of the suite (the file must hold that test, so
// a test renamed or removed takes its claim down with it). Claims no test can check (advice, measured figures of a
// dated run, what an operator should do) have no entry: the figures are the benchmark scripts' to print.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadConfig } from '../../server/config.ts';
import { POOL_SIZE } from '../../server/db/client.ts';
import { demoAccounts, demoPassword } from '../../server/db/seed-data/demo.ts';
import { demoStaff } from '../../server/db/seed-data/staff.ts';
import { FLUSH_MS, MAX_LENGTH, MIN_LENGTH } from '../../server/lib/log-stream.ts';
import * as images from '../../server/lib/images.ts';
import { REFERENCE_CACHE_MS } from '../../server/lib/reference-cache.ts';
import { SESSION_CACHE_MS, SESSION_CHANNEL } from '../../server/lib/session-cache.ts';
import { SHED_RETRY_AFTER_SECONDS } from '../../server/plugins/load-shed.ts';
import { LIMITS } from '../../server/plugins/limits.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '../../server/services/captcha-image.ts';
import { CAPTCHA_SECONDS, DRAWING_LINE, IMAGE_CODE_CEILING, POW_DIFFICULTY, POW_PREFIX } from '../../server/services/captcha.ts';
import { CODE_LENGTH } from '../../server/services/documents.ts';
import * as guard from '../../server/services/login-guard.ts';
import { HEAD_CHECK_LIMIT, HEAD_CHECK_SECONDS } from '../../server/services/move-in-forms.ts';
import { EARLY_TTL_MS } from '../../shared/pages/page-data.ts';
import { SESSION_SECONDS, STAFF_IDLE_SECONDS, STAFF_MAX_SECONDS, TOUCH_FLUSH_MS } from '../../server/services/sessions.ts';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** Text as a reader sees it: line breaks and runs of spaces are one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const DOCS = [
  'README.md',
  'UPGRADING.md',
  'SECURITY.md',
  'CONTRIBUTING.md',
  'docs/architecture.md',
  'docs/capacity.md',
  'docs/console.md',
  'docs/deploy.md',
  'docs/performance.md',
  'docs/security.md',
] as const;
type Doc = (typeof DOCS)[number];

type Evidence =
  /** A test of the suite: the file holds this title (or assertion). */
  | { test: string; has: string }
  /** A shipped file (a unit, nginx's snippet, package.json) holds this text. */
  | { file: string; has: string }
  /** A value of the code. */
  | { value: unknown; is: unknown };
type Claim = { doc: Doc; says: string; by: Evidence[] };

const perMinute = (limit: { max: number; timeWindow: number }) => `${limit.max} a ${limit.timeWindow / 1000} s`;
const prod = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://h/d',
  PUBLIC_URL: 'https://h',
  PASSWORD_SIGN_IN_ONLY: 'true',
  DATA_ENCRYPTION_KEY: 'a'.repeat(64),
};

/** Statements of the migrations that would break the release still running during a rolling upgrade. */
function migrationsThatTakeAway(): string[] {
  const dir = 'server/db/migrations';
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.sql'))
    .flatMap((name) =>
      read(`${dir}/${name}`)
        .split('--> statement-breakpoint')
        .filter(
          (sql) =>
            /\bdrop\s+(table|column)\b|\brename\b|set not null/i.test(sql) ||
            (/add column/i.test(sql) && /not null/i.test(sql) && !/default/i.test(sql)),
        )
        .map((sql) => `${name}: ${flat(sql).trim().slice(0, 80)}`),
    );
}

const claims: Claim[] = [
  // README.md
  {
    doc: 'README.md',
    says: 'They exist only in demo mode (`npm start`); no other start seeds them.',
    by: [
      {
        test: 'tests/server/demo-mode.test.ts',
        has: 'has no demo accounts with the published password, no demo staff, no development CAS',
      },
    ],
  },
  {
    doc: 'README.md',
    says: 'when they are missing it says how to install them',
    by: [{ file: 'scripts/test-all.ts', has: 'apt-get install' }],
  },
  {
    doc: 'README.md',
    says: 'The server also serves the bundled contract at `/openapi.json` and a rendered reference at `/api-docs`.',
    by: [
      { test: 'tests/server/web.test.ts', has: 'serves the bundled document at /openapi.json' },
      { test: 'tests/server/web.test.ts', has: 'sends the page the build rendered at /api-docs' },
    ],
  },
  {
    doc: 'README.md',
    says: 'What the office issues (户籍证明, move-in vouchers) is a signed PDF with a QR code to a public check page',
    by: [
      {
        test: 'tests/server/documents.test.ts',
        has: 'is a signed PDF that pdfsig finds valid (and invalid after one byte changes), with a QR code to its check page',
      },
      { test: 'tests/e2e/documents.spec.ts', has: 'downloaded by the student as a signed PDF whose QR code opens the check page' },
    ],
  },
  {
    doc: 'README.md',
    says: "刘建国's household also holds 刘子轩 (子) and 王秀兰 (母亲)",
    by: [
      {
        test: 'tests/e2e/moving.spec.ts',
        has: 'a staff member moves in two family members, downloads the voucher PDF, then moves out with the family',
      },
    ],
  },
  {
    doc: 'README.md',
    says: '迁移证地址变更 is refused (毕业生地址为锁定状态，无法修改户口迁出地址)',
    by: [
      {
        test: 'tests/e2e/moving.spec.ts',
        has: 'a graduate is stopped by the guard with the server message, moves out, and then meets the address lock',
      },
    ],
  },
  {
    doc: 'README.md',
    says: 'his move-out cannot be finished before the card is back',
    by: [{ test: 'tests/server/household-card.test.ts', has: 'the demo card out shows as 已借出 on 我的户籍 and in the console’s list' }],
  },
  {
    doc: 'README.md',
    says: 'not signed in | 通知公告 and 联系我们 stay open; anything else says 请先登录 and goes to /login.',
    by: [
      {
        test: 'tests/e2e/foundation.spec.ts',
        has: 'without a session, a protected page says 请先登录 and goes to /login; announcements stay open',
      },
    ],
  },
  {
    doc: 'README.md',
    says: "(open from 30 days before the demo's first start to 60 days after)",
    by: [{ test: 'tests/e2e/moving.spec.ts', has: 'a new student moves in during the window and cannot outside it' }],
  },

  // UPGRADING.md
  {
    doc: 'UPGRADING.md',
    says: "Set `SIGNING_P12_FILE` and `SIGNING_P12_PASSPHRASE` to sign with the office's certificate; without them a self-signed one is made and kept.",
    by: [{ test: 'tests/server/documents.test.ts', has: 'the office’s own certificate' }],
  },
  {
    doc: 'UPGRADING.md',
    says: 'A move-in finished before this release gets a signed voucher on its next download',
    by: [
      {
        test: 'tests/server/uploads.test.ts',
        has: 'a finished move-in of before (no stored voucher) gets its voucher on the first download',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '`max_fails=2 fail_timeout=3s`',
    by: [{ file: 'deploy/nginx/hukou-site.conf', has: 'max_fails=2 fail_timeout=3s' }],
  },
  {
    doc: 'UPGRADING.md',
    says: '`proxy_next_upstream … http_503`',
    by: [{ file: 'deploy/nginx/hukou-proxy.conf', has: 'http_503' }],
  },
  {
    doc: 'UPGRADING.md',
    says: '`X-Request-Id $request_id`',
    by: [
      { file: 'deploy/nginx/hukou-proxy.conf', has: 'X-Request-Id $request_id' },
      { test: 'tests/server/health.test.ts', has: 'takes the proxy’s X-Request-Id (a plausible one), else makes one, and answers it back' },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '`hukou@.service` (`--enable-source-maps`, a metrics port per instance: `18081`, `18082`; `TimeoutStopSec=20`)',
    by: [
      {
        file: 'deploy/systemd/hukou@.service',
        has: 'ExecStart=/usr/bin/node --enable-source-maps --max-semi-space-size=64 dist/server/main.js',
      },
      { file: 'deploy/systemd/hukou@.service', has: 'Environment=METRICS_PORT=1%i' },
      { file: 'deploy/systemd/hukou@.service', has: 'TimeoutStopSec=20' },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '`hukou_build_info` and `hukou_rate_limit_redis_up` are new',
    by: [
      { file: 'server/plugins/metrics.ts', has: "'hukou_build_info'" },
      { file: 'server/plugins/metrics.ts', has: "'hukou_rate_limit_redis_up'" },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '**Operator commands** refuse to run without a database in production, or with `/etc/hukou/hukou.env` present and not loaded',
    by: [
      {
        test: 'tests/server/cli-env.test.ts',
        has: 'refuses without a database in production, or with the guide’s env file on the host and not loaded',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '户口卡补办 now requires the 遗失情况说明 upload',
    by: [{ test: 'tests/server/daily-forms.test.ts', has: '遗失情况说明' }],
  },
  {
    doc: 'UPGRADING.md',
    says: '`npm ci --omit=dev` now installs at most 150 MB',
    by: [{ file: 'scripts/release-check.ts', has: 'if (megabytes > 150) fail(' }],
  },
  {
    doc: 'UPGRADING.md',
    says: '**Load shedding is on in production** (`LOAD_SHED_EVENT_LOOP_DELAY_MS=1000`)',
    by: [
      { value: loadConfig(prod).loadShedEventLoopDelayMs, is: 1000 },
      { test: 'tests/server/config.test.ts', has: 'sheds load from 1 s of event-loop lag in production only, unless told otherwise' },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: 'a session for at most 30 s, dictionaries, home tiles, settings, service guides, public file lists and police stations for at most 60 s',
    by: [
      { value: SESSION_CACHE_MS, is: 30_000 },
      { value: REFERENCE_CACHE_MS, is: 60_000 },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: "A change made by hand in SQL may be served stale for up to that long unless it is followed by `SELECT pg_notify('hukou_cache', '*')`",
    by: [
      { value: SESSION_CHANNEL, is: 'hukou_cache' },
      {
        test: 'tests/server/session-cache.test.ts',
        has: 'answers a repeated read of reference data from the cache; a change by hand is seen after its notification',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: 'Sliding session renewals are written together a second after the requests that renew',
    by: [
      { value: TOUCH_FLUSH_MS, is: 1000 },
      {
        test: 'tests/server/session-cache.test.ts',
        has: 'is written after the request, several sessions in one statement, and slides the expiry 7 days',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '**Backups have a manifest** (`<file>.manifest.json`): keep it with the file; restore checks it.',
    by: [
      {
        test: 'tests/server/backup.test.ts',
        has: 'writes a manifest; restore refuses a damaged file and a backup of a newer release (unless --force)',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '**Housekeeping runs on one instance an hour** (row `job.housekeeping` in `settings`).',
    by: [
      {
        test: 'tests/server/housekeeping.test.ts',
        has: 'runs each hour once whichever instances ask, and again only when the next hour comes',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '**a production database starts with none**: until the office has set a household up, a move-in landing in it cannot be finished',
    by: [{ test: 'tests/server/admin-collective.test.ts', has: 'rejects.toMatchObject({ message: COLLECTIVE_MISSING })' }],
  },
  {
    doc: 'UPGRADING.md',
    says: 'files an earlier release wrote under `DATA_DIR/uploads` are read from there and copied into the database on first read',
    by: [
      {
        test: 'tests/server/uploads.test.ts',
        has: 'reads a file an earlier release kept under DATA_DIR/uploads and moves it into the database',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '**`TRUST_PROXY=1` now means one proxy hop**',
    by: [{ test: 'tests/server/config.test.ts', has: 'reads TRUST_PROXY as true/false, a hop count or proxy addresses' }],
  },
  {
    doc: 'UPGRADING.md',
    says: 'A production start refuses to run without `DATABASE_URL` (or `EMBEDDED_DATABASE=true`), `PUBLIC_URL` and `CAS_BASE_URL` (or `PASSWORD_SIGN_IN_ONLY=true`), besides the data key.',
    by: [{ test: 'tests/server/config.test.ts', has: 'refuses a production start without each thing production needs, all named at once' }],
  },
  {
    doc: 'UPGRADING.md',
    says: "借用户口卡 stays grey (您不在校，无法借用户口卡) until the student's move-in is finished",
    by: [{ test: 'tests/server/user.test.ts', has: 'disables borrow-card and move-out when the household is not at school' }],
  },
  {
    doc: 'UPGRADING.md',
    says: 'the migration moves them to `users.claimed_no` (unverified claims). Accounts made by single sign-on keep theirs',
    by: [
      {
        test: 'tests/server/roster.test.ts',
        has: 'makes the numbers of self-registered accounts unverified claims; single sign-on accounts keep theirs',
      },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: 'every claim whose name, ID number and kind of person match is bound at once',
    by: [
      {
        test: 'tests/server/roster.test.ts',
        has: 'binds accounts whose typed number it confirms (same name, ID number, kind of person), and no other',
      },
    ],
  },

  // SECURITY.md
  {
    doc: 'SECURITY.md',
    says: 'passwords are hashed (scrypt)',
    by: [{ file: 'server/lib/crypto.ts', has: 'scrypt' }],
  },
  {
    doc: 'SECURITY.md',
    says: 'no log line holds personal data or a secret (the server tests scan every log they produce)',
    by: [
      { test: 'tests/server/log-safety.test.ts', has: 'finds a token, a password hash, an SMS code, an ID number or a phone in the log' },
    ],
  },

  // docs/architecture.md
  {
    doc: 'docs/architecture.md',
    says: 'a 120-second timeout',
    by: [{ test: 'tests/unit/api-client.test.ts', has: 'gives up after 120 s' }],
  },
  {
    doc: 'docs/architecture.md',
    says: '`npm run api:check` (in `npm test`) fails while they are stale',
    by: [{ file: 'scripts/test-all.ts', has: 'api:check' }],
  },
  {
    doc: 'docs/architecture.md',
    says: 'no import circle of any kind, type-only imports included',
    by: [
      { file: 'package.json', has: '"circles"' },
      { file: 'scripts/test-all.ts', has: 'circles' },
    ],
  },
  {
    doc: 'docs/architecture.md',
    says: 'the route list (`tests/unit/paths.test.ts`), the index (`tests/unit/features/prove.test.tsx`) and the answer summaries (`tests/server/answer-summary.test.ts`',
    by: [{ test: 'tests/server/answer-summary.test.ts', has: 'applicationKinds' }],
  },
  {
    doc: 'docs/architecture.md',
    says: 'A retry with the same Idempotency-Key answers the first result',
    by: [{ test: 'tests/server/daily-forms.test.ts', has: 'one application for a double submit with a key (in a row and in parallel)' }],
  },
  {
    doc: 'docs/architecture.md',
    says: "the appointment place by a conditional decrement, the day's reference number, the application, its event, the notice and the key, or nothing at all",
    by: [
      {
        test: 'tests/server/filing.test.ts',
        has: 'takes the place and the next number, and writes the application, its event, the notice with that number and the key',
      },
      { test: 'tests/server/filing.test.ts', has: 'without a place left it writes nothing and takes no number' },
      { test: 'tests/server/filing.test.ts', has: 'fails the whole statement: the place stays' },
    ],
  },
  {
    doc: 'docs/architecture.md',
    says: 'wait and then go together in one statement (`lib/batch.ts` KeyedBatches): all of them take their places with consecutive numbers, or, with fewer places left than bookings, as many as are left go together, the first in line, and the rest are refused',
    by: [
      { test: 'tests/unit/batch.test.ts', has: 'sends the first item of a key at once and the items that arrive meanwhile together' },
      {
        test: 'tests/server/filing.test.ts',
        has: 'several filings of one day in one statement: all take their places in the order given, with consecutive numbers',
      },
      { test: 'tests/server/filing.test.ts', has: 'several filings with fewer places left than filings write nothing' },
      { test: 'tests/server/daily-id-card.test.ts', has: 'past the places, as many as are left together' },
    ],
  },
  {
    doc: 'docs/architecture.md',
    says: "How many are left is first taken from the instance's last statement for the day (the usual rush files its last places without a refused statement), and read from the quota row when places went meanwhile on another instance",
    by: [
      { test: 'tests/server/daily-id-card.test.ts', has: 'No statement wrote nothing' },
      {
        test: 'tests/server/daily-id-card.test.ts',
        has: 'places taken meanwhile on another instance: the statement for as many as were left writes nothing, then as many as are left go together',
      },
    ],
  },
  {
    doc: 'docs/architecture.md',
    says: 'a day seen full (a refused decrement, or the last place taken here) is refused without the database',
    by: [
      {
        test: 'tests/server/daily-id-card.test.ts',
        has: 'the booking that takes the last place marks the day full: the next one is refused before its form is read',
      },
    ],
  },

  // docs/capacity.md
  {
    doc: 'docs/capacity.md',
    says: 'The quota holds whatever the number of instances (`npm run test:multi` checks it on every `npm test`)',
    by: [
      { file: 'scripts/multi-instance.ts', has: '1. booking rush' },
      { file: 'scripts/test-all.ts', has: 'multi-instance' },
    ],
  },
  {
    doc: 'docs/capacity.md',
    says: "`max_connections` ≥ 11 × instances + 20 (each instance's pool holds at most 10, and one more connection listens)",
    by: [{ value: POOL_SIZE, is: 10 }],
  },
  {
    doc: 'docs/capacity.md',
    says: '**Sign-in ceiling per address: 30 a minute** (password and CAS landing alike, `LIMITS.signIn`)',
    by: [{ value: perMinute(LIMITS.signIn), is: '30 a 60 s' }],
  },
  {
    doc: 'docs/capacity.md',
    says: '`hukou_requests_shed_total` rising means instances answer 503',
    by: [{ file: 'server/plugins/metrics.ts', has: 'hukou_requests_shed_total' }],
  },
  {
    doc: 'docs/capacity.md',
    says: '`hukou_db_pool_waiting` above 0',
    by: [{ file: 'server/plugins/metrics.ts', has: 'hukou_db_pool_waiting' }],
  },
  {
    doc: 'docs/capacity.md',
    says: 'stored as re-encoded JPEG at most 2,000 px a side',
    by: [{ value: images.STORED_IMAGE_SIDE, is: 2000 }],
  },
  {
    doc: 'docs/capacity.md',
    says: '`npm run soak -- --minutes 60`',
    by: [{ file: 'scripts/soak.ts', has: '--minutes' }],
  },

  // docs/console.md
  {
    doc: 'docs/console.md',
    says: "A staff token reaches only the console's operations (`x-roles`), a user token never reaches them.",
    by: [
      { test: 'tests/server/documents.test.ts', has: 'a user’s token cannot open the console’s calls' },
      {
        test: 'tests/server/admin-auth.test.ts',
        has: 'every staff operation: no token 401, a user token 403, and a 办理员 403 on 管理员 operations',
      },
    ],
  },
  {
    doc: 'docs/console.md',
    says: 'where finishing would be refused',
    by: [{ test: 'tests/e2e/staff-console.spec.ts', has: '办结 only when the rules take it (else why)' }],
  },
  {
    doc: 'docs/console.md',
    says: '显示 next to one fetches it (`adminRevealIdNumber`) and writes an audit entry 查看身份证件号',
    by: [{ test: 'tests/server/encryption.test.ts', has: '显示 opens one (audited)' }],
  },
  {
    doc: 'docs/console.md',
    says: 'Staff 认领 an application, a 管理员 分派 or 收回 it',
    by: [
      {
        test: 'tests/server/admin-queue.test.ts',
        has: 'a 办理员 claims; another is told who has it; the version stays; 管理员 assign and take back',
      },
    ],
  },
  {
    doc: 'docs/console.md',
    says: 'each application on its own transaction and version, each result shown (skipped ones with the reason)',
    by: [
      {
        test: 'tests/server/admin-queue.test.ts',
        has: '受理 moves each application it may, each with its own version; the others are skipped with their reason',
      },
    ],
  },
  {
    doc: 'docs/console.md',
    says: 'ID numbers and phones masked unless a 管理员 ticks 含完整身份证件号与手机号; every export audited',
    by: [
      { test: 'tests/server/admin-exports.test.ts', has: 'ID numbers and phones masked; audited' },
      { test: 'tests/server/admin-exports.test.ts', has: 'in full only for a 管理员 (audited as such)' },
    ],
  },
  {
    doc: 'docs/console.md',
    says: '在线用户 with 强制退出 (ends that session on every instance at once)',
    by: [{ test: 'tests/e2e/console-security.spec.ts', has: 'an administrator forces a student out' }],
  },
  {
    doc: 'docs/console.md',
    says: 'A sign-in asks for the image code after 3 failures of the account within the hour.',
    by: [
      { value: guard.CAPTCHA_AFTER, is: 3 },
      { test: 'tests/server/auth.test.ts', has: 'requires an image code after 3 failures of an account, from any IP' },
    ],
  },

  // docs/deploy.md
  {
    doc: 'docs/deploy.md',
    says: 'checks that a booking rush books exactly the quota, a session made on one instance works on the other, a file uploaded through one downloads through the other, the SMS ceiling is shared, and `kill -9` of one instance mid-load loses no acknowledged submit',
    by: [
      { file: 'scripts/multi-instance.ts', has: '1. booking rush' },
      { file: 'scripts/multi-instance.ts', has: '3. a file uploaded through instance A downloads through instance B' },
      { file: 'scripts/multi-instance.ts', has: '4. the SMS-sending ceiling is shared by both instances' },
      { file: 'scripts/multi-instance.ts', has: '6. kill -9 of instance A' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`engines` in package.json',
    by: [{ file: 'package.json', has: '"node": ">=22.12' }],
  },
  {
    doc: 'docs/deploy.md',
    says: '`.nvmrc` says 22',
    by: [{ file: '.nvmrc', has: '22' }],
  },
  {
    doc: 'docs/deploy.md',
    says: '`npm run release:check` fails above 150 MB',
    by: [{ file: 'scripts/release-check.ts', has: 'if (megabytes > 150) fail(' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'the build fails if one is bundled',
    by: [{ file: 'scripts/build-server.ts', has: 'move them to "dependencies" in package.json' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'PGlite is loaded only when the embedded database is opened (the build checks that `main.js` does not import it)',
    by: [{ file: 'scripts/build-server.ts', has: "f.startsWith('@electric-sql/pglite')" }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'Without it a command refuses to run, saying so and doing nothing',
    by: [{ test: 'tests/server/cli-env.test.ts', has: 'each command refuses so, exits 1, and leaves no embedded database behind' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'variables already set in the shell win',
    by: [{ test: 'tests/server/cli-env.test.ts', has: 'loads the file under what is already set' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'The production start refuses to start, saying which line is missing',
    by: [{ test: 'tests/server/config.test.ts', has: 'refuses a production start without each thing production needs, all named at once' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'The server asks for and validates tickets against that callback only, never an address a request names',
    by: [
      {
        test: 'tests/server/cas.test.ts',
        has: 'refuses a ticket the campus CAS issued for another application, whatever service or host the request names',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'a 100-bit verification code and a QR code to `<PUBLIC_URL>/web/verify/<code>` (public, 20 checks a minute per address)',
    by: [
      { value: CODE_LENGTH * 5, is: 100 },
      { value: perMinute(LIMITS.verify), is: '20 a 60 s' },
      { test: 'tests/server/documents.test.ts', has: 'is limited per address: 20 a minute one after another' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'a revocation in the console shows at once on every instance',
    by: [{ test: 'tests/server/documents.test.ts', has: 'the check says 已作废 at once, on a second instance too' }],
  },
  {
    doc: 'docs/deploy.md',
    says: "new API requests get 503 「当前访问人数较多，请稍后再试」 with `Retry-After: 5` at once instead of queueing; probes, metrics and the web app's files still answer",
    by: [
      { value: SHED_RETRY_AFTER_SECONDS, is: 5 },
      {
        test: 'tests/server/load-shed.test.ts',
        has: 'answers 503 「当前访问人数较多，请稍后再试」 with Retry-After while the loop lags, never for probes',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'every instance keeps the timer and the first to claim the hour (row `job.housekeeping` in `settings`) runs it',
    by: [{ test: 'tests/server/housekeeping.test.ts', has: 'runs each hour once whichever instances ask' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'an instance also migrates at start, under a PostgreSQL advisory lock, so two never migrate at once',
    by: [
      {
        test: 'tests/server/migrate.test.ts',
        has: 'two instances starting at once: one migrates while the other waits (never overlapping)',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'On SIGTERM an instance answers `/readyz` with 503 at once, finishes running requests and exits within 10 s.',
    by: [
      {
        test: 'tests/server/health.test.ts',
        has: 'while draining (SIGTERM, before the listener closes) /readyz says 503 and everything else is still served',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'An error outside any request is logged and exits 1; `Restart=always` starts it again.',
    by: [
      {
        test: 'tests/server/process-guards.test.ts',
        has: 'logs an uncaught exception with the error and its origin, flushes, and exits with code 1 once',
      },
      { file: 'deploy/systemd/hukou@.service', has: 'Restart=always' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`npm run test:multi` logs with this very format and fails if a query string reaches the log',
    by: [{ file: 'scripts/multi-instance.ts', has: "!accessLog.includes('?')" }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'compresses JSON answers above 1 kB itself, so nginx does not compress proxied answers (`gzip off`)',
    by: [
      { test: 'tests/server/web.test.ts', has: 'compresses a JSON answer above 1 kB' },
      { file: 'deploy/nginx/hukou-site.conf', has: 'gzip off;' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`client_max_body_size 12m`',
    by: [{ file: 'deploy/nginx/hukou-proxy.conf', has: 'client_max_body_size 12m;' }],
  },
  {
    doc: 'docs/deploy.md',
    says: '`proxy_next_upstream error timeout http_503 non_idempotent`',
    by: [{ file: 'deploy/nginx/hukou-proxy.conf', has: 'proxy_next_upstream error timeout http_503 non_idempotent' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'The multi-instance test kills an instance with `kill -9` under load and finds every acknowledged submit stored once, and restarts both in turn under load with no request failing.',
    by: [
      { file: 'scripts/multi-instance.ts', has: '5. rolling restart of A, then B, under steady load through nginx' },
      { file: 'scripts/multi-instance.ts', has: '6. kill -9 of instance A' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'One instance runs a job at a time, whichever asks (`tests/server/operations.test.ts` asks from two instances at once)',
    by: [{ test: 'tests/server/operations.test.ts', has: 'two apps on one database: while one instance holds a job both answer 409' }],
  },
  {
    doc: 'docs/deploy.md',
    says: '`GET /healthz` (the process answers) and `GET /readyz` (database answers, migrations applied; 503 while shutting down)',
    by: [
      {
        test: 'tests/server/health.test.ts',
        has: '/healthz answers while the process runs; /readyz when the database answers and every migration is applied',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'Each instance keeps a pool of 10 connections and one more that LISTENs for cache evictions',
    by: [{ value: POOL_SIZE, is: 10 }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'an instance caches a session for at most 30 s and reference data — dictionaries, home tiles, settings, guides, police stations — for at most 60 s, and every instance drops an entry the moment another changes it',
    by: [
      { value: SESSION_CACHE_MS, is: 30_000 },
      { value: REFERENCE_CACHE_MS, is: 60_000 },
      {
        test: 'tests/server/session-cache.test.ts',
        has: 'answers the hot reads from the cached record; a change through the repositories is seen at once',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'If Redis stops answering, a circuit breaker moves the counting into each instance for 30 s at a time',
    by: [
      {
        test: 'tests/server/redis-outage.test.ts',
        has: 'counting moves to this instance at once (no request waits on Redis), a burst is still refused, and it moves back',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`hukou_rate_limit_redis_up` (1 counting in Redis, 0 in the instance) and `hukou_rate_limit_redis_breaker_opened_total`',
    by: [
      { file: 'server/plugins/metrics.ts', has: "'hukou_rate_limit_redis_up'" },
      { file: 'server/plugins/metrics.ts', has: "'hukou_rate_limit_redis_breaker_opened_total'" },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'Every request that needs the database answers **503** 「系统暂时无法访问，请稍后再试」 with `Retry-After: 10`',
    by: [{ test: 'tests/server/database-outage.test.ts', has: "expect(r.headers['retry-after']).toBe('10')" }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'Migrations only add (new tables, new nullable columns), so the old instances keep working meanwhile.',
    by: [{ value: migrationsThatTakeAway(), is: [] }],
  },
  {
    doc: 'docs/deploy.md',
    says: '(`/readyz` answers 503 while it still serves everything else, `SHUTDOWN_DRAIN_SECONDS`, 3 s)',
    by: [
      { value: loadConfig(prod).shutdownDrainSeconds, is: 3 },
      { test: 'tests/server/config.test.ts', has: 'drains 3 s on SIGTERM by default in production, 0 elsewhere' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`npm run test:multi` does exactly this under steady load through the shipped nginx settings and requires every request to be answered.',
    by: [{ file: 'scripts/multi-instance.ts', has: 'load.failed.length === 0' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'Restore refuses a file that does not match its manifest (a copy cut short) and a backup made by a newer release than the one restoring it',
    by: [
      {
        test: 'tests/server/backup.test.ts',
        has: 'writes a manifest; restore refuses a damaged file and a backup of a newer release (unless --force)',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`npm test` backs up, wipes and restores both kinds and finds the same applications, files and sessions (`tests/server/backup.test.ts`)',
    by: [{ test: 'tests/server/backup.test.ts', has: 'the embedded database: back up, wipe, restore' }],
  },
  {
    doc: 'docs/deploy.md',
    says: '`deploy/systemd/hukou-backup.timer` runs a `pg_dump` every night and keeps 30 days',
    by: [
      { file: 'deploy/systemd/hukou-backup.timer', has: 'OnCalendar' },
      { file: 'deploy/systemd/hukou-backup.service', has: '-mtime +30 -delete' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'input that ends early creates nothing and exits 1',
    by: [{ test: 'tests/server/cli-admin.test.ts', has: 'input that ends early creates nothing and exits 1' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'refuses a weak password or a name in use; writes an audit entry',
    by: [
      {
        test: 'tests/server/cli-admin.test.ts',
        has: 'refuses a weak password, different passwords, a bad name and an existing sign-in name, creating nothing',
      },
      { test: 'tests/server/cli-admin.test.ts', has: 'the audit log says so' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: "prints each refused row by its line (the worksheet's row number; never an ID number) and exits 1 when any was refused",
    by: [
      {
        test: 'tests/server/cli-roster.test.ts',
        has: 'imports good rows, names each refused one by its line (no ID number printed), exits 1 when any was refused',
      },
      { test: 'tests/server/cli-roster.test.ts', has: 'refused rows named by their row in the worksheet' },
      { test: 'tests/server/cli-roster.test.ts', has: 'reads a GBK file as Excel saves it' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'An instance writes its lines every 100 ms (or once 8 K characters wait), and what is waiting when it exits, a fatal error included',
    by: [
      { value: FLUSH_MS, is: 100 },
      { value: MIN_LENGTH, is: 8 * 1024 },
      {
        test: 'tests/server/log-stream.test.ts',
        has: 'in a real process: every line reaches standard output, through process.exit and through a fatal error',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'A collector that falls behind never stops the instance',
    by: [
      {
        test: 'tests/server/log-stream.test.ts',
        has: 'a reader that stops reading does not stop the process: the lines wait, then arrive in order',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'lines wait in memory, in order, up to 16 M characters (about 40,000 access lines), and past that new lines are dropped and counted in `hukou_log_dropped_characters_total`',
    by: [
      { value: MAX_LENGTH, is: 16 * 1024 * 1024 },
      { test: 'tests/server/log-stream.test.ts', has: 'past the ceiling whole lines are dropped and counted' },
      { test: 'tests/server/health.test.ts', has: 'hukou_log_dropped_characters_total' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: '`tests/server/compose.test.ts` checks that the environment the compose file gives the instances, for the command in its header, is one the production server accepts',
    by: [{ test: 'tests/server/compose.test.ts', has: 'the documented command gives the instances a configuration production accepts' }],
  },
  {
    doc: 'docs/deploy.md',
    says: '`docker compose up` stops with that message instead of starting instances that exit on their configuration',
    by: [{ test: 'tests/server/compose.test.ts', has: "it('stops" }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'Environment variables, validated at start (a wrong value stops the server with a clear message)',
    by: [{ test: 'tests/server/config.test.ts', has: 'explains what is wrong, in Chinese and English' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'stored only as AES-256-GCM ciphertext (`v1:<base64 iv|ciphertext|tag>`, a random IV per value) with an HMAC-SHA256 look-up hash',
    by: [{ test: 'tests/server/encryption.test.ts', has: 'seals with AES-256-GCM in the v1 format with a fresh IV each time' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'A start with another key stops with 数据加密密钥错误',
    by: [
      {
        test: 'tests/server/encryption.test.ts',
        has: 'refuses to start with another key (its check value does not open) rather than serve garbage',
      },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'On the first start after upgrading, ID numbers still in clear are encrypted in batches before the server answers (idempotent',
    by: [{ test: 'tests/server/encryption.test.ts', has: 'a second run changes nothing' }],
  },
  {
    doc: 'docs/deploy.md',
    says: 'a key is generated once into `DATA_DIR/data-encryption.key` (mode 0600) with a warning',
    by: [
      { test: 'tests/server/encryption.test.ts', has: 'is generated once into DATA_DIR/data-encryption.key (mode 0600) with a warning' },
    ],
  },

  // docs/performance.md
  {
    doc: 'docs/performance.md',
    says: "started as production starts it (`node dist/server/main.js` with the flags of the systemd unit's `ExecStart`, built first by `npm run build` when the build is missing or older than the sources; `--sources` runs `server/main.ts` through tsx)",
    by: [
      { file: 'scripts/bench-booking.ts', has: 'if (!args.sources) ensureBuilt();' },
      { file: 'scripts/bench-common.ts', has: "const nodeArgs = opts.built ? productionNodeFlags() : ['--import', 'tsx'];" },
      { file: 'scripts/bench-common.ts', has: "readFileSync(join(root, 'deploy/systemd/hukou@.service'), 'utf8')" },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'before it, `--warm-up` other users (1,000 by default) book in rushes of up to 500, each on a day of its own, against the server and the bare handler alike',
    by: [
      { file: 'scripts/bench-booking.ts', has: "'warm-up': { type: 'string', default: '1000' }," },
      { file: 'scripts/bench-booking.ts', has: 'const WARM_UP_RUSH = 500;' },
      { file: 'scripts/bench-booking.ts', has: 'const bareWarm = await rush(from, n, days[k]!, true);' },
    ],
  },
  {
    doc: 'UPGRADING.md',
    says: '`hukou@.service` and the Dockerfile start node with `--max-semi-space-size=64`',
    by: [
      {
        file: 'deploy/systemd/hukou@.service',
        has: 'ExecStart=/usr/bin/node --enable-source-maps --max-semi-space-size=64 dist/server/main.js',
      },
      { file: 'deploy/Dockerfile', has: 'CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "dist/server/main.js"]' },
    ],
  },
  {
    doc: 'docs/deploy.md',
    says: 'They also run it with `--max-semi-space-size=64`',
    by: [
      {
        file: 'deploy/systemd/hukou@.service',
        has: 'ExecStart=/usr/bin/node --enable-source-maps --max-semi-space-size=64 dist/server/main.js',
      },
      { file: 'deploy/Dockerfile', has: 'CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "dist/server/main.js"]' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'a fresh browser per run, the sites taking turns run by run, the median of 5',
    by: [
      { file: 'scripts/bench-phone.ts', has: "runs: { type: 'string', default: '5' }," },
      { file: 'scripts/bench-phone.ts', has: 'for (let i = 0; i < RUNS; i++) { for (const target of sites) {' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'The page itself reports the moment (a check every frame, sent as a console message to the DevTools protocol): nothing of the harness runs in the page while it loads.',
    by: [
      { file: 'scripts/bench-phone.ts', has: 'const report = console.debug.bind(console);' },
      { file: 'scripts/bench-phone.ts', has: 'else requestAnimationFrame(check);' },
      { file: 'scripts/bench-phone.ts', has: "const usable = page.waitForEvent('console'," },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: "A page without such calls (every page but home and the borrow form: sign-in, registration, the other services' pages) does not read the stored session at all",
    by: [
      {
        test: 'tests/unit/early-calls.test.ts',
        has: 'does not read the stored session on a page without early calls (the sign-in page), even for someone signed in',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: '`tests/server/web.test.ts` keeps this line true',
    by: [{ test: 'tests/server/web.test.ts', has: "'../../docs/performance.md'" }],
  },
  {
    doc: 'docs/performance.md',
    says: 'a person can type into the sign-in form before any script has arrived, and the app then hydrates those nodes, keeping what was typed',
    by: [
      {
        test: 'tests/e2e/prerender.spec.ts',
        has: 'the sign-in form is typed into before the scripts arrive, and what was typed signs in once they do',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'a submit made before the app is live is held back by the boot script',
    by: [
      {
        test: 'tests/e2e/prerender.spec.ts',
        has: '登录 tapped before the scripts arrive is not sent by the browser, and is sent by the app once it is live',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'The tiles are plain links, tappable before any script',
    by: [
      {
        test: 'tests/e2e/prerender.spec.ts',
        has: 'a signed-in student opening 办事服务 cold gets their tiles in the page itself: tappable before any script, and the app keeps them',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'the API client takes that answer for its first identical call, for the same token, within 15 s',
    by: [
      { value: EARLY_TTL_MS, is: 15_000 },
      { test: 'tests/unit/early-calls.test.ts', has: 'EARLY_TTL_MS + 1' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: '`tests/e2e/service-worker.spec.ts` opens 办事服务 offline',
    by: [{ test: 'tests/e2e/service-worker.spec.ts', has: 'a signed-in student opens 办事服务 again without the network' }],
  },
  {
    doc: 'docs/performance.md',
    says: 'every phone screen stays usable at 200 % browser zoom',
    by: [{ test: 'tests/e2e/large-text.spec.ts', has: 'every screen fits, with and without 大字模式' }],
  },
  {
    doc: 'docs/performance.md',
    says: '`index.html` and the pages below are `no-cache`, hashed files under `assets/` are `immutable` for a year',
    by: [
      { test: 'tests/server/web.test.ts', has: 'serves index.html with no-cache, and every route of the app falls back to it' },
      { test: 'tests/server/web.test.ts', has: 'serves hashed assets as immutable for a year' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'smaller ones, PDFs, images and archives as they are. Compressed request bodies are not accepted',
    by: [
      { test: 'tests/server/web.test.ts', has: 'leaves an answer below 1 kB as it is' },
      { test: 'tests/server/web.test.ts', has: 'never compresses PDFs, pictures or archives, whatever their size' },
      { test: 'tests/server/web.test.ts', has: 'does not inflate compressed request bodies' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: "An operation that answers only JSON sends an API's security headers",
    by: [
      { test: 'tests/server/web.test.ts', has: 'an operation that answers only JSON sends an API’s security headers, none of a page’s' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: "**Every API answer states the caller's ceiling**",
    by: [
      {
        test: 'tests/server/rate-limit-headers.test.ts',
        has: 'a public answer, a refused one (401) and a signed-in one say the ceiling and what is left',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: '`npm test` runs Spectral with the OWASP API Security ruleset over the bundled document (`npm run api:owasp`) and fails on any finding',
    by: [{ file: 'scripts/test-all.ts', has: 'api:owasp' }],
  },
  {
    doc: 'docs/performance.md',
    says: 'first load of `/web/login` and `/web/home` (HTML + JS + CSS, with the tab bar on `/web/home`) at most 30 kB brotli and 34 kB gzip, each lazy screen (what it loads beyond the entry) at most 10 kB brotli and 11.5 kB gzip',
    by: [
      { file: 'scripts/size-check.ts', has: '30' },
      { file: 'scripts/size-check.ts', has: '11.5' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'The page is built once per list of banners (brotli 11, gzip 9) and answered with an ETag',
    by: [{ test: 'tests/server/web.test.ts', has: 'with an ETag that answers 304' }],
  },
  {
    doc: 'docs/performance.md',
    says: 'tapped sooner, the button shows that it is loading until the form can show',
    by: [
      {
        test: 'tests/unit/features/service-screen.test.tsx',
        has: 'shows the guide without the form, fetches the form once the guide is shown, and 开始办理 opens it',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'a retry after no answer is the same question; a refusal, such as a wrong image code, starts a new attempt',
    by: [{ test: 'tests/e2e/feedback.spec.ts', has: 'a question whose answer was lost is sent again and stored once' }],
  },

  {
    doc: 'docs/performance.md',
    says: 'nothing personal; a `private` answer is never kept',
    by: [{ test: 'tests/unit/service-worker.test.ts', has: 'never keeps a private page' }],
  },
  {
    doc: 'docs/performance.md',
    says: 'the API, uploads and the hashed assets (a year in the HTTP cache) are never its business',
    by: [
      {
        test: 'tests/unit/service-worker.test.ts',
        has: 'leaves the API, uploads, hashed assets and anything outside /web/ to the network',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: '`npm run build` writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy of every text file of `dist/web/`',
    by: [
      { file: 'server/lib/text-compression.ts', has: '[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY' },
      { file: 'server/lib/text-compression.ts', has: 'gzipSync(data, { level: 9 })' },
      { test: 'tests/server/web.test.ts', has: 'sends index.html compressed and no-cache, for /web/ and for every route of the app' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'Answers built per request (JSON, `/openapi.json`, `/api-docs`) above 1 kB go out brotli (quality 4) or gzip (level 6)',
    by: [
      { file: 'server/plugins/compression.ts', has: '[constants.BROTLI_PARAM_QUALITY]: 4' },
      { file: 'server/plugins/compression.ts', has: 'zlibOptions: { level: 6 }' },
      { test: 'tests/server/web.test.ts', has: 'compresses a JSON answer above 1 kB: brotli when accepted, else gzip, with Vary' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'Every string in `openapi/` has a `maxLength` (or an enum), every integer a minimum, maximum and format, every array a `maxItems`',
    by: [
      { file: '.spectral.yaml', has: "'@stoplight/spectral-owasp-ruleset'" },
      { file: 'scripts/test-all.ts', has: 'api:owasp' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'Every page starts the app with one inline script at once, and lists the entry and its first screen\'s chunks as `<link rel="modulepreload">`',
    by: [
      { test: 'tests/e2e/prerender.spec.ts', has: 'link[rel=modulepreload]' },
      { test: 'tests/server/web.test.ts', has: '<link rel="modulepreload" crossorigin (fetchpriority="low" )?href=' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'Every other route of the app has a page too (`borrow.html`, `move-out/graduate.html`…)',
    by: [{ test: 'tests/server/web.test.ts', has: 'answers /web/login and /web/move-out/graduate with the pages written for them' }],
  },
  {
    doc: 'docs/performance.md',
    says: 'the app adds the whole stylesheet right after those rules once the screen is shown',
    by: [
      {
        test: 'tests/unit/critical-css.test.ts',
        has: 'adds the listed stylesheets right after the inline rules; the toast and loading layers wait for them',
      },
      { test: 'tests/e2e/first-paint.spec.ts', has: 'looks the same before the whole stylesheet arrives as with it' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: "大字模式 (我的户籍, or WeChat's own care mode) draws every screen at 1.25×",
    by: [
      { test: 'tests/e2e/large-text.spec.ts', has: 'before.tile * 1.25' },
      { test: 'tests/unit/features/my.test.tsx', has: 'follows WeChat’s care mode until the user chooses' },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'is listed after them at low priority (`fetchpriority="low"`), and the stylesheets preloaded are only those of the first screen and its form',
    by: [{ test: 'tests/server/web.test.ts', has: "expect(borrow).not.toContain('refusal-r1.css')" }],
  },
  {
    doc: 'docs/performance.md',
    says: 'the boot script asks for the borrow count, both dictionaries of the form (`POST`s, matched by URL and body) and the borrow dates with the scripts',
    by: [
      { test: 'tests/e2e/prerender.spec.ts', has: '\'/api/dict/getSysDictByType {"dictType":"qh_hkk_reason"}\'' },
      {
        test: 'tests/unit/early-calls.test.ts',
        has: 'asks a POST with its body, and only the app’s call with the same body takes that answer',
      },
    ],
  },
  {
    doc: 'docs/performance.md',
    says: 'any other route reads them behind its screen (`loadSectors({ background })`, `tests/unit/stores.test.ts`)',
    by: [
      { test: 'tests/unit/stores.test.ts', has: 'read behind another screen, they bring no loading layer until a screen waits for them' },
      { test: 'tests/e2e/forms.spec.ts', has: 'and the screen waits only for what it shows' },
    ],
  },
  // docs/security.md
  {
    doc: 'docs/security.md',
    says: 'the development CAS, when on, answers only connections from this machine (the TCP peer, never `X-Forwarded-For`)',
    by: [{ test: 'tests/server/demo-mode.test.ts', has: 'offers the development CAS on loopback only, whatever X-Forwarded-For says' }],
  },
  {
    doc: 'docs/security.md',
    says: 'a junk or expired token counts as no token',
    by: [{ test: 'tests/server/rate-limits.test.ts', has: 'a fresh junk token per request shares the address’s allowance (no bypass)' }],
  },
  {
    doc: 'docs/security.md',
    says: '200 at once without codes check at most 3, with solved codes at most 20; 50 at the console at most 20',
    by: [
      {
        test: 'tests/server/sign-in-attacks.test.ts',
        has: '200 wrong passwords at once from 20 addresses, no image code: 3 passwords checked',
      },
      { test: 'tests/server/sign-in-attacks.test.ts', has: 'an attacker who solves every image code: 200 at once check at most 20' },
      { test: 'tests/server/sign-in-attacks.test.ts', has: 'the console: 50 wrong passwords at once check at most 20' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'a name that is no account is counted by the name, so the answers do not tell them apart',
    by: [{ test: 'tests/server/auth.test.ts', has: 'treats a name that is no account like an account (no enumeration by lockout)' }],
  },
  {
    doc: 'docs/security.md',
    says: 'The image code is asked after 3 failures of the account within an hour, or 10 failures from one address within 15 minutes.',
    by: [
      { value: [guard.CAPTCHA_AFTER, guard.IP_CAPTCHA_AFTER], is: [3, 10] },
      {
        test: 'tests/server/auth.test.ts',
        has: 'requires an image code from an address that failed 10 times within 15 minutes, whatever the account',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'Ten failures from one source lock that source out of that account for 15 minutes, each further ten twice as long (a day at most).',
    by: [
      { value: [guard.LOCK_AFTER, guard.LOCK_SECONDS, guard.MAX_LOCK_SECONDS], is: [10, 900, 86_400] },
      {
        test: 'tests/server/auth.test.ts',
        has: 'locks one source out of the account for 15 minutes after 10 failures; the owner elsewhere still signs in',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'from the 20th within the hour each waits 2, 4, 8 … up to 300 seconds',
    by: [
      { value: [guard.DELAY_AFTER, guard.MAX_DELAY_SECONDS], is: [20, 300] },
      { test: 'tests/server/sign-in-attacks.test.ts', has: 'then one per 300 s' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'an outsider can slow the guessing of an account but never keep its owner or admin01 out (tested over a 7-minute attack: the owner signs in every minute)',
    by: [
      { test: 'tests/server/sign-in-attacks.test.ts', has: 'a student signs in from their phone during and after a sustained attack' },
      { test: 'tests/server/sign-in-attacks.test.ts', has: 'admin01 signs in from their desk during and after a sustained attack' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'On a new device the owner has password retrieval by SMS, which ends every count and forgets every device',
    by: [{ test: 'tests/server/sign-in-attacks.test.ts', has: 'A new password forgets the devices' }],
  },
  {
    doc: 'docs/security.md',
    says: '(an HttpOnly, SameSite=Strict cookie `hk_device`, a random id that signs nobody in)',
    by: [{ test: 'tests/server/sign-in-attacks.test.ts', has: 'HttpOnly; SameSite=Strict' }],
  },
  {
    doc: 'docs/security.md',
    says: 'The sign-in, SMS and registration ceilings count by address whatever token the caller carries.',
    by: [
      {
        test: 'tests/server/sign-in-attacks.test.ts',
        has: 'do not grow with the tokens it carries: three accounts of its own give no more sign-in calls',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'The app shows the image-code field from the start when it will be needed',
    by: [
      { test: 'tests/e2e/foundation.spec.ts', has: 'the login page shows the image code from the start when it will be needed' },
      {
        test: 'tests/unit/features/login.test.tsx',
        has: 'shows the field as soon as a remembered name is typed, and forgets it after a success',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '**Sessions**: users 7 days, sliding; staff (办理员/管理员) end after 30 minutes idle and 12 hours after sign-in.',
    by: [
      { value: [SESSION_SECONDS, STAFF_IDLE_SECONDS, STAFF_MAX_SECONDS], is: [7 * 86_400, 1800, 12 * 3600] },
      {
        test: 'tests/server/admin-auth.test.ts',
        has: 'end after 30 minutes idle and 12 hours in all; a user session still slides for 7 days',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: "Signing out in the app also removes that user's form drafts from the device.",
    by: [
      {
        test: 'tests/unit/stores.test.ts',
        has: 'signing out removes that user’s drafts from the device, not another user’s; a 401 keeps them',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'the cookie alone gets 401 from the API; a staff, signed-out, unknown, junk or oversized value gets the page everyone gets; the token is never logged',
    by: [
      { test: 'tests/server/web.test.ts', has: 'the cookie is no API credential, and its value is never logged' },
      {
        test: 'tests/server/web.test.ts',
        has: 'no cookie, an unknown or signed-out token, a staff token, a junk or oversized value: the page everyone gets',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'An image code is a 200×80 PNG (4 characters without look-alikes such as 0/O or 1/I, case-insensitive).',
    by: [
      { value: [CAPTCHA_WIDTH, CAPTCHA_HEIGHT, CAPTCHA_LENGTH], is: [200, 80, 4] },
      { test: 'tests/server/captcha.test.ts', has: 'never uses a character that could be read as another' },
      { test: 'tests/server/captcha.test.ts', has: 'passes once and only once, in either case' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'nothing but pixels goes on the wire',
    by: [
      {
        test: 'tests/server/captcha.test.ts',
        has: 'is a PNG data URL of pixels only, from each of the three operations, with no vector path or text on the wire',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'It is valid 2 minutes and used up by its first check, right or wrong.',
    by: [
      { value: CAPTCHA_SECONDS, is: 120 },
      { test: 'tests/server/captcha.test.ts', has: 'fails when wrong, and the code is used up by the failure' },
      { test: 'tests/server/captcha.test.ts', has: 'fails after 2 minutes' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'the test `tests/server/captcha-solver.test.ts` fails above 10 %',
    by: [{ test: 'tests/server/captcha-solver.test.ts', has: '0.1' }],
  },
  {
    doc: 'docs/security.md',
    says: 'a nonce whose hash has 15 leading zero bits and fills the field with `~<nonce>`, accepted in place of the characters for that code only',
    by: [
      { value: [POW_DIFFICULTY, POW_PREFIX], is: [15, '~'] },
      { test: 'tests/server/captcha.test.ts', has: 'passes once for its own uuid, in place of the typed text' },
      { test: 'tests/e2e/captcha.spec.ts', has: '看不清？无障碍验证 fills the field' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '30 image codes a minute per operation and 300 an hour in all per address (per user when signed in), 429 beyond; pictures are drawn two at a time with at most 50 waiting (429 当前请求人数较多 beyond)',
    by: [
      { value: perMinute(LIMITS.imageCode), is: '30 a 60 s' },
      { value: IMAGE_CODE_CEILING, is: { max: 300, windowSeconds: 3600 } },
      { value: DRAWING_LINE, is: { drawing: 2, waiting: 50 } },
      {
        test: 'tests/server/captcha.test.ts',
        has: 'an address gets at most IMAGE_CODE_CEILING.max codes an hour, whichever operation; a signed-in user is counted alone',
      },
      {
        test: 'tests/server/captcha.test.ts',
        has: 'pictures are drawn a few at a time; beyond the line the answer is 429 当前请求人数较多',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '**No enumeration**: sending an SMS code answers the same for registered and unregistered phones',
    by: [{ test: 'tests/server/register.test.ts', has: 'answers known and unknown phones alike, for both scenes (no enumeration)' }],
  },
  {
    doc: 'docs/security.md',
    says: '(`verifySmsCode`, 10 a minute per address like registration)',
    by: [
      { value: perMinute(LIMITS.register), is: '10 a 60 s' },
      { test: 'tests/server/register.test.ts', has: 'validates its body and shares the registration ceiling (10 a minute per address)' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '(`phoneTicket`: that phone and scene, 10 minutes, single use, stored hashed in `phone_tickets`)',
    by: [{ test: 'tests/server/register.test.ts', has: 'the ticket works once, for its phone and its scene only, within 10 minutes' }],
  },
  {
    doc: 'docs/security.md',
    says: 'each look at what is registered still costs one SMS code',
    by: [
      { test: 'tests/server/register.test.ts', has: 'the ticket is spent before anything registered is revealed: each look costs a code' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '`PUT /api/userinfo` only sets the person type of an account that has none',
    by: [
      {
        test: 'tests/server/user.test.ts',
        has: 'an account without a person type reads rylb null, has no tiles but a prompt, and gives the type once',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'only when the 校园身份名册 holds it with the same name, the same ID number (compared by keyed hash) and the same kind of person',
    by: [
      { test: 'tests/server/register.test.ts', has: 'the roster must agree on name, ID number and the kind of person (student or staff)' },
      {
        test: 'tests/server/register.test.ts',
        has: 'never binds a number an account holds already, even with the roster name and ID number; the answer is the same',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'Single sign-on enters only the account bound to its uid',
    by: [
      {
        test: 'tests/server/cas.test.ts',
        has: 'lands only in the account bound to the uid: a number only claimed at registration is never matched',
      },
      {
        test: 'tests/server/cas.test.ts',
        has: 'binds, on first sign-on, the account holding the uid as a verified number not bound yet (roster, demo seed)',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'only an HMAC of the ID number is kept',
    by: [{ test: 'tests/server/roster.test.ts', has: 'stores only the keyed hash of the ID number' }],
  },
  {
    doc: 'docs/security.md',
    says: 'and 5 mismatches per applicant within a day (database-counted, `login_failures` key `hzcheck:u:<user id>`; a match does not reset it) stop the checks for 24 hours',
    by: [
      { value: [HEAD_CHECK_LIMIT, HEAD_CHECK_SECONDS], is: [5, 86_400] },
      {
        test: 'tests/server/movein.test.ts',
        has: 'a family member applies for themselves, proving the head by name, staff number and full ID number',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'A new ID number that another account holds is refused to staff at 已办结 (409) and never looked up for the user.',
    by: [{ test: 'tests/server/other.test.ts', has: 'an ID number another account holds: staff cannot finish it (409), the record stays' }],
  },
  {
    doc: 'docs/security.md',
    says: 'one that belongs to someone already registered at the school is refused when staff finish the move-in (409)',
    by: [
      { test: 'tests/server/movein.test.ts', has: "rejects.toMatchObject({ statusCode: 409, message: '陌生人的户口已在本校，不能办结' })" },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'any mismatch gets one answer (户主信息不匹配…, never which field)',
    by: [{ test: 'tests/server/movein.test.ts', has: 'naming a staff member tells a family member nothing about them' }],
  },
  {
    doc: 'docs/security.md',
    says: '**Logs hold no personal data or secret**: headers and bodies are not logged',
    by: [
      {
        test: 'tests/server/log-safety.test.ts',
        has: 'are censored at the top level and one level down, credential headers too, and nothing else is copied',
      },
      { test: 'tests/server/log-safety.test.ts', has: 'never reach the server’s log, whatever logs them' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'Each server test app logs at trace level and fails when its log holds a password, token, ticket, SMS code, password hash, ID number or phone that its traffic carried (`tests/server/log-watch.ts`)',
    by: [{ test: 'tests/server/log-safety.test.ts', has: 'the log watch of every server test app' }],
  },
  {
    doc: 'docs/security.md',
    says: "errors are logged without their SQL parameters or the database's detail text; every line is masked for ID and phone numbers",
    by: [
      { test: 'tests/server/log-safety.test.ts', has: 'keeps what went wrong and drops the parameters and the detail' },
      { test: 'tests/server/log-safety.test.ts', has: 'masks ID and phone numbers standing on their own, not longer numbers' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '(over 40 megapixels or 12000 px a side, or over 160 MB of decoded pixels as its bit depth and channels say: 图片尺寸过大)',
    by: [
      { value: [images.MAX_IMAGE_PIXELS, images.MAX_IMAGE_SIDE, images.MAX_DECODED_BYTES], is: [40_000_000, 12_000, 160_000_000] },
      { test: 'tests/server/uploads.test.ts', has: 'refuses by pixel count and by side: 8000×6000 (48 MP) and 12001×10 are too large' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'decoded by sharp in its own threads (two at a time, at most 20 waiting) and stored as a normalised JPEG: upright, no EXIF/GPS/ICC, at most 2000 px, quality 80',
    by: [
      { value: [images.MAX_DECODING, images.MAX_WAITING, images.STORED_IMAGE_SIDE, images.STORED_JPEG_QUALITY], is: [2, 20, 2000, 80] },
      {
        test: 'tests/server/uploads.test.ts',
        has: 'stores jpg, png and webp as a normalised JPEG: upright, EXIF gone, transparency on white, at most 2000 px',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: "One account has at most two images in that line and about six full-size photos' worth of decoding a minute",
    by: [
      { value: [images.MAX_PER_OWNER, images.DECODE_BUDGET_PER_MINUTE], is: [2, 6 * images.MAX_IMAGE_PIXELS * 3] },
      { test: 'tests/server/uploads.test.ts', has: '22 images of one student at once: 2 in line, 20 refused at once' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'a download serves the stored file, and makes a new one only when the data it shows have changed',
    by: [
      { test: 'tests/server/uploads.test.ts', has: 'two downloads a day apart serve the stored bytes, nothing decoded' },
      { test: 'tests/server/uploads.test.ts', has: 'is made again only when its data change' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'pdfkit only ever embeds JPEGs made by sharp; older photos are re-encoded with the same limits',
    by: [{ test: 'tests/server/uploads.test.ts', has: 'old uploads are never handed raw to pdfkit' }],
  },
  {
    doc: 'docs/security.md',
    says: 'answers 400 请求包含非法字符, checked once for every request',
    by: [
      { test: 'tests/server/hostile-input.test.ts', has: 'a NUL in a JSON body field, at any depth, answers 400 before the handler' },
      { test: 'tests/server/hostile-input.test.ts', has: 'a lone surrogate (not a character) answers 400 like a NUL' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'Ids are int32 (1 to 2147483647, the `Id` schema), `pageNum` is at most 100000 and `pageSize` at most 100',
    by: [
      {
        test: 'tests/server/hostile-input.test.ts',
        has: 'an id of 2^31 or 1e20 answers 400 (query, JSON body, path), the largest int32 reaches the handler',
      },
      { test: 'tests/server/hostile-input.test.ts', has: 'pageNum is at most 100000 and pageSize at most 100' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'A known path called with another method answers 405 with `Allow`.',
    by: [
      { test: 'tests/server/hostile-input.test.ts', has: 'a known path called with another method answers 405 with Allow and an envelope' },
    ],
  },
  {
    doc: 'docs/security.md',
    says: '(SQLSTATE classes 22 and 23), the answer is 400 请求参数有误 and the log says which operation and SQLSTATE',
    by: [
      {
        test: 'tests/server/hostile-input.test.ts',
        has: 'SQLSTATE classes 22 and 23 answer 400 请求参数有误, logged without the query parameters',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'and fails on any 5xx, any answer outside the document, and any value the database refused',
    by: [{ test: 'tests/server/fuzz.test.ts', has: 'answers no 5xx and nothing outside the document' }],
  },
  {
    doc: 'docs/security.md',
    says: 'An error inside a request is answered 500 (系统繁忙，请稍后再试) and logged; the process goes on.',
    by: [{ test: 'tests/server/plugins.test.ts', has: 'unexpected errors become a generic 500 envelope without detail' }],
  },
  {
    doc: 'docs/security.md',
    says: 'An uncaught exception or unhandled rejection outside any request is logged at level fatal with its stack, and the process exits with code 1',
    by: [
      { test: 'tests/server/process-guards.test.ts', has: 'logs an unhandled rejection (whatever its reason) and exits with code 1' },
      {
        test: 'tests/server/process-guards.test.ts',
        has: 'in a real process: an exception thrown in a callback is logged with its stack by pino and the exit code is 1',
      },
    ],
  },
  {
    doc: 'docs/security.md',
    says: 'A PGlite lock left by the dead process is taken over at the next start.',
    by: [{ test: 'tests/server/config.test.ts', has: 'refuses a lock held by another live process, takes over a stale one' }],
  },
];

describe('the docs', () => {
  const text = new Map(DOCS.map((doc) => [doc, flat(read(doc))]));

  describe.each(claims.map((claim) => [`${claim.doc}: ${claim.says.slice(0, 90)}`, claim] as const))('%s', (_name, claim) => {
    it('is still what the doc says, and is checked', () => {
      expect(text.get(claim.doc), 'the doc no longer says this: change the entry with the doc').toContain(flat(claim.says));
      for (const evidence of claim.by) {
        if ('value' in evidence) {
          expect(evidence.value).toEqual(evidence.is);
        } else {
          const path = 'test' in evidence ? evidence.test : evidence.file;
          expect(existsSync(join(root, path)), `${path} exists`).toBe(true);
          expect(flat(read(path)), `${path} holds what checks the claim`).toContain(flat(evidence.has));
        }
      }
    });
  });

  it('name only files and commands that exist', () => {
    const missing: string[] = [];
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const doc of DOCS) {
      const body = read(doc);
      for (const [, quoted] of body.matchAll(/`([^`\n]+)`/g)) {
        if (
          /^(tests|scripts|server|src|shared|deploy|openapi|public|docs|\.ci)\/[\w./@-]+$/.test(quoted!) &&
          !existsSync(join(root, quoted!))
        )
          missing.push(`${doc}: ${quoted}`);
      }
      for (const [, name] of body.matchAll(/npm run ([a-z][\w:-]*)/g)) if (!scripts[name!]) missing.push(`${doc}: npm run ${name}`);
      for (const [, link] of body.matchAll(/\]\(([^)#\s]+)\)/g)) {
        if (/^https?:/.test(link!)) continue;
        // A link is read from the doc's own folder, as a browser or a forge resolves it.
        if (!existsSync(join(root, doc.includes('/') ? 'docs' : '', link!))) missing.push(`${doc}: link ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('README: the demo accounts are the demo seed’s, with its password', () => {
    const body = read('README.md');
    expect(body).toContain(`use the password \`${demoPassword}\``);
    const rows = [...body.matchAll(/^\| [^|(]*\((\d)[^|]* \| (\S+) \| (1\d{10}) \| (\d+|—) \|$/gm)];
    expect(rows).toHaveLength(demoAccounts.length);
    for (const [, rylb, name, phone, number] of rows) {
      const account = demoAccounts.find((a) => a.phone === phone);
      expect(account, phone).toBeDefined();
      expect([account!.rylb, account!.xm, account!.xh ?? account!.gzzh ?? '—']).toEqual([rylb, name, number]);
    }
    for (const staff of demoStaff) expect(body).toMatch(new RegExp(`\\| \`${staff.username}\` \\| ${staff.name} \\|`));
  });

  it('deploy.md: the table of environment variables is the server’s, defaults included', () => {
    const section = read('docs/deploy.md').split('## Environment variables')[1]!.split('\n## ')[0]!;
    const rows = [...section.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \| ([^|]*) \|/gm)];
    const documented = new Map<string, string>();
    for (const [, names, defaults] of rows) {
      const list = [...names!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!);
      const values = defaults!.split(',').map((d) => d.trim());
      list.forEach((name, i) => documented.set(name, values.length === list.length ? values[i]! : defaults!.trim()));
    }
    const entries = EnvSchema.entries as Record<string, v.GenericSchema & { default?: unknown }>;
    expect([...documented.keys()].sort()).toEqual(Object.keys(entries).sort());
    for (const [name, shown] of documented) {
      const plain = /^`([^`]*)`$/.exec(shown);
      if (!plain) continue; // a default that differs by NODE_ENV is checked below, by what loadConfig makes of it
      expect(entries[name]!.default, name).toBe(plain[1]);
    }
    expect(loadConfig(prod)).toMatchObject({ shutdownDrainSeconds: 3, loadShedEventLoopDelayMs: 1000 });
    expect(loadConfig({})).toMatchObject({ shutdownDrainSeconds: 0, loadShedEventLoopDelayMs: 0 });
  });
});
