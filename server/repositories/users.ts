import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { householdRecords, users } from '../db/schema.ts';
import { fieldCipher } from '../lib/field-crypto.ts';
import { maskIdNumber } from '../lib/masks.ts';
import { sessionsChanged } from './session-events.ts';
import { sessionCache } from '../lib/session-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type HouseholdRow = typeof householdRecords.$inferSelect;

/** The key of a user's record (users row and household record) among their cached data (session-cache.ts). */
export const USER_RECORD = 'record';

/** The stored (sealed) ID number of a row openUser opened: the key of its masked form (maskedIdNumber). */
const SEALED_ID_NUMBER = Symbol('sealed idNumber');
/** The ID number once opened (or assigned), beside it; both non-enumerable, so copies of the row never carry them. */
const OPENED_ID_NUMBER = Symbol('opened idNumber');

type OpenedRow = { [SEALED_ID_NUMBER]: string; [OPENED_ID_NUMBER]?: { value: string | null } };

/** One getter and setter for every opened row (one shape for them all, unlike a pair of closures per row). */
const ID_NUMBER_ACCESSOR: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: OpenedRow) {
    let opened = this[OPENED_ID_NUMBER];
    if (opened === undefined) {
      opened = { value: fieldCipher().decrypt(this[SEALED_ID_NUMBER]) };
      Object.defineProperty(this, OPENED_ID_NUMBER, { value: opened, writable: true });
    }
    return opened.value;
  },
  set(this: OpenedRow, value: string | null) {
    Object.defineProperty(this, OPENED_ID_NUMBER, { value: { value }, writable: true });
  },
};

/**
 * A row as services see it: the ID number opened (on first read, once). Every query returning users rows passes
 * them through here (also the joins of the sessions and admin repositories). The getter and setter are shared
 * (the row holds the sealed value): a pair of closures per row (openLazily) cost 1.9 µs per row, this 0.7 µs, on
 * every cached read of a user's record.
 */
export function openUser<T extends { idNumber: string | null }>(row: T): T;
export function openUser<T extends { idNumber: string | null }>(row: T | undefined | null): T | null;
export function openUser<T extends { idNumber: string | null }>(row: T | undefined | null): T | null {
  if (!row) return null;
  if (row.idNumber === null) return row;
  fieldCipher(); // set up, or this throws now rather than on the first read
  Object.defineProperty(row, SEALED_ID_NUMBER, { value: row.idNumber });
  Object.defineProperty(row, 'idNumber', ID_NUMBER_ACCESSOR);
  return row;
}

const maskedBySealed = new Map<string, string | null>();
const MASKED_KEPT = 10_000;

/**
 * The ID number as screens show it (maskIdNumber: 110101********1234), opened once per stored value and kept masked,
 * rather than decrypted on every read of a cached record (a tenth of a cached user-info request's CPU went to
 * AES-GCM). Only masked forms are kept (at most MASKED_KEPT, the oldest dropped), never the number itself.
 */
export function maskedIdNumber(user: { idNumber: string | null }): string | null {
  const sealed = (user as { [SEALED_ID_NUMBER]?: string })[SEALED_ID_NUMBER];
  if (sealed === undefined) return maskIdNumber(user.idNumber);
  let masked = maskedBySealed.get(sealed);
  if (masked === undefined) {
    masked = maskIdNumber(user.idNumber);
    if (maskedBySealed.size >= MASKED_KEPT) maskedBySealed.delete(maskedBySealed.keys().next().value!);
    maskedBySealed.set(sealed, masked);
  }
  return masked;
}

/** Values to write: a plain idNumber becomes its ciphertext and hash (the hash is never set otherwise). */
export function sealUser<T extends Partial<NewUser>>(values: T): T {
  const { idNumberHash: _ignored, ...rest } = values;
  if (!('idNumber' in values)) return rest as T;
  return { ...rest, ...fieldCipher().sealIdNumber(values.idNumber) } as T;
}

/** The look-up key of an ID number. */
const byIdNumber = (idNumber: string) => eq(users.idNumberHash, fieldCipher().hash(idNumber));

export const usersRepo = (db: Executor) => ({
  async findById(id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return openUser(row);
  },

  /** A sign-in name is a phone, a verified student number or a verified staff number (in that order of precedence). */
  async findByLoginName(name: string): Promise<UserRow | null> {
    const rows = await db
      .select()
      .from(users)
      .where(or(eq(users.phone, name), eq(users.studentNo, name), eq(users.staffNo, name)));
    return openUser(rows.find((u) => u.phone === name) ?? rows.find((u) => u.studentNo === name) ?? rows[0]);
  },

  async findByPhone(phone: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    return openUser(row);
  },

  /** By the keyed hash of the number (the column holds ciphertext). */
  async findByIdNumber(idNumber: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(byIdNumber(idNumber));
    return openUser(row);
  },

  /** Single sign-on finds only the account bound to its uid (never one by a number typed at registration). */
  async findByCasUid(uid: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.casUid, uid));
    return openUser(row);
  },

  /** Accounts that typed one of these numbers at registration and are bound to no campus number yet. */
  async claimantsOf(nos: readonly string[]): Promise<UserRow[]> {
    if (!nos.length) return [];
    const rows = await db
      .select()
      .from(users)
      .where(
        and(
          inArray(users.claimedNo, [...nos]),
          eq(users.role, 'user'),
          isNull(users.casUid),
          isNull(users.studentNo),
          isNull(users.staffNo),
        ),
      );
    return rows.map((r) => openUser(r));
  },

  /** By a verified student or staff number (a number only claimed at registration is never found). */
  async findByStudentOrStaffNo(no: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(or(eq(users.studentNo, no), eq(users.staffNo, no)));
    return openUser(row);
  },

  async create(values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(sealUser(values)).returning();
    return openUser(row!);
  },

  async update(id: number, patch: Partial<NewUser>): Promise<UserRow | null> {
    const [row] = await db
      .update(users)
      .set({ ...sealUser(patch), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    // A signed-in request carries the user's name, role and person type from the session cache.
    await sessionsChanged(db, `u:${id}`);
    return openUser(row);
  },

  async updateHousehold(userId: number, patch: Partial<typeof householdRecords.$inferInsert>): Promise<void> {
    await db
      .update(householdRecords)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(householdRecords.userId, userId));
    await sessionsChanged(db, `u:${userId}`);
  },

  /** Creates the record of a user or replaces its fields (a move-in that is finished). */
  async upsertHousehold(values: typeof householdRecords.$inferInsert): Promise<void> {
    const { userId: _userId, ...patch } = values;
    await db
      .insert(householdRecords)
      .values(values)
      .onConflictDoUpdate({ target: householdRecords.userId, set: { ...patch, updatedAt: new Date() } });
    await sessionsChanged(db, `u:${values.userId}`);
  },

  /** The family members registered with a staff member (rylb 5 accounts whose household head they are). */
  async familyOf(headId: number): Promise<{ user: UserRow; household: HouseholdRow | null }[]> {
    const rows = await db
      .select()
      .from(users)
      .leftJoin(householdRecords, eq(householdRecords.userId, users.id))
      .where(eq(users.familyOfUserId, headId))
      .orderBy(asc(users.id));
    return rows.map((r) => ({ user: openUser(r.users), household: r.household_records }));
  },

  /** Every account of one person (the same ID number). */
  async idsByIdNumber(idNumber: string): Promise<number[]> {
    const rows = await db.select({ id: users.id }).from(users).where(byIdNumber(idNumber));
    return rows.map((r) => r.id);
  },

  /** The user and their household record in one round trip (the hot reads: user info, home tiles). */
  async withHousehold(userId: number): Promise<{ user: UserRow; household: HouseholdRow | null } | null> {
    // Kept per instance like the session (server/lib/session-cache.ts; never inside a transaction): each caller gets
    // its own copies, the ID number opened on first read as always. The loader is passed inline: a named closure
    // (`const load = …`) is wrapped by esbuild's keepNames helper on every call under tsx, as bench:read runs the server.
    const row = await sessionCache.userData(db, userId, USER_RECORD, async () => {
      const statement = prepared(db, 'user_with_household', (name) =>
        db
          .select({ user: users, household: householdRecords })
          .from(users)
          .leftJoin(householdRecords, eq(householdRecords.userId, users.id))
          .where(eq(users.id, sql.placeholder('userId')))
          .prepare(name),
      );
      const [found] = await statement.execute({ userId });
      return found ?? null;
    });
    return row ? { user: openUser({ ...row.user }), household: row.household && { ...row.household } } : null;
  },

  async household(userId: number): Promise<HouseholdRow | null> {
    const [row] = await db.select().from(householdRecords).where(eq(householdRecords.userId, userId));
    return row ?? null;
  },
});
