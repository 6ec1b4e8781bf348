// What a finished move-in or move-out changes in the household records (run by the applications state machine
// inside the transaction of the move, so the record and the status change commit together):
// - 迁入 (qianru stage 2, 新生迁入 that moves in) → the person is registered in a collective household (在册);
//   family members become accounts of their own (rylb 5) registered with the staff member;
// - 迁出 → 已迁出 with the 户口迁移证 issued (number, destination, valid 30 days; a graduate's dispatched
//   destination is locked); 改派, 延期, 地址变更 and 补办 renew the certificate; 注销 ends the registration.
// The vouchers of a move-in that reaches 已办结 are made after the commit of that move, not here (rendering a PDF or
// writing to storage inside the transaction would hold every other query): VoucherService.afterMove, called by
// ApplicationService.transition.
import { addressOf } from '../lib/address.ts';
import type { Schemas } from '../lib/contract.ts';
import { AppError } from '../lib/envelope.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { CollectiveKey } from '../repositories/collective-households.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import { addDays } from './appointments.ts';
import { chinaDate, type Clock } from './clock.ts';
import { Status } from '../domain/index.ts';

/** Days a 户口迁移证 is valid (and a renewal adds). */
export const MIGRATION_VALID_DAYS = 30;

/** A person of a move-in (迁入的人, 随迁人员). */
export type Person = Schemas['PersonInfo'];

type Region = Schemas['Region'];

/**
 * The answers of the move-in kinds as stored (迁入 or 新生迁入; the hooks run only for a 新生迁入 that moves in, which
 * has its person, origin and address).
 */
export type MoveInAnswers = Partial<Schemas['QianruAnswers']> &
  Partial<Schemas['YingxinAnswers']> & { ryxx: Person; yhkszd: Region; yhkxxdz: string };

/** The answers of the move-outs and of 迁移证地址变更, as the hooks read them. */
type MoveOutAnswers = Partial<Schemas['QianchuAnswers']> & Partial<Schemas['QyzbgAnswers']>;

/** The collective household a move-in lands in: qrlx 1 博士后, 2 and 3 教职工 (3 joins the head's), 新生 student. */
export const collectiveKeyOf = (app: Pick<ApplicationRow, 'kind' | 'sub'>): CollectiveKey =>
  app.kind === 'yingxin' ? 'student' : app.sub === '1' ? 'postdoc' : 'staff';

/** That household as the office keeps it (工作台「集体户」), or null while it is not set up. */
export const collectiveOfMoveIn = (r: Repositories, app: Pick<ApplicationRow, 'kind' | 'sub'>) =>
  r.collectiveHouseholds.find(collectiveKeyOf(app));

export const COLLECTIVE_MISSING = '集体户信息尚未设置，请管理员在工作台「集体户」中设置后再办结';

/** The people of a family move-in (随迁人员 1…n): qrlx 3 is ryxx and sqjs; qrlx 2 brings sqjs along. */
export const familyMembersOf = (answers: { qrlx?: string; ryxx: Person; sqjs?: Person[] }) =>
  answers.qrlx === '3' ? [answers.ryxx, ...(answers.sqjs ?? [])] : (answers.sqjs ?? []);

/** A new 户口迁移证 number: 京 + year + a 6-digit number of the year. */
export async function newMigrationCertNo(r: Repositories, day: string): Promise<string> {
  const year = day.slice(0, 4);
  const n = await r.counters.increment(`qyzbh:${year}`);
  return `京${year}${String(n % 1_000_000).padStart(6, '0')}`;
}

const MOVE_IN_KIND: Record<string, string> = { '1': '博士后进站', '2': '工作调入', '3': '家属随迁', yingxin: '学生入学' };

/** Why finishing (已办结) a movement would be refused now, or null. */
export type Refusal = (r: Repositories, app: ApplicationRow) => Promise<string | null>;

/** The household head a family move-in (qrlx 3) joins: the applicant (教职工) or the staff member named by hzgzzh. */
async function headOf(r: Repositories, user: UserRow, a: MoveInAnswers) {
  const head = user.personType === '4' ? user : await r.users.findByStudentOrStaffNo(a.hzgzzh ?? '');
  const record = head ? await r.users.household(head.id) : null;
  return head && record?.status === '1' ? { head, record } : null;
}

/**
 * A move-in that cannot finish: stage 1 (the applicant has not continued with the 迁移证), a family move-in whose
 * head is not registered at the school, or a family member already registered at the school (their record would
 * be taken over). The hook below refuses by the same rule; the console offers 办结 only where it is null.
 */
const moveInRefusal: Refusal = async (r, app) => {
  const a = app.answers as MoveInAnswers;
  if (app.kind === 'qianru' && app.stage !== '2') return '申请人尚未继续提交迁移证信息，不能办结';
  if (app.kind === 'yingxin' && a.sfqr !== '1') return null;
  const family = app.kind === 'qianru' && a.qrlx === '3';
  if (!family && !(await collectiveOfMoveIn(r, app))) return COLLECTIVE_MISSING;
  const user = await r.users.findById(app.userId);
  if (!user) return null;
  let self: UserRow | null = null;
  if (app.kind === 'qianru' && a.qrlx === '3') {
    const found = await headOf(r, user, a);
    if (!found) return '户主户口不在本校，不能办结家属随迁';
    // A family member applying for themselves is the first member: their own account joins.
    if (found.head.id !== user.id) self = user;
  }
  for (const [i, m] of familyMembersOf(a).entries()) {
    if (i === 0 && self) continue;
    const existing = await r.users.findByIdNumber(m.sfzjh);
    if (existing && (await r.users.household(existing.id))?.status === '1') return `${m.xm}的户口已在本校，不能办结`;
  }
  return null;
};

/** A move-out cannot finish while the household card of the applicant or of a family member moving along is out. */
const moveOutRefusal: Refusal = async (r, app) => {
  const a = app.answers as MoveOutAnswers;
  // The card must be back first: once moved out, nobody would follow a card still out up.
  for (const id of [app.userId, ...(a.sqcjs ?? [])]) {
    if (await r.applications.cardOut(id)) return '户口卡尚未归还，请先办理归还，再办结迁出';
  }
  return null;
};

/** The refusals of finishing, per kind (the hooks' own rules). */
export const movementRefusals: Record<string, Refusal> = { qianru: moveInRefusal, yingxin: moveInRefusal, qianchu: moveOutRefusal };

async function refuse(rule: Refusal, r: Repositories, app: ApplicationRow) {
  const why = await rule(r, app);
  if (why) throw new AppError(409, why);
}

export function createMovementHooks(clock: Clock) {
  const today = () => chinaDate(clock.now());

  /**
   * The person's own data as the 迁移证 gives it (the ID number only where the account has none, and no other account
   * holds it: ID numbers are unique, users_id_number_hash_uq).
   */
  async function updatePerson(r: Repositories, user: UserRow, p: Person, extra: Partial<UserRow> = {}) {
    const takeIdNumber = !user.idNumber && !(await r.users.findByIdNumber(p.sfzjh));
    await r.users.update(user.id, {
      genderCode: p.xbm,
      ethnicCode: p.mzm,
      birthDate: p.csrq,
      ...(takeIdNumber ? { idNumber: p.sfzjh } : {}),
      ...extra,
    });
  }

  /** Registers one person in a household: in the collective, or with a head (relation code) in the head's. */
  async function register(
    r: Repositories,
    userId: number,
    where: { householdNo: string | null; name: string | null; address: string | null; policeStationId: string | null },
    relationCode: string | null,
    kind: string,
    formerAddress: string,
  ) {
    await r.users.upsertHousehold({
      userId,
      status: '1',
      householdNo: where.householdNo,
      collectiveName: where.name,
      collectiveAddress: where.address,
      relationCode,
      policeStationId: where.policeStationId,
      movedInOn: today(),
      moveInKind: kind,
      formerAddress,
      movedOutOn: null,
      migrationCertNo: null,
      migrationAddress: null,
      migrationValidUntil: null,
      addressLocked: false,
    });
  }

  /**
   * Family members join the head's household: an account each (rylb 5, no sign-in; an existing one by ID number),
   * relation from the form. `applicant`: a family member who applied for themselves (the first member).
   */
  async function joinFamily(
    r: Repositories,
    head: UserRow,
    headRecord: HouseholdRow,
    members: Person[],
    applicant: UserRow | null,
    formerAddress: string,
  ) {
    const where = {
      householdNo: headRecord.householdNo,
      name: headRecord.collectiveName,
      address: headRecord.collectiveAddress,
      policeStationId: headRecord.policeStationId,
    };
    for (const [i, m] of members.entries()) {
      const existing = i === 0 && applicant ? applicant : await r.users.findByIdNumber(m.sfzjh);
      // The form checks this only against the applicant's own family (no answer to an applicant tells whether a
      // stranger's ID number is registered here); staff are told by moveInRefusal before anything changes, and
      // here still, should a member have been registered by this very move (one ID number given twice).
      if (existing && existing !== applicant && (await r.users.household(existing.id))?.status === '1')
        throw new AppError(409, `${m.xm}的户口已在本校，不能办结`);
      const member = existing
        ? ((await r.users.update(existing.id, { familyOfUserId: head.id })) ?? existing)
        : await r.users.create({ name: m.xm, idNumber: m.sfzjh, personType: '5', loginType: '1', familyOfUserId: head.id });
      await updatePerson(r, member, m);
      await register(r, member.id, where, m.yhzgx ?? null, MOVE_IN_KIND['3']!, formerAddress);
    }
    if (!headRecord.relationCode) await r.users.updateHousehold(head.id, { relationCode: '02' });
  }

  async function movedIn(r: Repositories, app: ApplicationRow) {
    await refuse(moveInRefusal, r, app);
    const a = app.answers as MoveInAnswers;
    const user = (await r.users.findById(app.userId))!;
    const formerAddress = addressOf(a.yhkszd, a.yhkxxdz);
    const members = familyMembersOf(a);
    if (app.kind === 'qianru' && a.qrlx === '3') {
      const { head, record } = (await headOf(r, user, a))!;
      await joinFamily(r, head, record, members, head.id === user.id ? null : user, formerAddress);
      return;
    }
    const c = await collectiveOfMoveIn(r, app);
    if (!c) throw new AppError(409, COLLECTIVE_MISSING);
    const where = { householdNo: c.householdNo, name: c.name, address: c.address, policeStationId: c.policeStationId };
    const headOfFamily = members.length > 0;
    await register(
      r,
      user.id,
      where,
      headOfFamily ? '02' : null,
      MOVE_IN_KIND[app.kind === 'yingxin' ? 'yingxin' : a.qrlx!]!,
      formerAddress,
    );
    await updatePerson(r, user, a.ryxx, {
      ...(a.hyzkm ? { maritalStatusCode: a.hyzkm } : {}),
      ...(a.xlm ? { educationCode: a.xlm } : {}),
      ...(a.dwh ? { departmentCode: a.dwh } : {}),
    });
    if (headOfFamily) await joinFamily(r, user, (await r.users.household(user.id))!, members, null, formerAddress);
  }

  /** A 户口迁移证 issued (or issued again) to a person. */
  async function issue(r: Repositories, userId: number, patch: { address?: string; locked?: boolean; leave?: boolean }) {
    const day = today();
    await r.users.updateHousehold(userId, {
      ...(patch.leave ? { status: '2' as const, movedOutOn: day } : {}),
      migrationCertNo: await newMigrationCertNo(r, day),
      ...(patch.address !== undefined ? { migrationAddress: patch.address } : {}),
      migrationValidUntil: addDays(day, MIGRATION_VALID_DAYS),
      ...(patch.locked !== undefined ? { addressLocked: patch.locked } : {}),
    });
  }

  const finished =
    (hook: (r: Repositories, app: ApplicationRow) => Promise<void>) => async (r: Repositories, app: ApplicationRow, to: number) => {
      if (to === Status.done) await hook(r, app);
    };

  return {
    qianru: finished(movedIn),
    yingxin: finished(async (r, app) => {
      if ((app.answers as MoveInAnswers).sfqr === '1') await movedIn(r, app);
    }),
    qianchu: finished(async (r, app) => {
      await refuse(moveOutRefusal, r, app);
      const a = app.answers as MoveOutAnswers;
      const address = addressOf(a.qwdq, a.qwxxdz);
      // A graduate dispatched to an employer (接收单位) keeps that destination: changed only by 改派.
      const locked = ['graduate', 'reassignment'].includes(app.sub) && !!a.jsdw?.trim();
      if (app.sub === 'reassignment') return issue(r, app.userId, { address, locked });
      await issue(r, app.userId, { address, locked, leave: true });
      for (const id of a.sqcjs ?? []) await issue(r, id, { address, locked: false, leave: true });
    }),
    qyzyq: finished(async (r, app) => {
      await r.users.updateHousehold(app.userId, { migrationValidUntil: addDays(today(), MIGRATION_VALID_DAYS) });
    }),
    qyzbg: finished(async (r, app) => {
      const a = app.answers as MoveOutAnswers;
      await issue(r, app.userId, { address: addressOf(a.xqwdq, a.xqwxxdz) });
    }),
    qykbb: finished(async (r, app) => issue(r, app.userId, {})),
    zxhkzmkj: finished(async (r, app) => {
      await r.users.updateHousehold(app.userId, {
        status: '2',
        movedOutOn: today(),
        migrationCertNo: null,
        migrationAddress: null,
        migrationValidUntil: null,
      });
    }),
  };
}
