// Database schema (drizzle, pg dialect). Tables use English names; wire names are mapped per resource.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  date,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** People who sign in: students, staff, family members, office staff. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 11 }),
    passwordHash: text('password_hash'),
    passwordSalt: text('password_salt'),
    name: text('name').notNull(),
    /** 身份证件号码, encrypted (AES-256-GCM, `v1:<base64 iv|ciphertext|tag>`, server/lib/field-crypto.ts); never in clear. */
    idNumber: text('id_number'),
    /** HMAC-SHA256 of the normalised ID number (hex): uniqueness and look-ups without decrypting. */
    idNumberHash: varchar('id_number_hash', { length: 64 }),
    personType: varchar('person_type', { length: 2 }).notNull(),
    /** Verified student number: set only by single sign-on, the office's roster (campus_roster) or the demo seed. */
    studentNo: varchar('student_no', { length: 32 }),
    /** Verified staff number: set only by single sign-on, the office's roster or the demo seed. */
    staffNo: varchar('staff_no', { length: 32 }),
    /**
     * The student or staff number typed at registration that the roster did not confirm: kept for the office, never
     * unique, never a sign-in name, never matched by single sign-on. A roster import binds it when name and ID number match.
     */
    claimedNo: varchar('claimed_no', { length: 32 }),
    /** How the account was created: '1' registered with a password, '2' unified login (CAS, no password). */
    loginType: varchar('login_type', { length: 1 }).notNull(),
    maritalStatusCode: varchar('marital_status_code', { length: 4 }),
    educationCode: varchar('education_code', { length: 4 }),
    genderCode: varchar('gender_code', { length: 2 }),
    ethnicCode: varchar('ethnic_code', { length: 4 }),
    birthDate: date('birth_date', { mode: 'string' }),
    departmentCode: varchar('department_code', { length: 32 }),
    nativePlace: text('native_place'),
    /** For a staff family member (rylb 5): the staff member's account (household head). */
    familyOfUserId: integer('family_of_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    warningFlag: varchar('warning_flag', { length: 1 }).notNull().default('0'),
    warningMessage: text('warning_message'),
    role: varchar('role', { length: 16 }).notNull().default('user'),
    /** Sign-in name of a staff account (role staff or admin); null for users. */
    username: varchar('username', { length: 32 }),
    /** A disabled account cannot sign in (staff accounts are disabled, never deleted: the audit log refers to them). */
    disabled: boolean('disabled').notNull().default(false),
    casUid: varchar('cas_uid', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_id_number_hash_uq').on(t.idNumberHash),
    uniqueIndex('users_student_no_uq').on(t.studentNo),
    uniqueIndex('users_staff_no_uq').on(t.staffNo),
    uniqueIndex('users_cas_uid_uq').on(t.casUid),
    uniqueIndex('users_username_uq').on(t.username),
    index('users_claimed_no_idx').on(t.claimedNo),
    check('users_role_ck', sql`${t.role} in ('user', 'staff', 'admin')`),
    // Staff accounts sign in by username only; users never have one.
    check('users_staff_username_ck', sql`(${t.role} = 'user') = (${t.username} is null)`),
  ],
);

/**
 * 校园身份名册: the campus numbers the office imports (student numbers from the academic office, staff numbers from
 * personnel). A registration whose number, name and ID number match a row is bound to that number (and to the CAS uid,
 * which is the campus number). Only the keyed hash of the ID number is kept.
 */
export const campusRoster = pgTable(
  'campus_roster',
  {
    campusNo: varchar('campus_no', { length: 32 }).primaryKey(),
    personType: varchar('person_type', { length: 2 }).notNull(),
    name: text('name').notNull(),
    /** HMAC-SHA256 of the normalised ID number (the same keyed hash as users.id_number_hash). */
    idNumberHash: varchar('id_number_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campus_roster_id_number_hash_idx').on(t.idNumberHash)],
);

/** Sessions: only the sha256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How this session signed in: '1' password, '2' unified login. */
    loginType: varchar('login_type', { length: 1 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    /** The browser's User-Agent at sign-in (first 200 characters): which device, for 在线用户. */
    userAgent: varchar('user_agent', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Image codes (captcha): text stored hashed, valid 2 minutes, single use. */
export const imageCodes = pgTable('image_codes', {
  uuid: varchar('uuid', { length: 36 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** SMS permits (smsTicket): a passed image code allows one SMS to one phone within 5 minutes. */
export const smsPermits = pgTable('sms_permits', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  phone: varchar('phone', { length: 11 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Phone tickets (phoneTicket): an SMS code checked at its step (verifySmsCode) becomes a ticket for one registration or
 * password reset of that phone (purpose register/forget), valid 10 minutes, single use; stored hashed.
 */
export const phoneTickets = pgTable('phone_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  phone: varchar('phone', { length: 11 }).notNull(),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Tickets of the development CAS (only without CAS_BASE_URL outside production): single use, 5 minutes. */
export const casTickets = pgTable('cas_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  uid: varchar('uid', { length: 64 }).notNull(),
  attributes: jsonb('attributes').notNull(),
  service: text('service').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** SMS codes: 6 digits, 5 minutes, 5 wrong tries burn it. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/** Outgoing SMS (the console/outbox sender records them; tests read the last code through a test hook). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 11 }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** Failed sign-ins per key (`account:<name>` or `ip:<addr>`): image code after 3, 15-minute lock after 10. */
export const loginFailures = pgTable('login_failures', {
  key: varchar('key', { length: 128 }).primaryKey(),
  count: integer('count').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Devices a person signed in from (the hash of the HttpOnly `hk_device` cookie's value): a sign-in from one of them
 * is not held back by the failures of unknown sources, so an attacker can slow the guessing of an account but never
 * keep its owner out (services/login-guard.ts). A new password forgets them.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    deviceHash: varchar('device_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceHash, t.userId] }), index('trusted_devices_user_idx').on(t.userId)],
);

/** Named counters (visit count). */
export const counters = pgTable('counters', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Key/value settings: enrolment window, sector tips, contact information. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 128 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Generic dictionaries and code lists: (type, value) → label, with sort order and a switch ('0' = disabled). */
export const dictItems = pgTable(
  'dict_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: varchar('type', { length: 64 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    parentValue: varchar('parent_value', { length: 64 }),
    remark: text('remark'),
    extra: jsonb('extra'),
  },
  (t) => [uniqueIndex('dict_items_type_value_uq').on(t.type, t.value), index('dict_items_type_idx').on(t.type, t.sort)],
);

/** GB/T 2260 administrative divisions: level 1 province, 2 city, 3 county/district. */
export const divisions = pgTable(
  'divisions',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    parentCode: varchar('parent_code', { length: 12 }),
  },
  (t) => [index('divisions_parent_idx').on(t.parentCode), check('divisions_level_ck', sql`${t.level} between 1 and 3`)],
);

/** 派出所: police stations, filterable by division code. */
export const policeStations = pgTable(
  'police_stations',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    name: text('name').notNull(),
    divisionCode: varchar('division_code', { length: 12 }).notNull(),
    address: text('address'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('police_stations_division_idx').on(t.divisionCode)],
);

/**
 * The university's collective households (集体户), in which every move-in lands: students (新生迁入), staff (教职工迁入
 * and their families), post-doctoral fellows. The office keeps them in the console (工作台「集体户」), with the photo
 * of each household's stamped head page (户主页) that the move-in vouchers carry.
 */
export const collectiveHouseholds = pgTable(
  'collective_households',
  {
    key: varchar('key', { length: 16 }).primaryKey(),
    /** 户号 */
    householdNo: varchar('household_no', { length: 32 }).notNull(),
    /** 户名 */
    name: text('name').notNull(),
    address: text('address').notNull(),
    policeStationId: varchar('police_station_id', { length: 32 })
      .notNull()
      .references(() => policeStations.id),
    /** 立户日期 YYYY-MM-DD */
    registeredOn: varchar('registered_on', { length: 10 }).notNull(),
    /** The stamped head page (JPEG, normalised on upload); null until the office uploads it. */
    headPage: bytea('head_page'),
    /** sha256 of head_page: the vouchers made from it are kept per photo. */
    headPageHash: varchar('head_page_hash', { length: 64 }),
    updatedAt: updatedAt(),
  },
  (t) => [check('collective_households_key_ck', sql`${t.key} in ('student', 'staff', 'postdoc')`)],
);

/** Home tiles per person type (rylb); rows with a parent code are sub-sectors (move-out 0–7 under 7). */
export const sectors = pgTable(
  'sectors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personType: varchar('person_type', { length: 2 }).notNull(),
    sectorCode: varchar('sector_code', { length: 8 }).notNull(),
    parentCode: varchar('parent_code', { length: 8 }),
    name: text('name').notNull(),
    /** The tile needs the household registered at the school (hkIn). */
    requiresHkIn: boolean('requires_hk_in').notNull().default(false),
    /** Disabled for this person type (shown greyed out). */
    disabled: boolean('disabled').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sectors_person_type_idx').on(t.personType, t.sort)],
);

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title'),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    summary: text('summary'),
    content: text('content'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    pinned: boolean('pinned').notNull().default(false),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_published_idx').on(t.publishedAt)],
);

/** Public downloads by file name: announcement attachments, samples, regulations. */
export const publicFiles = pgTable(
  'public_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** announcement | example | regulation | commonRegulation */
    kind: varchar('kind', { length: 32 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    displayName: text('display_name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('public_files_kind_name_uq').on(t.kind, t.fileName), index('public_files_announcement_idx').on(t.announcementId)],
);

/** 消息通知: notices to one user, with read state. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** apply | borrow | system */
    type: varchar('type', { length: 16 }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Related application (opens /details). */
    applicationId: integer('application_id').references((): AnyPgColumn => applications.id, { onDelete: 'set null' }),
    applicationNo: varchar('application_no', { length: 32 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt), check('notices_type_ck', sql`${t.type} in ('apply', 'borrow', 'system')`)],
);

/** Uploaded files: their bytes are in file_blobs under stored_name (content hash); the type comes from the content. */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storedName: varchar('stored_name', { length: 80 }).notNull(),
    originalName: text('original_name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.createdAt), check('uploads_size_ck', sql`${t.size} > 0`)],
);

/**
 * The bytes of uploads and generated vouchers, by stored name (content hash + extension, or the voucher's name): in
 * the database, so every instance sees them and one backup holds everything.
 */
export const fileBlobs = pgTable('file_blobs', {
  name: varchar('name', { length: 200 }).primaryKey(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

/** 我的户籍: one household-registration record per user. */
export const householdRecords = pgTable(
  'household_records',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** '1' 在册 (registered at the school), '2' 已迁出 (moved out). */
    status: varchar('status', { length: 1 }).notNull(),
    householdNo: varchar('household_no', { length: 32 }),
    collectiveName: text('collective_name'),
    collectiveAddress: text('collective_address'),
    /** GB/T 4761 relation code; null = member of a collective household. */
    relationCode: varchar('relation_code', { length: 4 }),
    policeStationId: varchar('police_station_id', { length: 32 }).references(() => policeStations.id),
    movedInOn: date('moved_in_on', { mode: 'string' }),
    moveInKind: text('move_in_kind'),
    formerAddress: text('former_address'),
    movedOutOn: date('moved_out_on', { mode: 'string' }),
    /** 户口迁移证 issued when a move-out is finished: number, destination, valid until (renewed by 延期/变更/补办). */
    migrationCertNo: varchar('migration_cert_no', { length: 40 }),
    migrationAddress: text('migration_address'),
    migrationValidUntil: date('migration_valid_until', { mode: 'string' }),
    /** A graduate's destination follows the employment dispatch: it cannot be changed (qyzbg), only reassigned. */
    addressLocked: boolean('address_locked').notNull().default(false),
    /** '0' 在户籍办, '1' 已借出 (overdue is derived from the due date). */
    bookletStatus: varchar('booklet_status', { length: 1 }).notNull().default('0'),
    bookletDueOn: date('booklet_due_on', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('household_records_status_ck', sql`${t.status} in ('1', '2')`),
    check('household_records_booklet_ck', sql`${t.bookletStatus} in ('0', '1')`),
  ],
);

/**
 * 申请: every submitted form of every service, one lifecycle (status 1-9, services.md). answers hold the form
 * as sent (wire field names, shaped by kind); attachments [{fileId, clmc}] reference uploads of the user.
 */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 申请编号 sqbh: HJ + China date + 6-digit number of the day. */
    referenceNo: varchar('reference_no', { length: 20 }).notNull(),
    /** ServiceCode */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Sub-service ('' when the kind has one): qianchu graduate…, qianru 1-3, qtbs change. */
    sub: varchar('sub', { length: 32 }).notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    /** Move-in stage ('1' 准迁证, '2' 落户), null for other kinds. */
    stage: varchar('stage', { length: 1 }),
    /** One-line summary for lists. */
    title: text('title').notNull(),
    answers: jsonb('answers').notNull(),
    attachments: jsonb('attachments').notNull().default([]),
    /** Filled by staff along the way: reason, lqdd/lqsj, kdgs/kddh, ghrq. */
    handling: jsonb('handling').notNull().default({}),
    /** The appointment quota this application holds (given back on 8 and 9). */
    slotDay: date('slot_day', { mode: 'string' }),
    slotChannel: varchar('slot_channel', { length: 10 }),
    /** When something lent is due back (借用户口卡 ghrq). */
    dueOn: date('due_on', { mode: 'string' }),
    /** Optimistic concurrency: every change increments it. */
    version: integer('version').notNull().default(1),
    /** The staff member who has it (认领 or 分派), or null; not a change of the application (the version stays). */
    assigneeId: integer('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('applications_reference_no_uq').on(t.referenceNo),
    index('applications_assignee_idx')
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
    // One application in progress (1-6) per user and service, also under concurrent submits.
    uniqueIndex('applications_one_active_uq')
      .on(t.userId, t.kind, t.sub)
      .where(sql`${t.status} between 1 and 6`),
    index('applications_user_idx').on(t.userId, t.updatedAt),
    index('applications_status_idx').on(t.status, t.createdAt),
    index('applications_due_idx')
      .on(t.dueOn)
      .where(sql`${t.dueOn} is not null`),
    check('applications_status_ck', sql`${t.status} between 1 and 9`),
  ],
);

/** The timeline of an application: who moved it, when, from which status to which, with a note. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** user | staff | system */
    actorRole: varchar('actor_role', { length: 8 }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.id),
    check('application_events_actor_ck', sql`${t.actorRole} in ('user', 'staff', 'system')`),
  ],
);

/** Reminders already sent for an application (borrow: due soon, overdue), so each is sent once. */
export const applicationReminders = pgTable(
  'application_reminders',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.kind] })],
);

/** Idempotency keys: the same key from the same user for the same operation answers the first result (24 h). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: varchar('operation', { length: 64 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    /** sha256 of the request body: the same key with another body is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** What the first request created or changed (an application, or a question for feedback). */
    resourceId: integer('resource_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operation, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Appointment quotas per kind, channel (sfzbl: blfs; '' otherwise) and day; booking is a conditional decrement. */
export const quotas = pgTable(
  'quotas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 16 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotas_kind_channel_day_uq').on(t.kind, t.channel, t.day),
    check('quotas_remaining_ck', sql`${t.remaining} >= 0`),
    check('quotas_total_ck', sql`${t.total} >= 0`),
  ],
);

/** 办事指南 per guide code (a ServiceCode or `<code>-<sub>`); content is the wire shape without regulations. */
export const serviceGuides = pgTable('service_guides', {
  code: varchar('code', { length: 40 }).primaryKey(),
  title: text('title').notNull(),
  content: jsonb('content').notNull(),
  updatedAt: updatedAt(),
});

/** 问答反馈: a user's question and the office's answer; public ones are shown to everybody without the asker. */
export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** ServiceCode the question is about, if any. */
    topic: varchar('topic', { length: 16 }),
    /** 联系电话: optional, for staff to call the asker back; never shown to other users. */
    contactPhone: varchar('contact_phone', { length: 11 }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    public: boolean('public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_idx').on(t.userId, t.createdAt), index('feedback_public_idx').on(t.public, t.createdAt)],
);

/** 好差评: the applicant's one rating of a finished application; 不满意 or worse (score <= 2) is flagged for follow-up. */
export const ratings = pgTable(
  'ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ServiceCode of the application (kept for per-service figures). */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** 5 非常满意, 4 满意, 3 基本满意, 2 不满意, 1 非常不满意 */
    score: smallint('score').notNull(),
    comment: text('comment'),
    flagged: boolean('flagged').notNull(),
    followUpNote: text('follow_up_note'),
    followedUpAt: timestamp('followed_up_at', { withTimezone: true }),
    followedUpBy: integer('followed_up_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Rated once: a second rating of the same application is refused by the database too.
    uniqueIndex('ratings_application_uq').on(t.applicationId),
    index('ratings_kind_idx').on(t.kind, t.createdAt),
    index('ratings_flagged_idx')
      .on(t.createdAt)
      .where(sql`${t.flagged}`),
    check('ratings_score_ck', sql`${t.score} between 1 and 5`),
  ],
);

/**
 * 审计日志: every staff action and every staff view of an applicant's personal data. Append-only: a trigger
 * (migration audit_log_append_only) refuses UPDATE, DELETE and TRUNCATE. The staff member's name is kept as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** No cascade: staff accounts are disabled, never deleted, while entries refer to them. */
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    staffName: text('staff_name').notNull(),
    staffUsername: varchar('staff_username', { length: 32 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }),
    targetId: varchar('target_id', { length: 64 }),
    summary: text('summary').notNull(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * Sign-in records (登录日志) of users and staff, successes and refusals, kept 180 days (housekeeping). The name typed
 * is stored only when it matched no account, and then masked; a known account is referred to by id.
 */
export const loginRecords = pgTable(
  'login_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user' (the app) or 'staff' (the console). */
    realm: varchar('realm', { length: 8 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The masked name typed, when it matched no account. */
    attemptedName: varchar('attempted_name', { length: 64 }),
    /** 'password', 'cas' (unified sign-on) or 'register'. */
    method: varchar('method', { length: 16 }).notNull(),
    success: boolean('success').notNull(),
    /** Why a sign-in was refused (the message the person saw). */
    reason: varchar('reason', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 200 }),
  },
  (t) => [index('login_records_at_idx').on(t.at), index('login_records_user_idx').on(t.userId)],
);

/**
 * The scheduled jobs (定时任务), one row each: who runs it now. An instance takes a job by setting running_by where it
 * is empty (or held longer than a run can last: a crashed instance), and clears it when done, so one instance runs a
 * job at a time, scheduled or 立即执行.
 */
export const jobs = pgTable('jobs', {
  name: varchar('name', { length: 32 }).primaryKey(),
  runningBy: varchar('running_by', { length: 64 }),
  runningSince: timestamp('running_since', { withTimezone: true }),
});

/** Each run of a job (定时任务 日志): when, how long, the outcome, where, and who asked for it (立即执行). Kept 90 days. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    job: varchar('job', { length: 32 }).notNull(),
    /** 'schedule' or 'manual'. */
    trigger: varchar('trigger', { length: 8 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms'),
    /** null while running. */
    ok: boolean('ok'),
    /** What failed, as a class and code (never the message: it may quote data). */
    error: varchar('error', { length: 100 }),
    instance: varchar('instance', { length: 64 }).notNull(),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt)],
);

/** The running instances (服务监控): each writes its figures every 15 s and removes its row when it stops. */
export const instances = pgTable('instances', {
  id: varchar('id', { length: 36 }).primaryKey(),
  host: varchar('host', { length: 64 }).notNull(),
  pid: integer('pid').notNull(),
  version: varchar('version', { length: 32 }).notNull(),
  node: varchar('node', { length: 16 }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  /** rssBytes, heapUsedBytes, heapTotalBytes, eventLoopLagMs, requests: read from the instance's /metrics registry. */
  figures: jsonb('figures').notNull(),
});

/**
 * 电子证明: every document the office issues (户籍证明, the move-in vouchers), signed, with a public verification code.
 * The file is in file_blobs under stored_name; sha256 is of those very bytes. A new edition of the same document
 * (its data changed, or the office issued it again after revoking) replaces the one before (replaced_by).
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 核验码: 20 Crockford base32 characters, 100 random bits. */
    code: varchar('code', { length: 20 }).notNull(),
    /** 文件编号, e.g. HJZM2026000123. */
    number: varchar('number', { length: 32 }).notNull(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'hjzm' 户籍证明, 'hkk' 常住人口登记卡, 'hzsy' 集体户口簿户主页. */
    kind: varchar('kind', { length: 8 }).notNull(),
    title: text('title').notNull(),
    /** The holder's name as the check page shows it (张*远). */
    holderMasked: varchar('holder_masked', { length: 64 }).notNull(),
    storedName: varchar('stored_name', { length: 200 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** The signing certificate's SHA-256 fingerprint, and whether it was the server's self-signed one. */
    certificate: varchar('certificate', { length: 64 }).notNull(),
    selfSigned: boolean('self_signed').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** null = does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    revokeReason: text('revoke_reason'),
    replacedBy: integer('replaced_by').references((): AnyPgColumn => documents.id),
  },
  (t) => [
    uniqueIndex('documents_code_idx').on(t.code),
    uniqueIndex('documents_number_idx').on(t.number),
    uniqueIndex('documents_stored_name_idx').on(t.storedName),
    index('documents_application_idx').on(t.applicationId, t.kind, t.issuedAt),
    check('documents_kind_ck', sql`${t.kind} in ('hjzm', 'hkk', 'hzsy')`),
  ],
);
