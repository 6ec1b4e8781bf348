// At start, after the migrations: the data key must open the database's check value (a wrong key stops the server
// instead of serving garbage), then ID numbers still stored in clear — users.id_number and any field named sfzjh in
// application answers, as written before encryption at rest — are encrypted and hashed, in batches. Idempotent: a
// second run finds nothing to do. The key is not available to SQL migrations, hence this step in the server.
import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import { FieldCipher, FieldCryptoError, hasClearIdNumber, isSealed, normaliseIdNumber } from '../lib/field-crypto.ts';
import type { Database } from './client.ts';
import { applications, settings, users } from './schema.ts';

/** The settings row holding a known text sealed with the data key. */
export const KEY_CHECK_SETTING = 'dataEncryption.check';
const CHECK_TEXT = 'hukou data encryption key check';
const BATCH = 500;

interface StepLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** The data key does not open what this database was encrypted with. */
export class DataKeyError extends ConfigError {}

const wrongKey = () =>
  new DataKeyError(
    '数据加密密钥错误：DATA_ENCRYPTION_KEY 无法解开本数据库中已加密的数据，服务未启动。请使用加密这些数据时的密钥。\n' +
      '(wrong data encryption key: DATA_ENCRYPTION_KEY does not open the data of this database; start with the key it was encrypted with)',
  );

/** Writes the check value on first use, else opens it: a different key is refused. */
export async function verifyDataKey(db: Database, cipher: FieldCipher): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY_CHECK_SETTING, value: { v1: cipher.encrypt(CHECK_TEXT) } })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY_CHECK_SETTING));
  const sealed = (row?.value as { v1?: unknown } | undefined)?.v1;
  try {
    if (typeof sealed !== 'string' || cipher.decrypt(sealed) !== CHECK_TEXT) throw wrongKey();
  } catch (err) {
    if (err instanceof FieldCryptoError) throw wrongKey();
    throw err;
  }
}

/** users.id_number: clear values (or sealed ones without a hash) sealed and hashed; returns how many rows changed. */
async function encryptUsers(db: Database, cipher: FieldCipher, log?: StepLog): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, idNumber: users.idNumber })
      .from(users)
      .where(and(gt(users.id, after), isNotNull(users.idNumber), or(sql`${users.idNumber} not like 'v1:%'`, isNull(users.idNumberHash))))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (!rows.length) return changed;
    after = rows[rows.length - 1]!.id;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const stored = row.idNumber!;
        const plain = isSealed(stored) ? cipher.decrypt(stored) : normaliseIdNumber(stored);
        const sealed = cipher.sealIdNumber(plain);
        const idNumber = isSealed(stored) ? stored : sealed.idNumber;
        const [holder] = sealed.idNumberHash
          ? await tx
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.idNumberHash, sealed.idNumberHash), ne(users.id, row.id)))
          : [];
        if (holder) {
          // Two accounts with one ID number (possible before): the first keeps the look-up, this one is only encrypted.
          log?.warn(`users ${holder.id} and ${row.id} have the same ID number: only user ${holder.id} is found by it; merge the accounts`);
          if (idNumber === stored) continue;
        }
        await tx
          .update(users)
          .set(holder ? { idNumber } : { idNumber, idNumberHash: sealed.idNumberHash })
          .where(and(eq(users.id, row.id), eq(users.idNumber, stored)));
        changed += 1;
      }
    });
  }
}

/** Application answers with some field named sfzjh or …sfzjh (isIdNumberField), at any depth, not sealed yet. */
const clearAnswers = sql`jsonb_path_exists(${applications.answers}, '$.** ? (@.type() == "object").keyvalue() ? (@.key like_regex "sfzjh$" flag "i" && @.value.type() == "string" && @.value != "" && !(@.value starts with "v1:"))')`;

async function encryptApplications(db: Database, cipher: FieldCipher): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: applications.id, answers: applications.answers })
      .from(applications)
      .where(and(gt(applications.id, after), clearAnswers))
      .orderBy(asc(applications.id))
      .limit(BATCH);
    if (!rows.length) return changed;
    after = rows[rows.length - 1]!.id;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        if (!hasClearIdNumber(row.answers)) continue;
        await tx
          .update(applications)
          .set({ answers: cipher.sealAnswers(row.answers) })
          .where(and(eq(applications.id, row.id), sql`${applications.answers} = ${JSON.stringify(row.answers)}::jsonb`));
        changed += 1;
      }
    });
  }
}

/**
 * Checks the key, then encrypts what is still in clear. When rows changed, the tables are rewritten (VACUUM FULL)
 * so the old row versions holding the clear values leave the table files.
 */
export async function prepareFieldEncryption(
  db: Database,
  cipher: FieldCipher,
  log?: StepLog,
): Promise<{ users: number; applications: number }> {
  await verifyDataKey(db, cipher);
  const result = { users: await encryptUsers(db, cipher, log), applications: await encryptApplications(db, cipher) };
  if (result.users || result.applications) {
    log?.info(`ID numbers encrypted at rest: ${result.users} accounts, ${result.applications} applications`);
    for (const table of [result.users ? 'users' : null, result.applications ? 'applications' : null].filter(Boolean)) {
      try {
        await db.execute(sql.raw(`vacuum full ${table}`));
      } catch {
        log?.warn(`could not VACUUM FULL ${table}: old row versions may keep clear ID numbers until the table is vacuumed`);
      }
    }
  }
  return result;
}
