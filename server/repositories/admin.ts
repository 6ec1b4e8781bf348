// The staff console's data: staff accounts, the audit log, ratings, and the office's views over applications
// (queue, counts, borrowed cards, dashboard figures), questions, and the settings it maintains.
import { and, asc, between, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { referenceChanged } from './session-events.ts';
import {
  announcements,
  applicationEvents,
  applications,
  auditLog,
  banners,
  dictItems,
  feedback,
  householdRecords,
  policeStations,
  publicFiles,
  quotas,
  ratings,
  sectors,
  serviceGuides,
  users,
} from '../db/schema.ts';
import { openApplication } from './applications.ts';
import type { Page } from './content.ts';
import { openUser } from './users.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAudit = Omit<typeof auditLog.$inferInsert, 'id'>;
export type RatingRow = typeof ratings.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;

const offsetOf = (page: Page) => (page.pageNum - 1) * page.pageSize;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${likeEscape(text)}%`;
/** The instant a China-time day starts (YYYY-MM-DD). */
export const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
export const nextChinaDayStart = (day: string) => new Date(chinaDayStart(day).getTime() + 86400_000);

export const staffRepo = (db: Executor) => ({
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.username, username.toLowerCase()), ne(users.role, 'user')));
    return openUser(row);
  },

  async findById(id: number): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), ne(users.role, 'user')));
    return openUser(row);
  },

  async list(): Promise<UserRow[]> {
    return (await db.select().from(users).where(ne(users.role, 'user')).orderBy(asc(users.id))).map((u) => openUser(u));
  },

  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Admin accounts still enabled (the last one cannot be disabled or demoted). */
  async countEnabledAdmins(): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
    return row?.n ?? 0;
  },
});

export interface AuditFilter {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** Append-only: there is deliberately no update or delete here (and the database refuses them). */
export const auditRepo = (db: Executor) => ({
  async add(values: NewAudit): Promise<void> {
    await db.insert(auditLog).values(values);
  },

  async page(filter: AuditFilter, page: Page) {
    const conditions: (SQL | undefined)[] = [
      filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
      filter.action ? ilike(auditLog.action, `${likeEscape(filter.action)}%`) : undefined,
      filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
      filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
      filter.from ? gte(auditLog.at, chinaDayStart(filter.from)) : undefined,
      filter.to ? lt(auditLog.at, nextChinaDayStart(filter.to)) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.pageSize).offset(offsetOf(page)),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
});

export interface RatingFilter {
  kind?: string;
  score?: number;
  flagged?: boolean;
  pending?: boolean;
  from?: string;
  to?: string;
}

const ratingConditions = (filter: RatingFilter) =>
  and(
    filter.kind ? eq(ratings.kind, filter.kind) : undefined,
    filter.score ? eq(ratings.score, filter.score) : undefined,
    filter.flagged || filter.pending ? eq(ratings.flagged, true) : undefined,
    filter.pending ? isNull(ratings.followedUpAt) : undefined,
    filter.from ? gte(ratings.createdAt, chinaDayStart(filter.from)) : undefined,
    filter.to ? lt(ratings.createdAt, nextChinaDayStart(filter.to)) : undefined,
  );

export const ratingsRepo = (db: Executor) => ({
  /** The rating, or null when the application was rated already (the unique index decides under concurrency). */
  async create(values: typeof ratings.$inferInsert): Promise<RatingRow | null> {
    const [row] = await db.insert(ratings).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async findById(id: number): Promise<RatingRow | null> {
    const [row] = await db.select().from(ratings).where(eq(ratings.id, id));
    return row ?? null;
  },

  async ofApplication(applicationId: number): Promise<RatingRow | null> {
    const [row] = await db.select().from(ratings).where(eq(ratings.applicationId, applicationId));
    return row ?? null;
  },

  async followUp(id: number, note: string, by: number, at: Date): Promise<RatingRow | null> {
    const [row] = await db
      .update(ratings)
      .set({ followUpNote: note, followedUpBy: by, followedUpAt: at })
      .where(eq(ratings.id, id))
      .returning();
    return row ?? null;
  },

  async page(filter: RatingFilter, page: Page) {
    const where = ratingConditions(filter);
    const [rows, [total]] = await Promise.all([
      db
        .select({ rating: ratings, referenceNo: applications.referenceNo, sub: applications.sub, userName: users.name })
        .from(ratings)
        .innerJoin(applications, eq(applications.id, ratings.applicationId))
        .innerJoin(users, eq(users.id, ratings.userId))
        .where(where)
        .orderBy(desc(ratings.createdAt), desc(ratings.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(ratings).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Per kind and score: how many, and how many flagged ones wait for a follow-up. */
  async tally(filter: RatingFilter) {
    return db
      .select({
        kind: ratings.kind,
        score: ratings.score,
        n: count(),
        pending: sql<number>`count(*) filter (where ${ratings.flagged} and ${ratings.followedUpAt} is null)`.mapWith(Number),
      })
      .from(ratings)
      .where(ratingConditions(filter))
      .groupBy(ratings.kind, ratings.score);
  },
});

export interface QueueFilter {
  kind?: string;
  /** A sub-service of the kind (迁出 graduate, 迁入 new student…). */
  sub?: string;
  /** Whose: a staff id, or 'none' for nobody's yet. */
  assignee?: number | 'none';
  status?: number;
  keyword?: string;
  from?: string;
  to?: string;
  /** 待办 only (TODO_CONDITION). */
  todo?: boolean;
}

/**
 * 待办, what waits for staff: 已提交, 审核中, and 办理中 except a household card lent out (借用户口卡 in 4, 已借出,
 * waits for the borrower and is followed on 借出户口卡).
 */
const TODO_CONDITION = sql`(${applications.status} in (1, 2) or (${applications.status} = 4 and ${applications.kind} <> 'hkkjy'))`;

function queueConditions(filter: QueueFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  return and(
    filter.todo ? TODO_CONDITION : undefined,
    filter.kind ? eq(applications.kind, filter.kind) : undefined,
    filter.kind && filter.sub !== undefined ? eq(applications.sub, filter.sub) : undefined,
    filter.assignee === 'none'
      ? isNull(applications.assigneeId)
      : filter.assignee
        ? eq(applications.assigneeId, filter.assignee)
        : undefined,
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.from ? gte(applications.createdAt, chinaDayStart(filter.from)) : undefined,
    filter.to ? lt(applications.createdAt, nextChinaDayStart(filter.to)) : undefined,
    keyword
      ? or(
          ilike(applications.referenceNo, contains(keyword)),
          ilike(users.name, contains(keyword)),
          ilike(users.studentNo, contains(keyword)),
          ilike(users.staffNo, contains(keyword)),
        )
      : undefined,
  );
}

export type QueueSort = 'created' | '-created' | 'kind';

export const adminRepo = (db: Executor) => ({
  /**
   * 认领 / 分派: gives an application in progress (1-6) to a staff member, or to nobody (null). With `onlyIfFree`, only
   * when nobody else has it (a claim). The application's version does not change: who has it is not a change of it.
   * The row as it is after, or null when there is no such application in progress or someone else has it.
   */
  async assign(id: number, staffId: number | null, now: Date, onlyIfFree = false) {
    const [row] = await db
      .update(applications)
      .set({ assigneeId: staffId, assignedAt: staffId ? now : null })
      .where(
        and(
          eq(applications.id, id),
          between(applications.status, 1, 6),
          onlyIfFree && staffId ? or(isNull(applications.assigneeId), eq(applications.assigneeId, staffId)) : undefined,
        ),
      )
      .returning({ id: applications.id, assigneeId: applications.assigneeId });
    return row ?? null;
  },

  /**
   * The queue, with the applicant and whether their household is at the school: oldest first (the longest waiting),
   * newest first, or by service (then oldest first).
   */
  async queue(filter: QueueFilter, page: Page, sort: QueueSort = 'created') {
    const where = queueConditions(filter);
    const order =
      sort === '-created'
        ? [desc(applications.createdAt), desc(applications.id)]
        : sort === 'kind'
          ? [asc(applications.kind), asc(applications.sub), asc(applications.createdAt), asc(applications.id)]
          : [asc(applications.createdAt), asc(applications.id)];
    const [rows, [total]] = await Promise.all([
      db
        .select({ app: applications, user: users, householdStatus: householdRecords.status })
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .leftJoin(householdRecords, eq(householdRecords.userId, applications.userId))
        .where(where)
        .orderBy(...order)
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r, app: openApplication(r.app), user: openUser(r.user) })), total: total?.n ?? 0 };
  },

  /** Per status: how many, and how many of them are 待办. */
  async countByStatus(filter: QueueFilter) {
    return db
      .select({ status: applications.status, n: count(), todo: sql<number>`count(*) filter (where ${TODO_CONDITION})`.mapWith(Number) })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(queueConditions({ ...filter, status: undefined, todo: undefined }))
      .groupBy(applications.status);
  },

  /** Household cards out (borrow applications 4 or 6), earliest due first. */
  async borrowed(opts: { overdueBefore?: string; keyword?: string }, page: Page) {
    const where = and(
      eq(applications.kind, 'hkkjy'),
      inArray(applications.status, [4, 6]),
      isNotNull(applications.dueOn),
      opts.overdueBefore ? lt(applications.dueOn, opts.overdueBefore) : undefined,
      queueConditions({ keyword: opts.keyword }),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ app: applications, user: users, householdStatus: householdRecords.status })
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .leftJoin(householdRecords, eq(householdRecords.userId, applications.userId))
        .where(where)
        .orderBy(asc(applications.dueOn), asc(applications.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r, app: openApplication(r.app), user: openUser(r.user) })), total: total?.n ?? 0 };
  },

  async countByKindAndStatus() {
    return db
      .select({ kind: applications.kind, status: applications.status, n: count() })
      .from(applications)
      .groupBy(applications.kind, applications.status);
  },

  /** Median hours from submission to 已办结, per kind, of applications finished since a moment. */
  async medianProcessing(since: Date) {
    const finished = db
      .select({ applicationId: applicationEvents.applicationId, doneAt: sql<Date>`max(${applicationEvents.at})`.as('done_at') })
      .from(applicationEvents)
      .where(and(eq(applicationEvents.toStatus, 7), gte(applicationEvents.at, since)))
      .groupBy(applicationEvents.applicationId)
      .as('finished');
    return db
      .select({
        kind: applications.kind,
        n: count(),
        medianHours:
          sql<number>`percentile_cont(0.5) within group (order by extract(epoch from (${finished.doneAt} - ${applications.createdAt})) / 3600.0)`.mapWith(
            Number,
          ),
      })
      .from(finished)
      .innerJoin(applications, eq(applications.id, finished.applicationId))
      .where(eq(applications.status, 7))
      .groupBy(applications.kind);
  },

  async countWaiting(before: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .where(and(inArray(applications.status, [1, 2]), lt(applications.createdAt, before)));
    return row?.n ?? 0;
  },

  async countOverdueCards(today: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.kind, 'hkkjy'), inArray(applications.status, [4, 6]), lt(applications.dueOn, today)));
    return row?.n ?? 0;
  },

  /** Questions: unanswered first (oldest first), then answered ones (latest answer first). */
  async feedbackPage(filter: { answered?: boolean; keyword?: string }, page: Page) {
    const keyword = filter.keyword?.trim();
    const where = and(
      filter.answered === undefined ? undefined : filter.answered ? isNotNull(feedback.answeredAt) : isNull(feedback.answeredAt),
      keyword ? or(ilike(feedback.title, contains(keyword)), ilike(feedback.content, contains(keyword))) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ question: feedback, askerName: users.name, askerType: users.personType })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(where)
        .orderBy(
          sql`case when ${feedback.answeredAt} is null then 0 else 1 end`,
          sql`case when ${feedback.answeredAt} is null then ${feedback.createdAt} end asc`,
          desc(feedback.answeredAt),
          asc(feedback.id),
        )
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(feedback).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async answerFeedback(id: number, values: { answer: string; public: boolean; answeredBy: number; answeredAt: Date }) {
    const [row] = await db.update(feedback).set(values).where(eq(feedback.id, id)).returning();
    return row ?? null;
  },

  /* ---------------------------------------------------------------- settings */

  /** Locks the quota rows of some days (in a transaction): bookings of those days wait until it ends. */
  async lockQuotas(kind: string, channel: string, days: string[]) {
    if (!days.length) return [];
    return db
      .select()
      .from(quotas)
      .where(and(eq(quotas.kind, kind), eq(quotas.channel, channel), inArray(quotas.day, days)))
      .orderBy(asc(quotas.day))
      .for('update');
  },

  async allSectors() {
    return db.select().from(sectors).orderBy(asc(sectors.personType), asc(sectors.sort), asc(sectors.id));
  },

  async replaceSectors(personType: string, rows: (typeof sectors.$inferInsert)[]) {
    await db.delete(sectors).where(eq(sectors.personType, personType));
    if (rows.length) await db.insert(sectors).values(rows);
    await referenceChanged(db, 'sectors');
  },

  async dictTypesPresent(): Promise<string[]> {
    const rows = await db.selectDistinct({ type: dictItems.type }).from(dictItems);
    return rows.map((r) => r.type);
  },

  async dictItems(type: string) {
    return db.select().from(dictItems).where(eq(dictItems.type, type)).orderBy(asc(dictItems.sort), asc(dictItems.id));
  },

  async createDictItem(values: typeof dictItems.$inferInsert) {
    const [row] = await db.insert(dictItems).values(values).onConflictDoNothing().returning();
    await referenceChanged(db, 'dict_items');
    return row ?? null;
  },

  async updateDictItem(type: string, id: number, patch: Partial<typeof dictItems.$inferInsert>) {
    const [row] = await db
      .update(dictItems)
      .set(patch)
      .where(and(eq(dictItems.type, type), eq(dictItems.id, id)))
      .returning();
    await referenceChanged(db, 'dict_items');
    return row ?? null;
  },

  async maxDictSort(type: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(max(${dictItems.sort}), 0)`.mapWith(Number) })
      .from(dictItems)
      .where(eq(dictItems.type, type));
    return row?.n ?? 0;
  },

  async policeStations() {
    return db.select().from(policeStations).orderBy(asc(policeStations.sort), asc(policeStations.id));
  },

  async createPoliceStation(values: typeof policeStations.$inferInsert) {
    const [row] = await db.insert(policeStations).values(values).onConflictDoNothing().returning();
    await referenceChanged(db, 'police_stations');
    return row ?? null;
  },

  async updatePoliceStation(id: string, patch: Partial<typeof policeStations.$inferInsert>) {
    const [row] = await db.update(policeStations).set(patch).where(eq(policeStations.id, id)).returning();
    await referenceChanged(db, 'police_stations');
    return row ?? null;
  },

  async guides() {
    return db
      .select({ code: serviceGuides.code, title: serviceGuides.title, updatedAt: serviceGuides.updatedAt })
      .from(serviceGuides)
      .orderBy(asc(serviceGuides.code));
  },

  async saveGuide(code: string, title: string, content: unknown, now: Date) {
    const [row] = await db
      .insert(serviceGuides)
      .values({ code, title, content, updatedAt: now })
      .onConflictDoUpdate({ target: serviceGuides.code, set: { title, content, updatedAt: now } })
      .returning();
    await referenceChanged(db, 'service_guides');
    return row!;
  },

  async announcementsPage(page: Page, keyword?: string) {
    const where = keyword ? ilike(announcements.title, contains(keyword)) : undefined;
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

  async findAnnouncement(id: number) {
    const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
    return row ?? null;
  },

  async createAnnouncement(values: typeof announcements.$inferInsert) {
    const [row] = await db.insert(announcements).values(values).returning();
    return row!;
  },

  async updateAnnouncement(id: number, values: Partial<typeof announcements.$inferInsert>) {
    const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
    return row ?? null;
  },

  async deleteAnnouncement(id: number): Promise<boolean> {
    const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
    // Its attachments (public_files rows) go with it.
    await referenceChanged(db, 'public_files');
    return rows.length > 0;
  },

  async announcementFiles(ids: number[]) {
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

  async addPublicFile(values: typeof publicFiles.$inferInsert) {
    const [row] = await db.insert(publicFiles).values(values).returning();
    await referenceChanged(db, 'public_files');
    return row!;
  },

  async deleteAnnouncementFile(announcementId: number, fileName: string): Promise<boolean> {
    const rows = await db
      .delete(publicFiles)
      .where(and(eq(publicFiles.kind, 'announcement'), eq(publicFiles.announcementId, announcementId), eq(publicFiles.fileName, fileName)))
      .returning({ id: publicFiles.id });
    await referenceChanged(db, 'public_files');
    return rows.length > 0;
  },

  async banners() {
    return db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  },

  async createBanner(values: typeof banners.$inferInsert) {
    const [row] = await db.insert(banners).values(values).returning();
    return row!;
  },

  async updateBanner(id: number, values: Partial<typeof banners.$inferInsert>) {
    const [row] = await db.update(banners).set(values).where(eq(banners.id, id)).returning();
    return row ?? null;
  },

  async deleteBanner(id: number): Promise<boolean> {
    const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
    return rows.length > 0;
  },
});
