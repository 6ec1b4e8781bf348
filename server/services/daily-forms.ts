// The forms of the daily services (borrowing the card, ID card, reissue, proofs, changes, other business):
// each checks its rules (Chinese messages mapped to fields, or code 100 for business refusals) and turns the
// request body into an application form for the lifecycle service.
import type { components } from '../../shared/contract/schema';
import { borrowRules, kindName, MSG } from '../domain/index.ts';
import { bizError } from '../lib/envelope.ts';
import { isValidIdNumber } from '../lib/id-number.ts';
import type { Repositories } from '../repositories/index.ts';
import type { DictItemRow } from '../repositories/reference.ts';
import { addDays, daysAhead, type AppointmentKind, type AppointmentService } from './appointments.ts';
import type { ApplicationForm } from './application-form.ts';
import { attachmentsOf, compact, fieldError, optionalText, requireMaterial, text, type FormContext } from './form-checks.ts';

import { chinaDate, type Clock } from './clock.ts';

type S = components['schemas'];
type Delivery = S['Delivery'];

/** Days ahead a delivery date may be chosen (weekdays). */
export const DELIVERY_DAYS = 14;
const MARRIED = ['20', '21', '22', '23'];

/** 其他信息变更 of the office's record (name, person type, ID number). */
export const QTBS_MSG = {
  nothing: '请填写变更后的信息或变更内容',
  changeOnly: '只有其他信息变更可以填写变更后的登记信息',
  sameName: '变更后姓名与当前登记相同',
  sameType: '变更后人员类型与当前登记相同',
  sameId: '变更后身份证件号码与当前登记相同',
  idTaken: '变更后身份证件号码已登记在其他账号，不能办结，请核实后以「未通过」答复',
} as const;

interface RecordChange {
  bgxm?: string;
  bgrylb?: string;
  bgsfzjh?: string;
}

const hkIn = (ctx: FormContext) => ctx.household?.status === '1';

export function createDailyForms(repos: Repositories, appointments: AppointmentService, clock: Clock) {
  const today = () => chinaDate(clock.now());

  /** A coded answer from a dictionary (disabled entries are returned too: the caller says why they are refused). */
  async function choice(type: string, value: string, field: string, message: string): Promise<DictItemRow> {
    const row = value ? await repos.dict.find(type, value) : null;
    if (!row) throw fieldError(field, message);
    return row;
  }

  /**
   * The delivery form when the result is mailed (spec section 5), else nothing. The dormitory building is asked only
   * when mailing to the campus dormitory (dzlx 0, or absent for older clients), never for a home address (dzlx 1).
   */
  async function delivery(yjxx: Delivery | undefined, mailed: boolean): Promise<Delivery | undefined> {
    if (!mailed) return undefined;
    if (!yjxx) throw fieldError('yjxx', '请填写邮寄信息');
    if (!daysAhead(today(), DELIVERY_DAYS, true).includes(yjxx.pssj)) throw fieldError('yjxx.pssj', '派送日期须为今后14天内的工作日');
    if (!(await repos.divisions.find(yjxx.ssq.code))) throw fieldError('yjxx.ssq', '请选择');
    const home = yjxx.dzlx === '1';
    return {
      pssj: yjxx.pssj,
      sjd: yjxx.sjd,
      dzlx: home ? '1' : '0',
      ...(home ? {} : { ssl: text(yjxx.ssl, 'yjxx.ssl', '请填写您的宿舍楼号') }),
      lxdh: yjxx.lxdh,
      sjrxm: text(yjxx.sjrxm, 'yjxx.sjrxm', '请填写收件人姓名'),
      sjrdh: yjxx.sjrdh,
      ssq: { code: yjxx.ssq.code, name: yjxx.ssq.name.trim() },
      xxdz: text(yjxx.xxdz, 'yjxx.xxdz', '请填写您的详细地址'),
    };
  }

  const title = (kind: string, detail: string, sub = '') => `${kindName(kind, sub)} · ${detail}`;

  /**
   * An appointment day must be offered (else 400 on its field); a day without places left is refused at once
   * (code 100) unless the application being edited already holds it. The decrement in the transaction decides.
   */
  async function appointmentDay(kind: AppointmentKind, channel: string, day: string, field: string, message: string, ctx: FormContext) {
    const quota = await appointments.offeredDay(kind, channel, day);
    if (!quota) throw fieldError(field, message);
    const held = ctx.editing?.slotDay === day && (ctx.editing.slotChannel ?? '') === channel;
    if (quota.remaining <= 0 && !held) {
      appointments.fullDays.mark(kind, channel, day);
      throw bizError(MSG.full);
    }
  }

  /** Courier/pickup options: switch "0" is shown but refused. */
  async function courier(type: string, value: string, field: string) {
    const option = await choice(type, value, field, '请选择领取方式');
    if (!option.enabled) throw bizError('该寄送方式暂停使用，请选择其他方式');
    return option;
  }

  async function borrowNumber(userId: number) {
    const year = Number(today().slice(0, 4));
    const since = new Date(Date.UTC(year, 0, 1) - 8 * 3600_000);
    const used = await repos.applications.countSince(userId, 'hkkjy', since);
    return { year, limit: borrowRules.perYear, used, remaining: Math.max(0, borrowRules.perYear - used) };
  }

  /** The record fields of 其他信息变更 (only there), each different from the user's record. */
  async function recordChange(body: S['QtbsAnswers'], ctx: FormContext, isChange: boolean): Promise<RecordChange> {
    const bgxm = optionalText(body.bgxm);
    const bgsfzjh = optionalText(body.bgsfzjh)?.toUpperCase();
    const bgrylb = body.bgrylb || undefined;
    const given = { bgxm, bgrylb, bgsfzjh };
    if (!isChange) {
      const field = Object.entries(given).find(([, v]) => v !== undefined)?.[0];
      if (field) throw fieldError(field, QTBS_MSG.changeOnly);
      return {};
    }
    if (bgxm !== undefined && bgxm === ctx.user.name.trim()) throw fieldError('bgxm', QTBS_MSG.sameName);
    if (bgrylb !== undefined) {
      if (!(await repos.dict.find('qh_rylb', bgrylb))) throw fieldError('bgrylb', '请选择变更后人员类型');
      if (bgrylb === ctx.user.personType) throw fieldError('bgrylb', QTBS_MSG.sameType);
    }
    if (bgsfzjh !== undefined) {
      if (!isValidIdNumber(bgsfzjh)) throw fieldError('bgsfzjh', '身份证件号码格式错误');
      if (bgsfzjh === ctx.user.idNumber?.toUpperCase()) throw fieldError('bgsfzjh', QTBS_MSG.sameId);
    }
    return compact(given);
  }

  return {
    borrowNumber,
    choice,
    delivery,

    /** 借用户口卡: at school, one loan at a time, a yearly limit, a borrow day with places, return within maxDays. */
    async hkkjy(body: S['HkkjyAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      if (!hkIn(ctx)) throw bizError('您不在校，无法借用户口卡');
      if (!ctx.editing) {
        if (await repos.applications.cardOut(ctx.user.id)) throw bizError('您有未归还的户口卡，请先归还');
        if ((await borrowNumber(ctx.user.id)).remaining <= 0) throw bizError('本年度借用次数已用完');
      }
      const reason = await choice('qh_hkk_reason', body.jyyy, 'jyyy', '请选择借用原因');
      const jysm = optionalText(body.jysm);
      if (reason.value === '9' && !jysm) throw fieldError('jysm', '请填写借用说明');
      await appointmentDay('hkkjy', '', body.jyrq, 'jyrq', '请选择可借用的日期', ctx);
      if (body.ghrq <= body.jyrq || body.ghrq > addDays(body.jyrq, borrowRules.maxDays)) {
        throw bizError(`归还日期须在借用日期后${borrowRules.maxDays}天内`);
      }
      const option = await courier('qh_hkk_kd', body.lqfs, 'lqfs');
      const yjxx = await delivery(body.yjxx, option.value !== '0');
      return {
        kind: 'hkkjy',
        answers: compact({ jyyy: body.jyyy, jysm, jyrq: body.jyrq, ghrq: body.ghrq, lqfs: body.lqfs, yjxx, lxdh: body.lxdh }),
        attachments: attachmentsOf(body.attachments),
        title: title('hkkjy', `借用日期 ${body.jyrq}`),
        slot: { channel: '', day: body.jyrq },
        dueOn: body.ghrq,
      };
    },

    /** 身份证办理: reason, handling method, an appointment day with places, pickup or mailing. */
    async sfzbl(body: S['SfzblAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      await choice('qh_identity_reason', body.blyy, 'blyy', '请选择办理原因');
      const method = await choice('qh_sfz_blfs', body.blfs, 'blfs', '请选择办理方式');
      if (!method.enabled) throw bizError('该办理方式暂停受理，请选择其他方式');
      await appointmentDay('sfzbl', body.blfs, body.yyrq, 'yyrq', '请选择可预约的日期', ctx);
      const yjxx = await delivery(body.yjxx, body.lqfs === '1');
      return {
        kind: 'sfzbl',
        answers: compact({
          blyy: body.blyy,
          blfs: body.blfs,
          yyrq: body.yyrq,
          xphzh: optionalText(body.xphzh),
          lqfs: body.lqfs,
          yjxx,
          lxdh: body.lxdh,
        }),
        attachments: attachmentsOf(body.attachments),
        title: title('sfzbl', `预约日期 ${body.yyrq}`),
        slot: { channel: body.blfs, day: body.yyrq },
        duplicateMessage: '您已有身份证办理预约，请勿重复预约',
      };
    },

    /** 户口卡补办. */
    async hkkbb(body: S['HkkbbAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      if (!hkIn(ctx)) throw bizError('您的户口不在本校，无法补办户口卡');
      const bbyy = text(body.bbyy, 'bbyy', '请填写补办原因');
      const attachments = attachmentsOf(body.attachments);
      requireMaterial(attachments, '遗失情况说明', '请上传遗失情况说明');
      const yjxx = await delivery(body.yjxx, body.lqfs === '1');
      return {
        kind: 'hkkbb',
        answers: compact({ bbyy, lqfs: body.lqfs, yjxx, lxdh: body.lxdh }),
        attachments,
        title: title('hkkbb', body.lqfs === '1' ? '邮寄' : '现场领取'),
      };
    },

    /** 户籍证明开具. */
    async hjzmkj(body: S['HjzmkjAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      if (!hkIn(ctx)) throw bizError('您的户口不在本校，无法开具户籍证明');
      const type = await choice('qh_hjzm_type', body.zmlx, 'zmlx', '请选择证明类型');
      if (!type.enabled) throw bizError('该证明类型暂停受理');
      const yt = text(body.yt, 'yt', '请填写用途');
      const option = await courier('qh_hjzm_kd', body.kdfs, 'kdfs');
      const yjxx = await delivery(body.yjxx, option.value !== '0');
      return {
        kind: 'hjzmkj',
        answers: compact({ zmlx: body.zmlx, yt, jsdw: optionalText(body.jsdw), fs: body.fs, kdfs: body.kdfs, yjxx, lxdh: body.lxdh }),
        attachments: attachmentsOf(body.attachments),
        title: title('hjzmkj', `${type.label} ${body.fs}份`),
      };
    },

    /** 无犯罪记录证明 (wfzzmkj, reasons "c") and 无违法证明 (wwfzmkj, reasons "n"). */
    async proof(kind: 'wfzzmkj' | 'wwfzmkj', body: S['ProofAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      if (!ctx.household) throw bizError('您没有本校户籍记录，无法开具该证明');
      const reason = await choice(kind === 'wfzzmkj' ? 'qh_zm_reason_c' : 'qh_zm_reason_n', body.bllx, 'bllx', '请选择办理原因');
      if (!reason.enabled) throw bizError('该办理原因暂停受理');
      const yt = text(body.yt, 'yt', '请填写用途');
      const yjxx = await delivery(body.yjxx, body.lqfs === '1');
      return {
        kind,
        answers: compact({ bllx: body.bllx, yt, jsdw: optionalText(body.jsdw), fs: body.fs, lqfs: body.lqfs, yjxx, lxdh: body.lxdh }),
        attachments: attachmentsOf(body.attachments),
        title: title(kind, `${reason.label} ${body.fs}份`),
      };
    },

    /** 婚姻状况变更: a different status, the spouse when married, a past date, the certificate attached. */
    async hyzkbg(body: S['HyzkbgAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      const status = await choice('gb_hyzk', body.bghyzkm, 'bghyzkm', '请选择变更后婚姻状况');
      if (body.bghyzkm === ctx.user.maritalStatusCode) throw bizError('变更后的婚姻状况与当前相同');
      const poxm = optionalText(body.poxm);
      if (MARRIED.includes(body.bghyzkm) && !poxm) throw fieldError('poxm', '请填写配偶姓名');
      if (body.djrq > today()) throw fieldError('djrq', '登记日期不能晚于今天');
      const attachments = attachmentsOf(body.attachments);
      requireMaterial(attachments, '婚姻状况证明', '请上传婚姻状况证明材料');
      return {
        kind: 'hyzkbg',
        answers: compact({ bghyzkm: body.bghyzkm, djrq: body.djrq, poxm, lxdh: body.lxdh }),
        attachments,
        title: title('hyzkbg', `变更为${status.label}`),
      };
    },

    /** 学历变更: a level-2 GB/T 4658 code, a past graduation date, the diploma attached. */
    async xlzkbg(body: S['XlzkbgAnswers']): Promise<ApplicationForm> {
      const level = await choice('gb_xl', body.bgxlm, 'bgxlm', '请选择变更后学历');
      if ((level.extra as { level?: number } | null)?.level !== 2) throw fieldError('bgxlm', '请选择具体学历（不能选择学历类别）');
      const byyx = text(body.byyx, 'byyx', '请填写毕业院校');
      if (body.byrq > today()) throw fieldError('byrq', '毕业日期不能晚于今天');
      const attachments = attachmentsOf(body.attachments);
      requireMaterial(attachments, '学历证明', '请上传学历证明材料');
      return {
        kind: 'xlzkbg',
        answers: compact({ bgxlm: body.bgxlm, byyx, byrq: body.byrq, zsbh: optionalText(body.zsbh), lxdh: body.lxdh }),
        attachments,
        title: title('xlzkbg', `变更为${level.label}`),
      };
    },

    /**
     * 其他业务 and 其他信息变更 (types of the change group make the sub-service "change"). A change may carry the office's
     * record as it should read (变更后姓名, 人员类型, 身份证件号码), each optional and different from the record; with none
     * of them the free text says what changes. Staff finishing it (已办结) write them to the record (the qtbs hook).
     * Whether a new ID number is someone else's is told only to staff, at 已办结 (no look-up of ID numbers for users).
     */
    async qtbs(body: S['QtbsAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      const other = body.bslx ? await repos.dict.find('qh_qtbs_type', body.bslx) : null;
      const change = other || !body.bslx ? null : await repos.dict.find('qh_change_type', body.bslx);
      const type = other ?? change;
      if (!type) throw fieldError('bslx', '请选择办事类型');
      if (!type.enabled) throw bizError('该业务类型暂停办理');
      const sub = change ? 'change' : '';
      const record = await recordChange(body, ctx, !!change);
      const bsnr = optionalText(body.bsnr);
      if (!bsnr && !Object.keys(record).length) throw fieldError('bsnr', change ? QTBS_MSG.nothing : '请填写办事内容');
      return {
        kind: 'qtbs',
        sub,
        answers: compact({ bslx: body.bslx, ...record, bsnr, lxdh: body.lxdh }),
        attachments: attachmentsOf(body.attachments),
        title: title('qtbs', type.label, sub),
      };
    },
  };
}

export type DailyForms = ReturnType<typeof createDailyForms>;
