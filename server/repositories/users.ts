import { asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { householdRecords, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type HouseholdRow = typeof householdRecords.$inferSelect;

export const usersRepo = (db: Executor) => ({
  async findById(id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  },

  /** A sign-in name is a phone, a student number or a staff number (in that order of precedence). */
  async findByLoginName(name: string): Promise<UserRow | null> {
    const rows = await db
      .select()
      .from(users)
      .where(or(eq(users.phone, name), eq(users.studentNo, name), eq(users.staffNo, name)));
    return rows.find((u) => u.phone === name) ?? rows.find((u) => u.studentNo === name) ?? rows[0] ?? null;
  },

  async findByPhone(phone: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    return row ?? null;
  },

  async findByIdNumber(idNumber: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.idNumber, idNumber));
    return row ?? null;
  },

  /** CAS user names match a student or staff number (or an account created by CAS earlier). */
  async findByCasUid(uid: string): Promise<UserRow | null> {
    const rows = await db
      .select()
      .from(users)
      .where(or(eq(users.casUid, uid), eq(users.studentNo, uid), eq(users.staffNo, uid)));
    return rows.find((u) => u.casUid === uid) ?? rows[0] ?? null;
  },

  async findByStudentOrStaffNo(no: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(or(eq(users.studentNo, no), eq(users.staffNo, no)));
    return row ?? null;
  },

  async create(values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(id: number, patch: Partial<NewUser>): Promise<UserRow | null> {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  },

  async updateHousehold(userId: number, patch: Partial<typeof householdRecords.$inferInsert>): Promise<void> {
    await db
      .update(householdRecords)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(householdRecords.userId, userId));
  },

  /** Creates the record of a user or replaces its fields (a move-in that is finished). */
  async upsertHousehold(values: typeof householdRecords.$inferInsert): Promise<void> {
    const { userId: _userId, ...patch } = values;
    await db
      .insert(householdRecords)
      .values(values)
      .onConflictDoUpdate({ target: householdRecords.userId, set: { ...patch, updatedAt: new Date() } });
  },

  /** The family members registered with a staff member (rylb 5 accounts whose household head they are). */
  async familyOf(headId: number): Promise<{ user: UserRow; household: HouseholdRow | null }[]> {
    const rows = await db
      .select()
      .from(users)
      .leftJoin(householdRecords, eq(householdRecords.userId, users.id))
      .where(eq(users.familyOfUserId, headId))
      .orderBy(asc(users.id));
    return rows.map((r) => ({ user: r.users, household: r.household_records }));
  },

  /** Every account of one person (the same ID number). */
  async idsByIdNumber(idNumber: string): Promise<number[]> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.idNumber, idNumber));
    return rows.map((r) => r.id);
  },

  async household(userId: number): Promise<HouseholdRow | null> {
    const [row] = await db.select().from(householdRecords).where(eq(householdRecords.userId, userId));
    return row ?? null;
  },
});
