// First-start seed (idempotent): reference data always, demo accounts and their records outside production.
// Data comes from server/db/seed-data (pure data modules), server/domain (the rules' defaults) and
// db/seed-data/divisions (GB/T 2260, vendored).
import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addressOf } from '../lib/address.ts';
import { hashPassword, sha256 } from '../lib/crypto.ts';
import { createRepositories } from '../repositories/index.ts';
import { sealUser } from '../repositories/users.ts';
import { addDays, quotaRowsFor } from '../services/appointments.ts';
import { chinaDate } from '../services/clock.ts';
import { MIGRATION_VALID_DAYS, newMigrationCertNo } from '../services/movement-hooks.ts';
import type { Database, Executor } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import * as seedData from '../db/seed-data/index.ts';
import * as domain from '../domain/index.ts';
import { fromRoot } from '../lib/paths.ts';
import areas from '../db/seed-data/divisions/areas.json' with { type: 'json' };
import cities from '../db/seed-data/divisions/cities.json' with { type: 'json' };
import provinces from '../db/seed-data/divisions/provinces.json' with { type: 'json' };
import { Status } from '../domain/index.ts';

/** What the seed writes: the reference lists and demo records, and the rules' defaults (quotas, sectors). */
const data = { ...seedData, ...domain };

const SEED_MARKER = 'seed.version';
/**
 * 1: reference data and demo accounts; 2: service guides, appointment quotas, ID-card methods and change types;
 * 3: demo family members of the staff account, a graduate whose registration has left (address locked).
 * 4: the 其他业务 tile; 5: the change type 110 人员类型变更 (the person type is the office's record, changed by application);
 * 6: the ID-card and borrow-card tiles of new students (theirs once they have moved in); 7: the couriers of 寄出;
 * 8: the demo's collective households (the office's own settings since migration 0012; none outside the demo).
 */
const SEED_VERSION = 8;
const MUNICIPALITIES = ['11', '12', '31', '50'];
const filesDir = `${fromRoot('server', 'db', 'seed-data', 'files')}/`;

interface DivisionInput {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

/** GB/T 2260, vendored in seed-data/divisions (its README names source and edition): 6-digit codes; the districts of municipalities hang directly under them. */
export function divisionRows(): (typeof schema.divisions.$inferInsert)[] {
  const rows: (typeof schema.divisions.$inferInsert)[] = provinces.map((p) => ({
    code: `${p.code}0000`,
    name: p.name,
    level: 1,
    parentCode: null,
  }));
  rows.push(
    { code: '710000', name: '台湾省', level: 1, parentCode: null },
    { code: '810000', name: '香港特别行政区', level: 1, parentCode: null },
    { code: '820000', name: '澳门特别行政区', level: 1, parentCode: null },
  );
  for (const c of cities as DivisionInput[]) {
    if (!MUNICIPALITIES.includes(c.provinceCode!))
      rows.push({ code: `${c.code}00`, name: c.name, level: 2, parentCode: `${c.provinceCode}0000` });
  }
  for (const a of areas as DivisionInput[]) {
    const municipal = MUNICIPALITIES.includes(a.provinceCode!);
    rows.push({
      code: a.code,
      name: a.name,
      level: municipal ? 2 : 3,
      parentCode: municipal ? `${a.provinceCode}0000` : `${a.cityCode}00`,
    });
  }
  return rows;
}

type DictRow = typeof schema.dictItems.$inferInsert;

const items = (type: string, list: readonly { value: string; label: string; remark?: string }[]): DictRow[] =>
  list.map((item, i) => ({ type, value: item.value, label: item.label, remark: item.remark ?? null, sort: i + 1 }));

const codes = (type: string, list: readonly { code: string; name: string }[]): DictRow[] =>
  list.map((item, i) => ({ type, value: item.code, label: item.name, sort: i + 1 }));

const couriers = (type: string, list: readonly seedData.CourierOption[]): DictRow[] =>
  list.map((c, i) => ({ type, value: c.dictValue, label: c.dictLabel, enabled: c.switch === '1', remark: c.remark ?? null, sort: i + 1 }));

const units = (type: string, list: readonly seedData.Department[]): DictRow[] =>
  list.map((d, i) => ({ type, value: d.dwh, label: d.dwmc, sort: i + 1 }));

export function dictionaryRows(): DictRow[] {
  const familyRelations = data.familyMemberRelationCodes
    .map((code) => data.relations.find((r) => r.code === code))
    .filter((r): r is seedData.Relation => !!r);
  const academic = new Set(data.jwYx.map((d) => d.dwh));
  return [
    ...items(
      'qh_rylb',
      data.personTypes.map((p) => ({ value: p.rylb, label: p.label, remark: p.identifierLabel ?? undefined })),
    ),
    ...items('qh_identity_reason', data.idCardReasons),
    ...items('qh_gender', [
      { value: '1', label: '男' },
      { value: '2', label: '女' },
    ]),
    ...codes('qh_maritalStatus', data.maritalStatuses),
    ...items('qh_hkk_reason', data.householdCardReasons),
    ...couriers('qh_hkk_kd', data.couriers),
    ...items('qh_zm_reason_c', data.certificateReasons.c),
    ...items('qh_zm_reason_n', data.certificateReasons.n),
    ...items('qh_zxhk_reason', data.certificateReasons.zxhk),
    ...items('qh_qtbs_type', data.otherBusinessTypes),
    ...items('qh_change_type', data.otherChangeTypes),
    ...codes('qh_yhzgx', familyRelations),
    ...items('qh_notice_type', [
      { value: 'apply', label: '申请进度' },
      { value: 'borrow', label: '借卡提醒' },
      { value: 'system', label: '系统通知' },
    ]),
    ...items('qh_sfz_blfs', data.idCardHandlingMethods),
    ...items('qh_hjzm_type', data.proofTypes),
    ...couriers('qh_hjzm_kd', data.proofDeliveryOptions),
    ...items('qh_qc_reason', data.moveOutReasons),
    ...items('qh_delivery_slot', data.deliveryTimeSlots),
    ...data.expressCompanies.map((c, i) => ({
      type: 'qh_express',
      value: c.value,
      label: c.label,
      extra: { trackUrl: c.trackUrl },
      sort: i + 1,
    })),
    ...codes('gb_relation', data.relations),
    ...codes('gb_mz', [...data.ethnicGroups, ...data.ethnicGroupExtras]),
    ...codes('gb_xb', data.genders),
    ...codes('gb_hyzk', data.maritalStatuses),
    ...data.educationLevels.map((e, i) => ({
      type: 'gb_xl',
      value: e.code,
      label: e.name,
      parentValue: e.parent,
      extra: { level: e.level },
      sort: i + 1,
    })),
    ...units('dw_jwYx', data.jwYx),
    ...units('dw_rsYx', data.rsYx),
    ...units(
      'dw_gljs',
      data.rsYx.filter((d) => !academic.has(d.dwh)),
    ),
  ];
}

export function sectorRows(): (typeof schema.sectors.$inferInsert)[] {
  const rows: (typeof schema.sectors.$inferInsert)[] = [];
  for (const [personType, tiles] of Object.entries(data.openSectorsByLoginType)) {
    tiles.forEach((tile, i) => {
      const def = data.sectors.find((s) => s.sectorCode === tile.sectorCode);
      rows.push({
        personType,
        sectorCode: String(tile.sectorCode),
        name: def?.name ?? String(tile.sectorCode),
        requiresHkIn: def?.requiresHkIn ?? false,
        sort: i + 1,
      });
      for (const sub of tile.subSectors ?? []) {
        const subDef = data.moveOutSubSectors.find((s) => s.sectorCode === sub.sectorCode);
        rows.push({
          personType,
          sectorCode: String(sub.sectorCode),
          parentCode: String(tile.sectorCode),
          name: subDef?.name ?? String(sub.sectorCode),
          requiresHkIn: def?.requiresHkIn ?? false,
          disabled: sub.disabled,
          sort: sub.sectorCode + 1,
        });
      }
    });
  }
  return rows;
}

/** The 1st paragraph after the salutation, shortened: the list shows it under the title. */
const summaryOf = (body: string) => {
  const lines = body.split('\n').filter(Boolean);
  const text = (/[：:]$/.test(lines[0] ?? '') ? lines[1] : lines[0]) ?? '';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

const pdf = (fileName: string) => readFileSync(`${filesDir}${fileName}`);

async function insertChunked<T extends Record<string, unknown>>(tx: Executor, table: Parameters<Executor['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(table)
      .values(rows.slice(i, i + 500) as never)
      .onConflictDoNothing();
}

/** A guide as stored (service_guides.content): the wire shape of GET /api/guide/{code} without regulations. */
function guideContent(g: seedData.ServiceGuide) {
  return {
    who: g.eligibility,
    conditions: null,
    materials: g.materials.map((m) => ({ name: m.name, required: m.required ?? true, note: m.note ?? null, example: m.example ?? null })),
    steps: g.process,
    timeLimit: g.timeLimit,
    place: g.place,
    hours: g.hours,
    fees: g.fee,
    contact: g.contact,
    notes: g.notes,
  };
}

const guideRows = () => data.serviceGuides.map((g) => ({ code: g.code, title: g.title, content: guideContent(g) }));

/** Version 2 on a database seeded with version 1: the dictionaries it changed are replaced. */
const CHANGED_IN_2 = ['qh_sfz_blfs', 'qh_change_type'];

const HOUSEHOLD_STATUS: Record<string, '1' | '2' | null> = { 在册: '1', 已迁出: '2', 待迁入: null };

export interface SeedOptions {
  now: Date;
  log?: FastifyBaseLogger;
  /** Demo accounts and their records (never in production). */
  demo: boolean;
}

/** Seeds an empty database once; later starts see the marker and do nothing. */
export async function seed(db: Database, opts: SeedOptions): Promise<boolean> {
  const [done] = await db.select().from(schema.settings).where(eq(schema.settings.key, SEED_MARKER));
  if (done && Number(done.value) >= SEED_VERSION) return false;
  const quotas = quotaRowsFor(chinaDate(opts.now));
  if (done) {
    const from = Number(done.value);
    const newAccounts = opts.demo && from < 3 ? data.demoAccounts.filter((a) => DEMO_ACCOUNTS_3.includes(a.id)) : [];
    const newHashes = await Promise.all(newAccounts.map((a) => hashPassword(a.password)));
    const collectives = opts.demo && from < 8 ? collectiveRows() : [];
    const upgraded = await db.transaction(async (tx) => {
      const marker = await tx
        .update(schema.settings)
        .set({ value: SEED_VERSION })
        .where(and(eq(schema.settings.key, SEED_MARKER), sql`${schema.settings.value} = ${JSON.stringify(done.value)}::jsonb`))
        .returning();
      if (!marker.length) return false; // another instance upgraded first
      if (from < 2) {
        await tx.delete(schema.dictItems).where(inArray(schema.dictItems.type, CHANGED_IN_2));
        await insertChunked(
          tx,
          schema.dictItems,
          dictionaryRows().filter((r) => CHANGED_IN_2.includes(r.type)),
        );
        await insertChunked(tx, schema.serviceGuides, guideRows());
        await insertChunked(
          tx,
          schema.quotas,
          quotas.map((q) => ({ ...q, remaining: q.total })),
        );
      }
      if (from < 3 && opts.demo) {
        const ids = new Map<number, number>();
        for (const a of data.demoAccounts) {
          const [user] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.phone, a.phone));
          if (user) ids.set(a.id, user.id);
        }
        await insertAccounts(
          tx,
          newAccounts.filter((a) => !ids.has(a.id)),
          newHashes,
          opts.now,
          ids,
        );
        await seedDemo3(tx, ids, opts.now);
      }
      // Version 4 opens the 其他业务 tile (9) where the seed now lists it; the office may close it again.
      if (from < 4) await tx.insert(schema.sectors).values(sectorRows().filter((r) => r.sectorCode === '9' && !r.parentCode));
      // Version 5 adds 人员类型变更 before 其他 (kept where the office has it already).
      if (from < 5) {
        const added = dictionaryRows().filter((r) => r.type === 'qh_change_type' && r.value === '110');
        await tx.insert(schema.dictItems).values(added).onConflictDoNothing();
        await tx
          .update(schema.dictItems)
          .set({ sort: sql`greatest(${schema.dictItems.sort}, ${added[0]!.sort! + 1})` })
          .where(and(eq(schema.dictItems.type, 'qh_change_type'), eq(schema.dictItems.value, '199')));
      }
      // Version 6 gives new students (7) the ID-card (1) and borrow-card (2) tiles, for once they have moved in.
      if (from < 6) {
        // After the tiles the office has (it may have reordered them), unless it has them already.
        const have = await tx
          .select({ code: schema.sectors.sectorCode, sort: schema.sectors.sort })
          .from(schema.sectors)
          .where(and(eq(schema.sectors.personType, '7'), isNull(schema.sectors.parentCode)));
        const last = Math.max(0, ...have.map((h) => h.sort));
        const added = sectorRows().filter(
          (r) => r.personType === '7' && ['1', '2'].includes(r.sectorCode) && !r.parentCode && !have.some((h) => h.code === r.sectorCode),
        );
        if (added.length) await tx.insert(schema.sectors).values(added.map((r, i) => ({ ...r, sort: last + i + 1 })));
      }
      // Version 7 adds the couriers staff ship with (寄出), with their tracking pages.
      if (from < 7)
        await tx
          .insert(schema.dictItems)
          .values(dictionaryRows().filter((r) => r.type === 'qh_express'))
          .onConflictDoNothing();
      // Version 8: the collective households became the office's settings; a demo database gets the demo's.
      if (collectives.length) await tx.insert(schema.collectiveHouseholds).values(collectives).onConflictDoNothing();
      return true;
    });
    if (upgraded) opts.log?.info(`database seed upgraded to version ${SEED_VERSION}`);
    return upgraded;
  }
  // Slow or disk work happens before the transaction (nothing but `tx` inside it).
  const divisions = divisionRows();
  const files = [
    ...data.announcements.flatMap((a) => a.attachments.map((f) => ({ ...f, kind: 'announcement', announcementSeedId: a.id }))),
    ...data.downloadFiles.map((f) => ({ ...f, announcementSeedId: null })),
    // The school's collective-household rules apply to every service.
    ...data.downloadFiles.filter((f) => f.kind === 'regulation').map((f) => ({ ...f, kind: 'commonRegulation', announcementSeedId: null })),
  ].map((f) => ({ ...f, content: pdf(f.fileName) }));
  const demoHashes = opts.demo ? await Promise.all(data.demoAccounts.map((a) => hashPassword(a.password))) : [];
  const collectives = opts.demo ? collectiveRows() : [];
  const window = data.defaultEnrolmentWindow(opts.now);

  const seeded = await db.transaction(async (tx) => {
    const marker = await tx.insert(schema.settings).values({ key: SEED_MARKER, value: SEED_VERSION }).onConflictDoNothing().returning();
    if (!marker.length) return false; // another instance seeded first
    await insertChunked(tx, schema.divisions, divisions);
    await insertChunked(tx, schema.dictItems, dictionaryRows());
    await insertChunked(tx, schema.sectors, sectorRows());
    await tx
      .insert(schema.policeStations)
      .values(
        data.policeStations.map((p, i) => ({ id: p.id, name: p.name, divisionCode: p.id.slice(0, 6), address: p.address, sort: i + 1 })),
      );
    await tx.insert(schema.settings).values([
      { key: 'enrolment.window', value: window },
      { key: 'sectors.tips', value: { ...data.sectorTips, default: data.defaultTips } },
      {
        key: 'contact',
        value: {
          officeName: `${data.contactInformation.organisation}${data.contactInformation.office}`,
          address: `${data.contactInformation.address}（邮编 ${data.contactInformation.postcode}）`,
          hours: data.contactInformation.hours,
          phones: data.contactInformation.phones.map((p) => ({ label: p.label, phone: p.number })),
          email: data.contactInformation.email,
          notes: `${data.contactInformation.hoursNote}。属地派出所：${data.contactInformation.policeStation}`,
        },
      },
    ]);
    await tx.insert(schema.banners).values(
      data.banners.map((b) => ({
        title: b.title,
        imageUrl: b.image,
        linkUrl: b.link && b.link.startsWith('/') && !b.link.startsWith('/web/') ? `/web${b.link}` : b.link,
        sort: b.sort,
      })),
    );
    const announcementIds = new Map<number, number>();
    for (const a of data.announcements) {
      const [row] = await tx
        .insert(schema.announcements)
        .values({ title: a.title, summary: summaryOf(a.body), content: a.body, publishedAt: new Date(a.publishedAt), pinned: a.pinned })
        .returning({ id: schema.announcements.id });
      announcementIds.set(a.id, row!.id);
    }
    await tx.insert(schema.publicFiles).values(
      files.map((f, i) => ({
        kind: f.kind,
        fileName: f.fileName,
        displayName: f.displayName,
        mime: 'application/pdf',
        content: f.content,
        size: f.content.length,
        announcementId: f.announcementSeedId ? announcementIds.get(f.announcementSeedId)! : null,
        sort: i + 1,
      })),
    );
    await insertChunked(tx, schema.serviceGuides, guideRows());
    await insertChunked(
      tx,
      schema.quotas,
      quotas.map((q) => ({ ...q, remaining: q.total })),
    );
    if (opts.demo) await seedDemo(tx, demoHashes, opts.now, collectives);
    return true;
  });
  if (seeded) opts.log?.info('database seeded');
  return seeded;
}

/**
 * The demo university's collective households with their stamped head pages (kept where the office has them). A real
 * deployment enters its own in the console (工作台「集体户」); move-ins cannot finish until it has.
 */
function collectiveRows() {
  return data.collectiveHouseholds.map((c) => {
    const content = readFileSync(filesDir + c.headPagePhoto);
    return {
      key: c.key,
      householdNo: c.hh,
      name: c.name,
      address: c.address,
      policeStationId: c.policeStationId,
      registeredOn: c.registeredOn,
      headPage: content,
      headPageHash: sha256(content),
    };
  });
}

async function seedDemo(tx: Executor, hashes: { hash: string; salt: string }[], now: Date, collectives: ReturnType<typeof collectiveRows>) {
  await tx.insert(schema.collectiveHouseholds).values(collectives).onConflictDoNothing();
  const ids = new Map<number, number>();
  await insertAccounts(tx, data.demoAccounts, hashes, now, ids);
  await seedDemo3(tx, ids, now);
}

/** Demo accounts added by version 3 (on upgrade they are created if missing). */
const DEMO_ACCOUNTS_3 = [9];

/** Demo accounts with their household records; `ids` maps seed ids to database ids (and is filled). */
async function insertAccounts(
  tx: Executor,
  accounts: readonly seedData.DemoAccount[],
  hashes: { hash: string; salt: string }[],
  now: Date,
  ids: Map<number, number>,
) {
  for (const [i, a] of accounts.entries()) {
    const [user] = await tx
      .insert(schema.users)
      .values({
        phone: a.phone,
        passwordHash: hashes[i]!.hash,
        passwordSalt: hashes[i]!.salt,
        name: a.xm,
        ...sealUser({ idNumber: a.sfzjh }),
        personType: a.rylb,
        studentNo: a.xh,
        staffNo: a.gzzh,
        loginType: '1',
        maritalStatusCode: a.hyzkm,
        educationCode: a.zhxlm,
        genderCode: a.xbm,
        ethnicCode: a.mzm,
        birthDate: a.csrq,
        departmentCode: a.dwh,
        nativePlace: a.jg,
        warningFlag: a.scfc,
        warningMessage: a.scfcmessage,
        familyOfUserId: a.familyOfId ? (ids.get(a.familyOfId) ?? null) : null,
      })
      .returning({ id: schema.users.id });
    ids.set(a.id, user!.id);
    const h = a.household;
    const status = HOUSEHOLD_STATUS[h.status];
    if (!status) continue;
    await tx.insert(schema.householdRecords).values(householdValues(user!.id, h, status));
    if (h.bookletStatus === '借出') await seedLoan(tx, user!.id, a.phone, now);
  }
}

/** A card out is a borrow application in 已借出 (the one source of a card's state), due back in 5 days. */
async function seedLoan(tx: Executor, userId: number, phone: string, now: Date) {
  const repos = createRepositories(tx);
  const day = 86400_000;
  const borrowedAt = new Date(now.getTime() - 9 * day);
  const submittedDay = chinaDate(new Date(borrowedAt.getTime() - 2 * day));
  const n = await repos.counters.increment(`sqbh:${submittedDay.replace(/-/g, '')}`);
  const jyrq = chinaDate(borrowedAt);
  const ghrq = chinaDate(new Date(now.getTime() + 5 * day));
  const app = await repos.applications.create({
    referenceNo: `HJ${submittedDay.replace(/-/g, '')}${String(n).padStart(6, '0')}`,
    kind: 'hkkjy',
    sub: '',
    userId,
    status: Status.handling,
    title: `借用户口卡 · 借用日期 ${jyrq}`,
    answers: { jyyy: '1', jyrq, ghrq, lqfs: '0', lxdh: phone },
    dueOn: ghrq,
    createdAt: new Date(borrowedAt.getTime() - 2 * day),
    updatedAt: borrowedAt,
  });
  for (const [from, to, at] of [
    [null, 1, borrowedAt.getTime() - 2 * day],
    [Status.submitted, Status.reviewing, borrowedAt.getTime() - day],
    [Status.reviewing, Status.handling, borrowedAt.getTime()],
  ] as const) {
    await repos.applications.addEvent({
      applicationId: app.id,
      actorRole: to === Status.submitted ? 'user' : 'staff',
      actorId: to === Status.submitted ? userId : null,
      fromStatus: from,
      toStatus: to,
      note: null,
      at: new Date(at),
    });
  }
}

const householdValues = (userId: number, h: seedData.HouseholdRecord, status: '1' | '2') => ({
  userId,
  status,
  householdNo: h.hh,
  collectiveName: h.hkmc,
  collectiveAddress: h.address,
  relationCode: h.yhzgx,
  policeStationId: h.policeStationId,
  movedInOn: h.qrrq,
  moveInKind: h.qrlb,
  formerAddress: h.qcd,
});

/** Version 3: family members of the staff account, finished move-outs with their migration certificates. */
async function seedDemo3(tx: Executor, ids: Map<number, number>, now: Date) {
  for (const m of data.demoFamilyMembers) {
    const headId = ids.get(m.familyOfId);
    if (!headId) continue;
    const [user] = await tx
      .insert(schema.users)
      .values({
        name: m.xm,
        ...sealUser({ idNumber: m.sfzjh }),
        personType: '5',
        loginType: '1',
        genderCode: m.xbm,
        ethnicCode: m.mzm,
        birthDate: m.csrq,
        nativePlace: m.jg,
        familyOfUserId: headId,
      })
      .returning({ id: schema.users.id });
    await tx.insert(schema.householdRecords).values(householdValues(user!.id, m.household, '1'));
  }
  const repos = createRepositories(tx);
  const day = 86400_000;
  for (const m of data.demoMoveOuts) {
    const userId = ids.get(m.accountId);
    if (!userId) continue;
    const finishedAt = new Date(now.getTime() - m.daysAgo * day);
    const submittedAt = new Date(finishedAt.getTime() - 5 * day);
    const submittedDay = chinaDate(submittedAt);
    const n = await repos.counters.increment(`sqbh:${submittedDay.replace(/-/g, '')}`);
    const answers = m.answers as { qwdq: { name: string }; qwxxdz: string };
    const address = addressOf(answers.qwdq, answers.qwxxdz);
    const handling = { lqdd: '行政楼一层108室户籍办公室', lqsj: '工作日 8:30-11:30 14:00-17:00' };
    const app = await repos.applications.create({
      referenceNo: `HJ${submittedDay.replace(/-/g, '')}${String(n).padStart(6, '0')}`,
      kind: 'qianchu',
      sub: m.sub,
      userId,
      status: Status.done,
      title: `毕业生迁出 · 迁往 ${addressOf(answers.qwdq, '')}`,
      answers: m.answers,
      handling,
      createdAt: submittedAt,
      updatedAt: finishedAt,
    });
    const steps: [number | null, number, number, string | null][] = [
      [null, 1, 0, null],
      [Status.submitted, Status.reviewing, 1, null],
      [Status.reviewing, Status.handling, 2, null],
      [Status.handling, Status.awaitingPickup, 3, `请于 ${handling.lqsj} 到 ${handling.lqdd} 领取户口迁移证`],
      [Status.awaitingPickup, Status.done, 5, null],
    ];
    for (const [from, to, after, note] of steps) {
      await repos.applications.addEvent({
        applicationId: app.id,
        actorRole: to === Status.submitted ? 'user' : 'staff',
        actorId: to === Status.submitted ? userId : null,
        fromStatus: from,
        toStatus: to,
        note,
        at: new Date(submittedAt.getTime() + after * day),
      });
    }
    const finishedDay = chinaDate(finishedAt);
    await repos.users.updateHousehold(userId, {
      status: '2',
      movedOutOn: finishedDay,
      migrationCertNo: await newMigrationCertNo(repos, finishedDay),
      migrationAddress: address,
      migrationValidUntil: addDays(finishedDay, MIGRATION_VALID_DAYS),
      addressLocked: m.addressLocked,
    });
  }
}
