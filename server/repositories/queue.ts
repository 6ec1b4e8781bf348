// The office's views over applications: the queue, who has what, counts, borrowed cards, dashboard figures.
import { and, asc, between, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { applicationEvents, applications, householdRecords, users } from '../db/schema.ts';
import { openApplication } from './applications.ts';
import { chinaDayStart, contains, nextChinaDayStart, offsetOf, type Page } from './query.ts';
import { openUser } from './users.ts';
import { applicationKinds } from '../domain/applications.ts';

/**
 * 按业务: the office's order of its services (the domain's list: 借用户口卡, 身份证办理 … 迁出), not their internal codes
 * (issue 25). The list is the code's own constants, written into the statement as literals.
 */
const OFFICE_ORDER = sql`array_position(${sql.raw(
  `ARRAY[${applicationKinds.map((k) => `'${`${k.code}:${k.sub ?? ''}`.replace(/'/g, "''")}'`).join(',')}]::text[]`,
)}, ${applications.kind} || ':' || coalesce(${applications.sub}, ''))`;

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

export const queueRepo = (db: Executor) => {
  /** A page of applications with their applicant and whether the household is at the school, and the total. */
  async function withApplicants(where: SQL | undefined, order: SQL[], page: Page) {
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
  }

  return {
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
    async page(filter: QueueFilter, page: Page, sort: QueueSort = 'created') {
      const where = queueConditions(filter);
      const order =
        sort === '-created'
          ? [desc(applications.createdAt), desc(applications.id)]
          : sort === 'kind'
            ? [asc(OFFICE_ORDER), asc(applications.createdAt), asc(applications.id)]
            : [asc(applications.createdAt), asc(applications.id)];
      return withApplicants(where, order, page);
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
      return withApplicants(where, [asc(applications.dueOn), asc(applications.id)], page);
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
  };
};
