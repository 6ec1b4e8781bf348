// Announcements with their files, public downloads, notices and uploads.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { contains, offsetOf, type Page } from './query.ts';
import { cachedRead, referenceChanged, sessionsChanged } from './session-events.ts';
import { deepFreeze } from '../lib/reference-cache.ts';
import { sessionCache } from '../lib/session-cache.ts';
import { announcements, fileBlobs, notices, publicFiles, uploads } from '../db/schema.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type PublicFileRow = typeof publicFiles.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type { Page } from './query.ts';
export type FileSummary = Pick<PublicFileRow, 'fileName' | 'displayName' | 'size' | 'announcementId'>;

export const announcementsRepo = (db: Executor) => ({
  /** Published ones, pinned first then latest; with drafts for the console. */
  async page(page: Page, keyword?: string, withDrafts = false) {
    const where = and(
      withDrafts ? undefined : eq(announcements.published, true),
      keyword ? ilike(announcements.title, contains(keyword)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(announcements)
        .where(where)
        .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(announcements).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async attachmentsOf(ids: number[]): Promise<FileSummary[]> {
    if (!ids.length) return [];
    return db
      .select({
        fileName: publicFiles.fileName,
        displayName: publicFiles.displayName,
        size: publicFiles.size,
        announcementId: publicFiles.announcementId,
      })
      .from(publicFiles)
      .where(and(eq(publicFiles.kind, 'announcement'), inArray(publicFiles.announcementId, ids)))
      .orderBy(asc(publicFiles.sort), asc(publicFiles.id));
  },

  async find(id: number) {
    const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
    return row ?? null;
  },

  async create(values: typeof announcements.$inferInsert) {
    const [row] = await db.insert(announcements).values(values).returning();
    return row!;
  },

  async update(id: number, values: Partial<typeof announcements.$inferInsert>) {
    const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
    return row ?? null;
  },

  async delete(id: number): Promise<boolean> {
    const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
    // Its attachments (public_files rows) go with it.
    await referenceChanged(db, 'public_files');
    return rows.length > 0;
  },

  async deleteFile(announcementId: number, fileName: string): Promise<boolean> {
    const rows = await db
      .delete(publicFiles)
      .where(and(eq(publicFiles.kind, 'announcement'), eq(publicFiles.announcementId, announcementId), eq(publicFiles.fileName, fileName)))
      .returning({ id: publicFiles.id });
    await referenceChanged(db, 'public_files');
    return rows.length > 0;
  },
});

export const publicFilesRepo = (db: Executor) => ({
  async listKind(kind: string): Promise<FileSummary[]> {
    return cachedRead(db, 'public_files', kind, () =>
      db
        .select({
          fileName: publicFiles.fileName,
          displayName: publicFiles.displayName,
          size: publicFiles.size,
          announcementId: publicFiles.announcementId,
        })
        .from(publicFiles)
        .where(eq(publicFiles.kind, kind))
        .orderBy(asc(publicFiles.sort), asc(publicFiles.id)),
    );
  },

  /** A file of a kind by name; announcement attachments only while their announcement is published. */
  async find(kind: string, fileName: string): Promise<PublicFileRow | null> {
    const [row] = await db
      .select({ file: publicFiles, published: announcements.published })
      .from(publicFiles)
      .leftJoin(announcements, eq(announcements.id, publicFiles.announcementId))
      .where(and(eq(publicFiles.kind, kind), eq(publicFiles.fileName, fileName)));
    if (!row) return null;
    if (kind === 'announcement' && row.published !== true) return null;
    return row.file;
  },

  async add(values: typeof publicFiles.$inferInsert) {
    const [row] = await db.insert(publicFiles).values(values).returning();
    await referenceChanged(db, 'public_files');
    return row!;
  },
});

export interface NoticeFilter {
  type?: string;
  isRead?: '0' | '1';
}

async function noticePage(db: Executor, userId: number, filter: NoticeFilter, page: Page): Promise<{ rows: NoticeRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(notices.userId, userId)];
  if (filter.type) conditions.push(eq(notices.type, filter.type));
  if (filter.isRead === '0') conditions.push(isNull(notices.readAt));
  if (filter.isRead === '1') conditions.push(gte(notices.readAt, new Date(0)));
  const where = and(...conditions);
  // The page and the total in one query (the home screen asks for the unread count on every visit); the total is
  // counted apart only for a page past the end.
  const found = await db
    .select({ notice: notices, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notices)
    .where(where)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  if (found.length) return { rows: found.map((r) => r.notice), total: found[0]!.total };
  if (offsetOf(page) === 0) return { rows: [], total: 0 };
  const [total] = await db.select({ n: count() }).from(notices).where(where);
  return { rows: [], total: total?.n ?? 0 };
}

export const noticesRepo = (db: Executor) => ({
  /** Kept per instance with the user's other data (session-cache.ts userData); create and markRead evict it. */
  async page(userId: number, filter: NoticeFilter, page: Page): Promise<{ rows: NoticeRow[]; total: number }> {
    const key = `notices:${filter.type ?? ''}|${filter.isRead ?? ''}|${page.pageNum}|${page.pageSize}`;
    return sessionCache.userData(db, userId, key, async () => deepFreeze(await noticePage(db, userId, filter, page)));
  },

  async create(values: typeof notices.$inferInsert): Promise<NoticeRow> {
    const [row] = await db.insert(notices).values(values).returning();
    await sessionsChanged(db, `d:${values.userId}`);
    return row!;
  },

  /** Marks the user's own notices read (ids of other users are ignored). */
  async markRead(userId: number, ids: number[] | 'all', now: Date): Promise<void> {
    const mine = and(eq(notices.userId, userId), isNull(notices.readAt));
    await db
      .update(notices)
      .set({ readAt: now })
      .where(ids === 'all' ? mine : and(mine, inArray(notices.id, ids.length ? ids : [-1])));
    await sessionsChanged(db, `d:${userId}`);
  },

  async unreadCount(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return row?.n ?? 0;
  },
});

export const uploadsRepo = (db: Executor) => ({
  async create(values: typeof uploads.$inferInsert): Promise<UploadRow> {
    const [row] = await db.insert(uploads).values(values).returning();
    return row!;
  },

  async findById(id: string): Promise<UploadRow | null> {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    return row ?? null;
  },

  async findByOwnerAndHash(ownerId: number, hash: string): Promise<UploadRow | null> {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.ownerId, ownerId), eq(uploads.sha256, hash)))
      .limit(1);
    return row ?? null;
  },

  async countByOwnerSince(ownerId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.ownerId, ownerId), gte(uploads.createdAt, since)));
    return row?.n ?? 0;
  },
});

/** The bytes of stored files by name (uploads and vouchers), shared by every instance. */
export const fileBlobsRepo = (db: Executor) => ({
  /** Stores the bytes once: a name already stored keeps its bytes (names are content hashes or made once). */
  async put(name: string, content: Buffer): Promise<void> {
    await db.insert(fileBlobs).values({ name, content }).onConflictDoNothing();
  },

  async get(name: string): Promise<Buffer | null> {
    const [row] = await db.select({ content: fileBlobs.content }).from(fileBlobs).where(eq(fileBlobs.name, name));
    return row ? Buffer.from(row.content) : null;
  },
});
