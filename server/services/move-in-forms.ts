// The move-in forms: 博士后迁入, 教职工迁入, 家属随迁 (/api/qianru, two stages: 准迁证, then 落户 with the 迁移证
// through continueSubmit) and 新生迁入 (/api/yingxin, only inside the enrolment window). Each checks its rules
// (Chinese messages on fields, or code 100 for business refusals) and turns the body into an application form.
import type { components } from '../../shared/contract/schema';
import { birthDateOf, genderCodeOf, isValidIdNumber } from '../lib/id-number.ts';
import { bizError } from '../lib/envelope.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { UserRow } from '../repositories/users.ts';
import type { AttachmentRef, ApplicationForm } from './application-form.ts';
import { kindName } from '../domain/index.ts';
import { addSeconds, chinaDate, type Clock } from './clock.ts';
import { type DailyForms } from './daily-forms.ts';
import { attachmentsOf, compact, fieldError, optionalText, requireMaterial, text, type FormContext } from './form-checks.ts';
import { familyMembersOf, type Person } from './movement-hooks.ts';
import { enrolmentOpen, type EnrolmentWindow } from './sectors.ts';

type S = components['schemas'];

/** Material names (attachments[].clmc) the server asks for. */
export const MATERIAL = {
  qyz: '迁移证',
  admission: '录取通知书',
  postdoc: '博士后进站审批表',
  staff: '北京市落户批复或人才引进批准文件',
} as const;

export const MOVE_IN_MSG = {
  type: '您的人员类型不能办理该迁入业务',
  newStudentType: '您的人员类型不能办理新生迁入',
  alreadyIn: '您的户口已在本校，无需迁入',
  idMismatch: '身份证件号与账号信息不一致',
  head: '户主信息不存在或户口不在本校',
  /** One answer for every way a named household head fails the proof: never which field was wrong. */
  headMismatch: '户主信息不匹配，请核对户主姓名、工作证号和身份证件号码',
  headLocked: '户主信息核对不符次数过多，请24小时后再试',
  ownHead: '家属随迁须以教职工本人为户主',
  window: '当前不在新生迁入办理时间内',
} as const;

/**
 * A family member naming their household head proves it with the head's name, staff number and full ID number.
 * Attempts are counted per applicant in the database (login_failures, key hzcheck:u:<id>): an attempt is counted
 * before its check and given back when it matches, so concurrent guesses cannot pass a count read earlier; after
 * HEAD_CHECK_LIMIT mismatches (each within a day of the one before) no check is made for HEAD_CHECK_SECONDS.
 * A match never clears the count (a known head cannot be used to reset the guessing of another).
 */
export const HEAD_CHECK_LIMIT = 5;
export const HEAD_CHECK_SECONDS = 24 * 3600;
const headCheckKey = (userId: number) => `hzcheck:u:${userId}`;

/** Names compared as people write them: no spaces, one middle dot (阿依古丽·买买提). */
const sameName = (a: string, b: string) => {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .replace(/\s+/g, '')
      .replace(/[•・．.]/g, '·');
  return norm(a) === norm(b);
};

/** Person types allowed per qrlx: 1 博士后, 2 教职工, 3 家属随迁 (the staff member for the family, or a family member). */
const QRLX_TYPES: Record<string, string[]> = { '1': ['3'], '2': ['4'], '3': ['4', '5'] };

/** 随迁人员N: the material of family member N (1-based) starts with it, e.g. 随迁人员2（刘小明）. */
const memberMaterial = (n: number) => new RegExp(`^随迁人员${n}(?![0-9])`);

export function createMoveInForms(repos: Repositories, daily: DailyForms, clock: Clock) {
  const today = () => chinaDate(clock.now());

  /** A person as the 迁移证 lists them: a valid ID number that carries the date of birth and the gender. */
  async function person(p: S['PersonInfo'], field: string, relation: boolean): Promise<Person> {
    const xm = text(p.xm, `${field}.xm`, '请填写姓名');
    const sfzjh = p.sfzjh.toUpperCase();
    if (!isValidIdNumber(sfzjh)) throw fieldError(`${field}.sfzjh`, '身份证件号码格式错误');
    if (p.csrq !== birthDateOf(sfzjh)) throw fieldError(`${field}.csrq`, '出生日期与身份证件号码不一致');
    await daily.choice('qh_gender', p.xbm, `${field}.xbm`, '请选择性别');
    if (p.xbm !== genderCodeOf(sfzjh)) throw fieldError(`${field}.xbm`, '性别与身份证件号码不一致');
    await daily.choice('gb_mz', p.mzm, `${field}.mzm`, '请选择民族');
    if (!relation) return { xm, xbm: p.xbm, mzm: p.mzm, csrq: p.csrq, sfzjh };
    await daily.choice('qh_yhzgx', p.yhzgx ?? '', `${field}.yhzgx`, '请选择与户主关系');
    return { xm, xbm: p.xbm, mzm: p.mzm, csrq: p.csrq, sfzjh, yhzgx: p.yhzgx };
  }

  /** 原户口所在地: a division code that exists and the detailed address. */
  async function origin(region: S['Region'] | undefined, detail: string | undefined) {
    if (!region || !(await repos.divisions.find(region.code))) throw fieldError('yhkszd', '请选择原户口所在地');
    return { yhkszd: { code: region.code, name: region.name.trim() }, yhkxxdz: text(detail, 'yhkxxdz', '请填写原户口所在地详细地址') };
  }

  const ownIdNumber = (ctx: FormContext, p: Person) => {
    if (ctx.user.idNumber && ctx.user.idNumber.toUpperCase() !== p.sfzjh) throw bizError(MOVE_IN_MSG.idMismatch);
  };

  /**
   * The household head a family member names (qrlx 3 by rylb 5): a staff member registered at the school whose name,
   * staff number and full ID number all match what was typed. Every failure has one answer (code 100) and counts
   * against the applicant; a locked applicant is refused before any check, so nothing is learnt while locked.
   */
  async function provenHead(user: UserRow, hzgzzh: string, body: S['QianruAnswers']): Promise<UserRow> {
    const hzxm = text(body.hzxm, 'hzxm', '请填写户主姓名');
    const hzsfzjh = text(body.hzsfzjh, 'hzsfzjh', '请填写户主身份证件号码').toUpperCase();
    if (!isValidIdNumber(hzsfzjh)) throw fieldError('hzsfzjh', '身份证件号码格式错误');
    const now = clock.now();
    const key = headCheckKey(user.id);
    const [prior] = await repos.loginFailures.get([key]);
    if (prior?.lockedUntil && prior.lockedUntil > now) throw bizError(MOVE_IN_MSG.headLocked);
    const attempt = await repos.loginFailures.recordFailure(key, {
      now,
      forgetBefore: addSeconds(now, -HEAD_CHECK_SECONDS),
      restartAt: 0,
      lockAt: HEAD_CHECK_LIMIT,
      lockedUntil: addSeconds(now, HEAD_CHECK_SECONDS),
    });
    if (attempt.count > HEAD_CHECK_LIMIT) throw bizError(MOVE_IN_MSG.headLocked);
    const head = await repos.users.findByStudentOrStaffNo(hzgzzh);
    const record = head?.personType === '4' ? await repos.users.household(head.id) : null;
    const matches = !!head && record?.status === '1' && sameName(head.name, hzxm) && (head.idNumber ?? '').toUpperCase() === hzsfzjh;
    if (!matches) throw bizError(MOVE_IN_MSG.headMismatch);
    await repos.loginFailures.giveBack(key, HEAD_CHECK_LIMIT);
    return head;
  }

  /**
   * Family members: distinct ID numbers (among themselves, the applicant and the household head), each with their
   * documents. Whether a typed ID number belongs to someone registered at the school is asked only of the head's
   * own family when the applicant is the head (`household`: the ID numbers of their family registered at the
   * school), so no answer tells anything about a stranger's ID number; anyone else is caught when staff finish the
   * move-in (movement-hooks).
   */
  async function family(members: Person[], fields: string[], attachments: AttachmentRef[], others: string[], household: Set<string>) {
    const seen = new Set(others);
    for (const [i, m] of members.entries()) {
      if (seen.has(m.sfzjh)) throw fieldError(`${fields[i]}.sfzjh`, '随迁人员身份证件号码重复');
      seen.add(m.sfzjh);
      if (household.has(m.sfzjh)) throw bizError(`${m.xm}的户口已在本校，无需迁入`);
      if (!attachments.some((a) => memberMaterial(i + 1).test(a.clmc ?? ''))) throw bizError(`请上传随迁人员${i + 1}（${m.xm}）的证件材料`);
    }
  }

  /** The ID numbers of the staff member's family registered at the school (their own household). */
  async function ownFamilyIn(headId: number): Promise<Set<string>> {
    const rows = await repos.users.familyOf(headId);
    return new Set(rows.filter((r) => r.household?.status === '1' && r.user.idNumber).map((r) => r.user.idNumber!.toUpperCase()));
  }

  /** The 迁移证 data and photo of stage 2 stay when the form of stage 1 is corrected. */
  function keepStage2(editing: ApplicationRow | null, attachments: AttachmentRef[]) {
    if (editing?.stage !== '2') return { qyz: undefined, attachments };
    const qyz = (editing.answers as { qyz?: unknown }).qyz;
    const kept = attachments.some((a) => a.clmc === MATERIAL.qyz)
      ? []
      : (editing.attachments as AttachmentRef[]).filter((a) => a.clmc === MATERIAL.qyz);
    return { qyz, attachments: [...attachments, ...kept] };
  }

  return {
    /** 博士后迁入 (1), 教职工迁入 (2, family may come along), 家属随迁 (3, the staff member is the household head). */
    async qianru(body: S['QianruAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      const { user, household } = ctx;
      const qrlx = body.qrlx;
      if (!QRLX_TYPES[qrlx]!.includes(user.personType)) throw bizError(MOVE_IN_MSG.type);
      const staffForFamily = qrlx === '3' && user.personType === '4';
      if (!staffForFamily && household?.status === '1') throw bizError(MOVE_IN_MSG.alreadyIn);

      let hzgzzh: string | undefined;
      let hzxm: string | undefined;
      let headIdNumber: string | null = null;
      if (qrlx === '3') {
        hzgzzh = text(body.hzgzzh, 'hzgzzh', '请填写户主工作证号');
        if (staffForFamily) {
          if (hzgzzh !== user.staffNo) throw bizError(MOVE_IN_MSG.ownHead);
          if (household?.status !== '1') throw bizError(MOVE_IN_MSG.head);
          hzxm = user.name;
          headIdNumber = user.idNumber;
        } else {
          const head = await provenHead(user, hzgzzh, body);
          hzxm = head.name;
          headIdNumber = head.idNumber;
        }
      }

      const ryxx = await person(body.ryxx, 'ryxx', qrlx === '3');
      if (!staffForFamily) ownIdNumber(ctx, ryxx);
      let dwh: string | undefined;
      if (qrlx !== '3') {
        const unit = qrlx === '1' ? '请选择进站单位' : '请选择所在单位';
        dwh = (await daily.choice('dw_rsYx', body.dwh ?? '', 'dwh', unit)).value;
        if (!body.rzrq) throw fieldError('rzrq', qrlx === '1' ? '请选择进站日期' : '请选择入职日期');
      }
      if (body.hyzkm) await daily.choice('gb_hyzk', body.hyzkm, 'hyzkm', '请选择婚姻状况');
      if (body.xlm) await daily.choice('gb_xl', body.xlm, 'xlm', '请选择学历');
      const place = await origin(body.yhkszd, body.yhkxxdz);
      if (qrlx === '1' && body.sqjs?.length) throw fieldError('sqjs', '博士后迁入不能带随迁家属');
      const sqjs: Person[] = [];
      for (const [i, m] of (body.sqjs ?? []).entries()) sqjs.push(await person(m, `sqjs[${i}]`, true));

      const attachments = attachmentsOf(body.attachments);
      if (qrlx === '1') requireMaterial(attachments, MATERIAL.postdoc, `请上传${MATERIAL.postdoc}`);
      if (qrlx === '2') requireMaterial(attachments, MATERIAL.staff, `请上传${MATERIAL.staff}`);
      const members = familyMembersOf({ qrlx, ryxx, sqjs });
      const fields = qrlx === '3' ? ['ryxx', ...sqjs.map((_, i) => `sqjs[${i}]`)] : sqjs.map((_, i) => `sqjs[${i}]`);
      // The applicant heads the household the members join: qrlx 2 with family, or qrlx 3 by the staff member.
      const ownHousehold = staffForFamily || (qrlx === '2' && members.length > 0) ? await ownFamilyIn(user.id) : new Set<string>();
      await family(
        members,
        fields,
        attachments,
        [headIdNumber?.toUpperCase() ?? '', qrlx === '3' ? '' : ryxx.sfzjh].filter(Boolean),
        ownHousehold,
      );

      const stage2 = keepStage2(ctx.editing, attachments);
      const sub = qrlx;
      return {
        kind: 'qianru',
        sub,
        stage: '1',
        answers: compact({
          qrlx,
          ryxx,
          hyzkm: body.hyzkm,
          xlm: body.xlm,
          dwh,
          rzrq: qrlx === '3' ? undefined : body.rzrq,
          hzgzzh,
          hzxm,
          ...place,
          yhkpcs: optionalText(body.yhkpcs),
          sqjs: sqjs.length ? sqjs : undefined,
          lxdh: body.lxdh,
          qyz: stage2.qyz,
        }),
        attachments: stage2.attachments,
        title: `${kindName('qianru', sub)} · ${(qrlx === '3' ? members : [ryxx]).map((m) => m.xm).join('、')}`,
      };
    },

    /** 继续提交: the 迁移证 obtained at the origin (number, date, authority, photo) for stage 2. */
    async continued(body: S['QianruContinue'], editing: ApplicationRow): Promise<Pick<ApplicationForm, 'answers' | 'attachments'>> {
      const qyzbh = text(body.qyzbh, 'qyzbh', '请填写迁移证编号');
      if (body.qyzqfrq > today()) throw fieldError('qyzqfrq', '签发日期不能晚于今天');
      const added = attachmentsOf(body.attachments);
      requireMaterial(added, MATERIAL.qyz, '请上传迁移证照片');
      const kept = (editing.attachments as AttachmentRef[]).filter(
        (a) => a.clmc !== MATERIAL.qyz && !added.some((b) => b.fileId === a.fileId),
      );
      return {
        answers: {
          ...(editing.answers as Record<string, unknown>),
          qyz: compact({ qyzbh, qyzqfrq: body.qyzqfrq, qyzqfjg: optionalText(body.qyzqfjg) }),
        },
        attachments: [...kept, ...added],
      };
    },

    /** 新生迁入: new students inside the enrolment window; moving in is voluntary (sfqr 0 is finished at once). */
    async yingxin(body: S['YingxinAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      const { user, household } = ctx;
      const window = await repos.settings.get<EnrolmentWindow>('enrolment.window');
      const year = window ? chinaDate(new Date(window.yxStartTime)).slice(0, 4) : '';
      const newPostgraduate = ['1', '2'].includes(user.personType) && !!year && !!user.studentNo?.startsWith(year);
      if (user.personType !== '7' && !newPostgraduate) throw bizError(MOVE_IN_MSG.newStudentType);
      if (!enrolmentOpen(window, clock.now())) throw bizError(MOVE_IN_MSG.window);
      if (household?.status === '1') throw bizError(MOVE_IN_MSG.alreadyIn);
      const attachments = attachmentsOf(body.attachments);
      if (body.sfqr === '0') {
        return {
          kind: 'yingxin',
          answers: { sfqr: '0', lxdh: body.lxdh },
          attachments,
          title: `${kindName('yingxin')} · 不迁入`,
          finish: '选择户口不迁入学校，登记完成',
        };
      }
      if (!body.ryxx) throw fieldError('ryxx', '请填写本人信息');
      // The ID number the account holds is used as it is: the student does not type it again.
      const sfzjh = body.ryxx.sfzjh ?? user.idNumber;
      if (!sfzjh) throw fieldError('ryxx.sfzjh', '请填写身份证件号码');
      const ryxx = await person({ ...body.ryxx, sfzjh }, 'ryxx', false);
      ownIdNumber(ctx, ryxx);
      const qyzbh = text(body.qyzbh, 'qyzbh', '请填写迁移证编号');
      const place = await origin(body.yhkszd, body.yhkxxdz);
      const yhkpcs = text(body.yhkpcs, 'yhkpcs', '请填写原户口所在地派出所');
      if (!body.xlm) throw fieldError('xlm', '请选择学历');
      await daily.choice('gb_xl', body.xlm, 'xlm', '请选择学历');
      requireMaterial(attachments, MATERIAL.qyz, '请上传迁移证照片');
      requireMaterial(attachments, MATERIAL.admission, '请上传录取通知书');
      return {
        kind: 'yingxin',
        answers: compact({ sfqr: '1', ryxx, xlm: body.xlm, qyzbh, qyzqfjg: optionalText(body.qyzqfjg), ...place, yhkpcs, lxdh: body.lxdh }),
        attachments,
        title: `${kindName('yingxin')} · 迁入学生集体户`,
      };
    },
  };
}

export type MoveInForms = ReturnType<typeof createMoveInForms>;
