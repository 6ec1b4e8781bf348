// Moving out: the guard of every /move-out/{sub} route (check) and the forms of /api/qianchu (graduate,
// post-doctoral, staff with family, leave-school, move-out, reassignment), the migration-certificate services
// (qyzyq 延期, qyzbg 地址变更, qykbb 补办) and 注销户口 (zxhkzmkj). The forms apply the same rules as the check.
import type { Schemas } from '../lib/contract.ts';
import type { components } from '../../shared/contract/schema';
import { addressOf } from '../lib/address.ts';
import { bizError } from '../lib/envelope.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import { addDays } from './appointments.ts';
import type { ApplicationForm } from './application-form.ts';
import { kindName } from '../domain/index.ts';
import { chinaDate, type Clock } from './clock.ts';
import {
  CERTIFICATE,
  createMoveOutRule,
  MOVE_OUT_MSG,
  moveOutReason,
  POSTPONE_GRACE_DAYS,
  SUB_SECTOR,
  type MoveOutSub,
} from './move-out-rule.ts';
import { type DailyForms } from './daily-forms.ts';
import { attachmentsOf, compact, fieldError, optionalText, requireMaterial, text, type FormContext } from './form-checks.ts';

type S = components['schemas'];

export { MOVE_OUT_MSG, type MoveOutSub } from './move-out-rule.ts';
/** Kinds that count as a move-out in progress. */
export const MOVE_OUT_KINDS = ['qianchu', 'zxhkzmkj', 'qyzyq', 'qyzbg', 'qykbb'];

/** The contract's MoveOutCheck, and the finished move-out the certificate services and 改派 refer to. */
export type MoveOutVerdict = Schemas['MoveOutCheck'] & { last: ApplicationRow | null };

export function createMoveOutForms(repos: Repositories, daily: DailyForms, clock: Clock) {
  const today = () => chinaDate(clock.now());
  const rule = createMoveOutRule(repos, clock);
  const { lastFinished } = rule;

  /** Family members in the staff member's household who can move out along (registered at the school). */
  async function familyOf(userId: number) {
    return repos.users.familyOf(userId);
  }

  /**
   * The guard of /move-out/{sub}: person type (openSectors), the move-out rule (move-out-rule.ts: at school for the
   * sub-services that leave, moved out with a valid certificate for the certificate services), nothing of the kind
   * in progress (other than `exceptId`, the application being edited).
   */
  async function check(user: UserRow, household: HouseholdRow | null, sub: MoveOutSub, exceptId?: number): Promise<MoveOutVerdict> {
    const gone = household?.status === '2' && !!household.migrationCertNo;
    const base = {
      canChangeDizhi: !household?.addressLocked,
      dizhi: gone ? household.migrationAddress : null,
      qyzbh: gone ? household.migrationCertNo : null,
      qyzyxqz: gone ? household.migrationValidUntil : null,
      last: null as ApplicationRow | null,
    };
    const refuse = (msg: string): MoveOutVerdict => ({ ...base, canQianYi: false, msg });
    const rows = await repos.sectors.forPersonType(user.personType);
    const tile = rows.find((r) => r.parentCode === null && r.sectorCode === '7');
    const code = SUB_SECTOR[sub];
    const row = code === null ? tile : rows.find((r) => r.parentCode === '7' && r.sectorCode === code);
    if (!tile || tile.disabled || !row || row.disabled) return refuse(MOVE_OUT_MSG.notForType);
    const facts = await rule.facts(user, household);
    const reason = moveOutReason(sub, facts);
    // 地址变更 with the address locked passes with canChangeDizhi false (spec §2: the guard says why).
    const locked = sub === 'change' && reason === MOVE_OUT_MSG.locked;
    if (reason && !locked) return refuse(reason);
    const open = (await repos.applications.activeAmong(user.id, MOVE_OUT_KINDS)).filter((a) => a.id !== exceptId);
    if (open.length) return refuse(MOVE_OUT_MSG.open);
    if (CERTIFICATE.includes(sub)) base.last = sub === 'reassignment' ? facts.lastGraduate : facts.last;
    return { ...base, canQianYi: true, msg: locked ? MOVE_OUT_MSG.locked : '' };
  }

  /** The check of a form: refused with the check's message (code 100). */
  async function allowed(ctx: FormContext, sub: MoveOutSub) {
    const verdict = await check(ctx.user, ctx.household, sub, ctx.editing?.id);
    if (!verdict.canQianYi) throw bizError(verdict.msg);
    return verdict;
  }

  async function region(value: S['Region'], field: string, message: string) {
    if (!(await repos.divisions.find(value.code))) throw fieldError(field, message);
    return { code: value.code, name: value.name.trim() };
  }

  const pickup = (body: { lqfs: '0' | '1'; yjxx?: S['Delivery'] }) => daily.delivery(body.yjxx, body.lqfs === '1');

  return {
    check,
    lastFinished,
    familyOf,

    /** 迁出 of every sub-service (the check's rules, 改派 of the last finished graduate move-out, family by id). */
    async qianchu(body: S['QianchuAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      const sub = body.sub;
      const verdict = await allowed(ctx, sub);
      const qwdq = await region(body.qwdq, 'qwdq', '请选择迁往地区');
      const qwxxdz = text(body.qwxxdz, 'qwxxdz', '请填写迁往详细地址');
      const qcyy = text(body.qcyy, 'qcyy', '请填写迁出原因');
      let jsdw = optionalText(body.jsdw);
      let yqcid: number | undefined;
      if (sub === 'reassignment') {
        if (!verdict.last || body.yqcid !== verdict.last.id) throw bizError(MOVE_OUT_MSG.noReassignment);
        yqcid = body.yqcid;
        jsdw = text(body.jsdw, 'jsdw', '请填写改派后的接收单位');
      }
      const sqcjs = [...new Set(body.sqcjs ?? [])];
      if (sqcjs.length) {
        const family =
          sub === 'staff' ? (await familyOf(ctx.user.id)).filter((m) => m.household?.status === '1').map((m) => m.user.id) : [];
        if (sqcjs.some((id) => !family.includes(id))) throw bizError(MOVE_OUT_MSG.family);
      }
      const attachments = attachmentsOf(body.attachments);
      if (!attachments.length) throw bizError('请上传证明材料');
      const yjxx = await pickup(body);
      return {
        kind: 'qianchu',
        sub,
        answers: compact({
          sub,
          qwdq,
          qwxxdz,
          qwpcs: optionalText(body.qwpcs),
          qcyy,
          jsdw,
          yqcid,
          sqcjs: sqcjs.length ? sqcjs : undefined,
          lqfs: body.lqfs,
          yjxx,
          lxdh: body.lxdh,
        }),
        attachments,
        title: `${kindName('qianchu', sub)} · 迁往 ${addressOf(qwdq, '')}`,
      };
    },

    /** 迁移证延期: a finished move-out, the certificate photo, not expired for long. */
    async qyzyq(body: S['QyzyqAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      await allowed(ctx, 'postpone');
      const qyzbh = text(body.qyzbh, 'qyzbh', '请填写迁移证编号');
      if (body.yyxqz < addDays(today(), -POSTPONE_GRACE_DAYS)) throw bizError(MOVE_OUT_MSG.expired);
      const yqyy = text(body.yqyy, 'yqyy', '请填写延期原因');
      const attachments = attachmentsOf(body.attachments);
      requireMaterial(attachments, '迁移证', '请上传迁移证照片');
      const yjxx = await pickup(body);
      return {
        kind: 'qyzyq',
        answers: compact({ qyzbh, yyxqz: body.yyxqz, yqyy, lqfs: body.lqfs, yjxx, lxdh: body.lxdh }),
        attachments,
        title: `${kindName('qyzyq')} · ${qyzbh}`,
      };
    },

    /** 迁移证地址变更: not for a graduate whose address is locked; the current address is the certificate's. */
    async qyzbg(body: S['QyzbgAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      const verdict = await allowed(ctx, 'change');
      if (!verdict.canChangeDizhi) throw bizError(MOVE_OUT_MSG.locked);
      const qyzbh = text(body.qyzbh, 'qyzbh', '请填写迁移证编号');
      const xqwdq = await region(body.xqwdq, 'xqwdq', '请选择新迁往地区');
      const xqwxxdz = text(body.xqwxxdz, 'xqwxxdz', '请填写新迁往详细地址');
      const bgyy = text(body.bgyy, 'bgyy', '请填写变更原因');
      const attachments = attachmentsOf(body.attachments);
      requireMaterial(attachments, '接收证明', '请上传新迁往地的接收证明');
      const yjxx = await pickup(body);
      return {
        kind: 'qyzbg',
        answers: compact({
          qyzbh,
          ydz: verdict.dizhi ?? optionalText(body.ydz),
          xqwdq,
          xqwxxdz,
          bgyy,
          lqfs: body.lqfs,
          yjxx,
          lxdh: body.lxdh,
        }),
        attachments,
        title: `${kindName('qyzbg')} · 改迁往 ${addressOf(xqwdq, '')}`,
      };
    },

    /** 迁移证补办: a finished move-out and the lost-certificate statement. */
    async qykbb(body: S['QykbbAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      await allowed(ctx, 'mc-card');
      const bbyy = text(body.bbyy, 'bbyy', '请填写补办原因');
      const attachments = attachmentsOf(body.attachments);
      requireMaterial(attachments, '遗失声明', '请上传遗失声明或损毁的原证照片');
      const yjxx = await pickup(body);
      return {
        kind: 'qykbb',
        answers: compact({ yqyzbh: optionalText(body.yqyzbh), bbyy, lqfs: body.lqfs, yjxx, lxdh: body.lxdh }),
        attachments,
        title: `${kindName('qykbb')} · ${body.lqfs === '1' ? '邮寄' : '现场领取'}`,
      };
    },

    /** 注销户口并开具证明: registered at the school; the destination country when settling abroad. */
    async zxhkzmkj(body: S['ZxhkzmkjAnswers'], ctx: FormContext): Promise<ApplicationForm> {
      await allowed(ctx, 'c-issued');
      const reason = await daily.choice('qh_zxhk_reason', body.bllx, 'bllx', '请选择注销原因');
      if (!reason.enabled) throw bizError('该注销原因暂停受理');
      const zxyy = text(body.zxyy, 'zxyy', '请填写注销原因说明');
      const qwgj = reason.value === '1' ? text(body.qwgj, 'qwgj', '请填写前往国家或地区') : optionalText(body.qwgj);
      const yjxx = await pickup(body);
      return {
        kind: 'zxhkzmkj',
        answers: compact({ bllx: body.bllx, zxyy, qwgj, lqfs: body.lqfs, yjxx, lxdh: body.lxdh }),
        attachments: attachmentsOf(body.attachments),
        title: `${kindName('zxhkzmkj')} · ${reason.label}`,
      };
    },
  };
}

export type MoveOutForms = ReturnType<typeof createMoveOutForms>;
