// Filing an application in one statement: the appointment place (when it books one), the day's next reference number,
// the application, its first event, the applicant's notice, the idempotency key and the notification that evicts the
// applicant's cached data on every instance. Data-modifying CTEs chained by their RETURNING rows: when the place is
// not taken, no number is taken and nothing is written; a unique violation (one application in progress, a key another
// request claimed) fails the whole statement. One round trip, prepared once per pooled connection (db/prepared.ts):
// in a booking rush the day's row lock is held for one statement, not for a transaction of nine, and the statement is
// neither built nor planned again (services/application-submission.ts).
import { getTableColumns, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { applicationEvents, applications, counters, idempotencyKeys, notices } from '../db/schema.ts';
import { sessionCache } from '../lib/session-cache.ts';
import { tellInstances } from './session-events.ts';
import { takePlace } from './quotas.ts';
import { openApplication, sealAnswers, type ApplicationRow, type NewApplication } from './applications.ts';

/** Stands for the reference number in a notice's title and content until the statement has taken it. */
export const REFERENCE_MARK = '\uE000sqbh\uE000';

/** What the statement writes of each row (every one of them given, so that one prepared statement serves all). */
const WRITTEN = {
  application: [
    'kind',
    'sub',
    'userId',
    'status',
    'title',
    'answers',
    'attachments',
    'slotDay',
    'slotChannel',
    'dueOn',
    'stage',
    'createdAt',
    'updatedAt',
  ],
  event: ['actorRole', 'actorId', 'fromStatus', 'toStatus', 'at'],
  notice: ['type', 'title', 'content', 'createdAt'],
  key: ['userId', 'operation', 'key', 'requestHash', 'createdAt'],
} as const satisfies {
  application: readonly (keyof NewApplication)[];
  event: readonly (keyof typeof applicationEvents.$inferInsert)[];
  notice: readonly (keyof typeof notices.$inferInsert)[];
  key: readonly (keyof typeof idempotencyKeys.$inferInsert)[];
};

type Written<T, K extends readonly (keyof T)[]> = { [P in K[number]]-?: Exclude<T[P], undefined> };

export interface Filing {
  /** The appointment place the application takes, or null. */
  slot: { kind: string; channel: string; day: string } | null;
  /** The China date of filing as YYYYMMDD: the reference number's day. */
  chinaDay: string;
  application: Written<NewApplication, typeof WRITTEN.application>;
  event: Written<typeof applicationEvents.$inferInsert, typeof WRITTEN.event>;
  /** Its title and content may hold REFERENCE_MARK. */
  notice: Written<typeof notices.$inferInsert, typeof WRITTEN.notice>;
  /** The idempotency key claimed for the application, or null. */
  key: Written<typeof idempotencyKeys.$inferInsert, typeof WRITTEN.key> | null;
}

type Columns = Record<string, PgColumn>;
const placeholder = (name: string) => sql.placeholder(name);

/**
 * INSERT INTO table (the written columns) SELECT … FROM source RETURNING …: each written column a typed placeholder
 * `<prefix><key>` (an INSERT … SELECT gives its parameters no type of their own), each column of `from` an expression
 * over the CTEs. Columns not written take their defaults. (drizzle's insert().select() asks for every column, the
 * identity included.)
 */
function insertSelect(
  table: PgTable,
  prefix: string,
  written: readonly string[],
  from: Record<string, SQL>,
  source: WithSubquery | SQL,
  returning: SQL,
): SQL {
  const columns = getTableColumns(table) as Columns;
  const names: SQL[] = [];
  const selected: SQL[] = [];
  for (const key of written) {
    if (key in from) continue;
    const column = columns[key]!;
    names.push(sql`${sql.identifier(column.name)}`);
    selected.push(sql`${sql.param(placeholder(prefix + key), column)}::${sql.raw(column.getSQLType())}`);
  }
  for (const [key, expression] of Object.entries(from)) {
    names.push(sql`${sql.identifier(columns[key]!.name)}`);
    selected.push(expression);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from ${source} returning ${returning}`;
}

/** The day's counter (placeholder `counter`) moved on by `count`, when `after` has a row (or always, without it). */
const nextNumbers = (db: Executor, count: SQL, after: WithSubquery | null) =>
  db.$with('numbered').as(
    db
      .insert(counters)
      .select(sql`select ${placeholder('counter')}::varchar, ${count}::bigint ${after ? sql`from ${after}` : sql``}`)
      .onConflictDoUpdate({
        target: counters.name,
        set: { value: sql`${counters.value} + excluded.${sql.identifier(counters.value.name)}` },
      })
      .returning({ value: counters.value }),
  );

const slotPlaceholders = { kind: placeholder('slot_kind'), channel: placeholder('slot_channel'), day: placeholder('slot_day') };

/** The statement, with or without an appointment place and an idempotency key (four prepared statements at most). */
function statement(db: Executor, name: string, withSlot: boolean, withKey: boolean) {
  const taken = withSlot ? db.$with('taken').as(takePlace(db, slotPlaceholders, placeholder('now'))) : null;
  const numbered = nextNumbers(db, sql`1`, taken);
  // 申请编号: HJ + the China date + the day's number in 6 digits.
  const number = sql`${placeholder('prefix')}::varchar || lpad((${numbered.value} % 1000000)::text, 6, '0')`;
  const columns = getTableColumns(applications) as Columns;
  const named = sql.join(
    Object.values(columns).map((c) => sql`${sql.identifier(c.name)}`),
    sql`, `,
  );
  const created = db
    .$with('created', getTableColumns(applications))
    .as(insertSelect(applications, 'a_', WRITTEN.application, { referenceNo: number }, numbered, named));
  const withNumber = (name: string) => sql`replace(${placeholder(name)}::text, ${REFERENCE_MARK}::text, ${created.referenceNo})`;
  const ctes: WithSubquery[] = [...(taken ? [taken] : []), numbered, created];
  const add = (name: string, table: PgTable, prefix: string, written: readonly string[], from: Record<string, SQL>) =>
    ctes.push(db.$with(name, {}).as(insertSelect(table, prefix, written, from, created, sql`1`)));
  add('event', applicationEvents, 'e_', WRITTEN.event, { applicationId: sql`${created.id}` });
  add('notice', notices, 'n_', WRITTEN.notice, {
    userId: sql`${created.userId}`,
    title: withNumber('n_title'),
    content: withNumber('n_content'),
    applicationId: sql`${created.id}`,
    applicationNo: sql`${created.referenceNo}`,
  });
  if (withKey) add('claimed', idempotencyKeys, 'k_', WRITTEN.key, { resourceId: sql`${created.id}` });
  return db
    .with(...ctes)
    .select({
      // The row as drizzle reads it (column names to keys, timestamps to dates).
      app: created._.selectedFields,
      remaining: taken ? sql<number>`(select ${taken.remaining} from ${taken})` : sql<null>`null`,
      told: tellInstances(placeholder('payload')),
    })
    .from(created)
    .prepare(name);
}

/** What a filing made: its application, and the slot's places left after it (after its batch; null without a slot). */
export type Filed = { app: ApplicationRow; remaining: number | null };

const prefixed = (prefix: string, values: object) => Object.fromEntries(Object.entries(values).map(([k, v]) => [prefix + k, v as unknown]));

export const filingRepo = (db: Executor) => ({
  /**
   * Files the application; null when the slot had no place left (nothing written). `remaining`: the slot's places
   * left after this one (null without a slot).
   */
  async file(f: Filing): Promise<Filed | null> {
    const query = prepared(db, `filing_${f.slot ? 'slot' : 'none'}_${f.key ? 'key' : 'none'}`, (name) =>
      statement(db, name, !!f.slot, !!f.key),
    );
    // The applicant's notices changed: evicted here now, and on the other instances when the statement commits.
    const payload = `d:${f.application.userId}` as const;
    sessionCache.onNotify(payload);
    const values: Record<string, unknown> = {
      ...prefixed('a_', sealAnswers(f.application)),
      ...prefixed('e_', f.event),
      ...prefixed('n_', f.notice),
      ...(f.key ? prefixed('k_', f.key) : {}),
      ...(f.slot ? { slot_kind: f.slot.kind, slot_channel: f.slot.channel, slot_day: f.slot.day, now: f.application.createdAt } : {}),
      counter: `sqbh:${f.chinaDay}`,
      prefix: `HJ${f.chinaDay}`,
      payload,
    };
    const [row] = await query.execute(values);
    if (!row) return null;
    return { app: openApplication(row.app as unknown as ApplicationRow), remaining: row.remaining };
  },

  /**
   * Files several applications for one appointment day (`slot`) in one statement, in the order given: each gets its
   * place, or none does (null: fewer places left than filings; nothing written). A unique violation fails them all.
   * The caller makes sure no user appears twice.
   */
  async fileMany(slot: NonNullable<Filing['slot']>, chinaDay: string, filings: Filing[]): Promise<Filed[] | null> {
    const query = prepared(db, 'filing_many', (name) => batchStatement(db, name));
    for (const f of filings) sessionCache.onNotify(`d:${f.application.userId}`);
    const rows = await query.execute({
      ...arraysOf(filings),
      count: filings.length,
      slot_kind: slot.kind,
      slot_channel: slot.channel,
      slot_day: slot.day,
      now: filings[0]!.application.createdAt,
      counter: `sqbh:${chinaDay}`,
      prefix: `HJ${chinaDay}`,
    });
    if (!rows.length) return null;
    const filed: Filed[] = [];
    for (const row of rows) filed[row.ord - 1] = { app: openApplication(row.app as unknown as ApplicationRow), remaining: row.remaining };
    return filed;
  },
});

/** The prefix of each array parameter of the statement for several filings: the same names as the one-row statement's. */
const ARRAYS = [
  ['a_', applications, WRITTEN.application],
  ['e_', applicationEvents, WRITTEN.event],
  ['n_', notices, WRITTEN.notice],
  ['k_', idempotencyKeys, WRITTEN.key],
] as const;

/**
 * Several filings for one appointment day in one statement: all of them take their places, or none does (the
 * decrement by their number is conditional on that many left). Each column an array parameter, unnested to rows
 * numbered in the order given: their reference numbers are consecutive in that order. A key's columns are null for a
 * filing without one. The same data-modifying chain as the one-row statement, joined back to the input rows by number.
 */
function batchStatement(db: Executor, name: string) {
  const columns: SQL[] = [];
  const names: string[] = [];
  for (const [prefix, table, written] of ARRAYS) {
    const own = getTableColumns(table) as Columns;
    for (const key of written) {
      columns.push(sql`${sql.param(placeholder(prefix + key))}::${sql.raw(own[key]!.getSQLType())}[]`);
      names.push(prefix + key);
    }
  }
  const col = (name: string) => sql.raw(`chosen.${name}`);
  const given = db
    .$with('given', {})
    .as(sql`select * from unnest(${sql.join(columns, sql`, `)}) with ordinality as i(${sql.raw(names.join(', '))}, ord)`);
  const count = sql`${placeholder('count')}::integer`;
  const taken = db.$with('taken').as(takePlace(db, slotPlaceholders, placeholder('now'), count));
  const numbered = nextNumbers(db, count, taken);
  // 申请编号 as in the one-row statement: the day's numbers value - count + 1 … value, in the input's order.
  const chosen = db
    .$with('chosen', {})
    .as(
      sql`select i.*, ${placeholder('prefix')}::varchar || lpad(((${numbered.value} - ${count} + i.ord) % 1000000)::text, 6, '0') as reference_no from given i, ${numbered}`,
    );
  const applicationColumns = getTableColumns(applications) as Columns;
  const named = sql.join(
    Object.values(applicationColumns).map((c) => sql`${sql.identifier(c.name)}`),
    sql`, `,
  );
  const from = (keys: readonly string[], prefix: string) => Object.fromEntries(keys.map((k) => [k, col(prefix + k)]));
  const created = db
    .$with('created', getTableColumns(applications))
    .as(insertSelect(applications, 'a_', [], { ...from(WRITTEN.application, 'a_'), referenceNo: sql`chosen.reference_no` }, chosen, named));
  const joined = sql`${created} join chosen on chosen.reference_no = ${created.referenceNo}`;
  const withNumber = (name: string) => sql`replace(${col(name)}, ${REFERENCE_MARK}::text, ${created.referenceNo})`;
  const event = db
    .$with('event', {})
    .as(insertSelect(applicationEvents, '', [], { ...from(WRITTEN.event, 'e_'), applicationId: sql`${created.id}` }, joined, sql`1`));
  const notice = db.$with('notice', {}).as(
    insertSelect(
      notices,
      '',
      [],
      {
        ...from(WRITTEN.notice, 'n_'),
        userId: sql`${created.userId}`,
        title: withNumber('n_title'),
        content: withNumber('n_content'),
        applicationId: sql`${created.id}`,
        applicationNo: sql`${created.referenceNo}`,
      },
      joined,
      sql`1`,
    ),
  );
  const claimed = db
    .$with('claimed', {})
    .as(
      insertSelect(
        idempotencyKeys,
        '',
        [],
        { ...from(WRITTEN.key, 'k_'), resourceId: sql`${created.id}` },
        sql`${joined} where chosen.k_key is not null`,
        sql`1`,
      ),
    );
  return db
    .with(given, taken, numbered, chosen, created, event, notice, claimed)
    .select({
      app: created._.selectedFields,
      // Qualified: inside the subquery a bare reference_no is chosen's own.
      ord: sql<number>`(select ord from chosen where chosen.reference_no = "created"."reference_no")::integer`,
      remaining: sql<number>`(select ${taken.remaining} from ${taken})`,
      told: tellInstances(sql`'d:' || ${created.userId}`),
    })
    .from(created)
    .prepare(name);
}

const arraysOf = (filings: Filing[]): Record<string, unknown[]> => {
  const values: Record<string, unknown[]> = {};
  const put = (name: string, value: unknown) => (values[name] ??= []).push(value instanceof Date ? value.toISOString() : value);
  for (const f of filings) {
    const application = sealAnswers(f.application) as Record<string, unknown>;
    // jsonb values as JSON text: a JavaScript array inside an array parameter would be read as a dimension.
    for (const key of WRITTEN.application)
      put(`a_${key}`, key === 'answers' || key === 'attachments' ? JSON.stringify(application[key]) : application[key]);
    for (const key of WRITTEN.event) put(`e_${key}`, f.event[key]);
    for (const key of WRITTEN.notice) put(`n_${key}`, f.notice[key]);
    for (const key of WRITTEN.key) put(`k_${key}`, f.key ? f.key[key] : null);
  }
  return values;
};
