// 校园身份名册: the campus numbers the office imports. Only the keyed hash of an ID number is stored; callers pass
// plain ID numbers and the hash is made here (the same HMAC as users.id_number_hash).
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { campusRoster, users } from '../db/schema.ts';
import { fieldCipher } from '../lib/field-crypto.ts';

export type RosterRow = typeof campusRoster.$inferSelect;

export interface RosterEntry {
  campusNo: string;
  personType: string;
  name: string;
  /** Plain: hashed before it is stored or compared. */
  idNumber: string;
}

export interface RosterSaved {
  /** Numbers new to the roster. */
  imported: string[];
  /** Numbers whose person type, name or ID number changed. */
  updated: string[];
  /** Numbers already in the roster as given. */
  unchanged: string[];
}

const CHUNK = 1000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export const rosterRepo = (db: Executor) => ({
  async find(campusNo: string): Promise<RosterRow | null> {
    const [row] = await db.select().from(campusRoster).where(eq(campusRoster.campusNo, campusNo));
    return row ?? null;
  },

  async findMany(campusNos: readonly string[]): Promise<RosterRow[]> {
    const rows: RosterRow[] = [];
    for (const part of chunks([...new Set(campusNos)]))
      rows.push(...(await db.select().from(campusRoster).where(inArray(campusRoster.campusNo, part))));
    return rows;
  },

  /** Whether a roster row holds this ID number (compared by keyed hash). */
  holdsIdNumber(row: RosterRow, idNumber: string): boolean {
    return row.idNumberHash === fieldCipher().hash(idNumber);
  },

  /** Adds new numbers and replaces changed ones (rows must have distinct numbers). */
  async save(entries: readonly RosterEntry[], now: Date): Promise<RosterSaved> {
    const cipher = fieldCipher();
    const wanted = entries.map((e) => ({
      campusNo: e.campusNo,
      personType: e.personType,
      name: e.name,
      idNumberHash: cipher.hash(e.idNumber),
    }));
    const existing = new Map((await this.findMany(wanted.map((w) => w.campusNo))).map((r) => [r.campusNo, r]));
    const saved: RosterSaved = { imported: [], updated: [], unchanged: [] };
    const fresh: typeof wanted = [];
    for (const w of wanted) {
      const old = existing.get(w.campusNo);
      if (!old) {
        fresh.push(w);
        saved.imported.push(w.campusNo);
      } else if (old.personType === w.personType && old.name === w.name && old.idNumberHash === w.idNumberHash) {
        saved.unchanged.push(w.campusNo);
      } else {
        await db
          .update(campusRoster)
          .set({ personType: w.personType, name: w.name, idNumberHash: w.idNumberHash, updatedAt: now })
          .where(eq(campusRoster.campusNo, w.campusNo));
        saved.updated.push(w.campusNo);
      }
    }
    // A number added meanwhile by another import is simply replaced (the last import wins).
    for (const part of chunks(fresh)) {
      await db
        .insert(campusRoster)
        .values(part.map((w) => ({ ...w, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: campusRoster.campusNo,
          set: {
            personType: sql`excluded.person_type`,
            name: sql`excluded.name`,
            idNumberHash: sql`excluded.id_number_hash`,
            updatedAt: now,
          },
        });
    }
    return saved;
  },

  /** How many numbers the roster holds (students apart), and how many accounts have a number not verified yet. */
  async counts(studentTypes: readonly string[]): Promise<{ total: number; students: number; unverifiedAccounts: number }> {
    const [all] = await db.select({ n: count() }).from(campusRoster);
    const [students] = await db
      .select({ n: count() })
      .from(campusRoster)
      .where(inArray(campusRoster.personType, [...studentTypes]));
    const [claims] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'user'), isNotNull(users.claimedNo), isNull(users.casUid)));
    return { total: all?.n ?? 0, students: students?.n ?? 0, unverifiedAccounts: claims?.n ?? 0 };
  },
});
