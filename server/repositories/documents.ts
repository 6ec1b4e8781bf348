// 电子证明: the documents the office issued, looked up by verification code (the public check), by application (the
// student, the console) and by stored file (a voucher served from storage).
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { documents, settings } from '../db/schema.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentKind = 'hjzm' | 'hkk' | 'hzsy';

const SIGNING_KEY = 'signing.self-signed';

export const documentsRepo = (db: Executor) => ({
  /** The server's self-signed signing key (sealed), read past the settings cache: instances must agree on one. */
  async selfSignedKey(): Promise<unknown> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SIGNING_KEY));
    return row?.value ?? null;
  },

  /** Keeps a self-signed key unless one is kept already (of instances starting at once, one keeps theirs). */
  async keepSelfSignedKey(value: unknown): Promise<void> {
    await db.insert(settings).values({ key: SIGNING_KEY, value }).onConflictDoNothing({ target: settings.key });
  },

  /** Records an issued document, unless its stored file already has one (another instance made the same edition). */
  async insert(row: typeof documents.$inferInsert): Promise<DocumentRow | null> {
    const [inserted] = await db.insert(documents).values(row).onConflictDoNothing({ target: documents.storedName }).returning();
    return inserted ?? null;
  },

  async findByCode(code: string): Promise<DocumentRow | null> {
    const [row] = await db.select().from(documents).where(eq(documents.code, code));
    return row ?? null;
  },

  async findById(id: number): Promise<DocumentRow | null> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id));
    return row ?? null;
  },

  async findByStoredName(storedName: string): Promise<DocumentRow | null> {
    const [row] = await db.select().from(documents).where(eq(documents.storedName, storedName));
    return row ?? null;
  },

  /** Every edition of an application's documents, newest first. */
  async ofApplication(applicationId: number): Promise<DocumentRow[]> {
    return db
      .select()
      .from(documents)
      .where(eq(documents.applicationId, applicationId))
      .orderBy(desc(documents.issuedAt), desc(documents.id));
  },

  /** The newest edition of one document of an application (revoked or not), or null. */
  async latest(applicationId: number, kind: DocumentKind): Promise<DocumentRow | null> {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, applicationId), eq(documents.kind, kind)))
      .orderBy(desc(documents.issuedAt), desc(documents.id))
      .limit(1);
    return row ?? null;
  },

  /** Marks the earlier editions of a document as replaced by `by` (the ones not revoked and not replaced yet). */
  async replaceEarlier(applicationId: number, kind: DocumentKind, by: number): Promise<void> {
    await db
      .update(documents)
      .set({ replacedBy: by })
      .where(
        and(
          eq(documents.applicationId, applicationId),
          eq(documents.kind, kind),
          isNull(documents.replacedBy),
          isNull(documents.revokedAt),
          ne(documents.id, by),
        ),
      );
  },

  /** Revokes a document that is in force; null when it was revoked or replaced already. */
  async revoke(id: number, by: number, reason: string, at: Date): Promise<DocumentRow | null> {
    const [row] = await db
      .update(documents)
      .set({ revokedAt: at, revokedBy: by, revokeReason: reason })
      .where(and(eq(documents.id, id), isNull(documents.revokedAt), isNull(documents.replacedBy)))
      .returning();
    return row ?? null;
  },
});
