// Sign-in, registration, password retrieval and unified (CAS) sign-in.
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/crypto.ts';
import { badRequest, bizError } from '../lib/envelope.ts';
import { birthDateOf, genderCodeOf, isValidIdNumber } from '../lib/id-number.ts';
import type { Repositories } from '../repositories/index.ts';
import type { UserRow } from '../repositories/users.ts';
import type { CaptchaService } from './captcha.ts';
import type { LoginGuard } from './login-guard.ts';
import type { SessionService } from './sessions.ts';
import type { SmsService } from './sms.ts';

export const STUDENT_TYPES = ['0', '1', '2', '7'];
export const STAFF_TYPES = ['3', '4'];

export interface LoginInput {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

export interface RegisterInput {
  phone: string;
  smsCode: string;
  xm: string;
  sfzjh: string;
  rylb: string;
  xh?: string;
  gzzh?: string;
  password: string;
  password2: string;
}

export interface CasIdentity {
  uid: string;
  attributes: Record<string, string>;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

export function createAuthService(deps: { repos: Repositories; guard: LoginGuard; captcha: CaptchaService; sessions: SessionService; sms: SmsService }) {
  const { repos, guard, captcha, sessions, sms } = deps;

  const lockMessage = () => bizError('登录失败次数过多，请15分钟后再试', { needCaptcha: true });

  return {
    /** withCaptcha: /qhyhlogin (image code checked when sent or required); without: /qhyhlogin_false. */
    async login(input: LoginInput, ip: string, withCaptcha: boolean): Promise<string> {
      const username = input.username.trim();
      const before = await guard.state(username, ip);
      if (before.lockedSeconds > 0) throw lockMessage();
      if (before.needCaptcha && (!withCaptcha || !input.code || !input.uuid)) throw bizError('请输入图形验证码', { needCaptcha: true });
      if (withCaptcha && (input.code || input.uuid) && !(await captcha.check(input.uuid, input.code))) {
        throw bizError('图形验证码错误或已过期', { needCaptcha: true });
      }
      const found = await repos.users.findByLoginName(username);
      // Staff accounts sign in only at the console (they have no phone or campus number anyway).
      const user = found?.role === 'user' ? found : null;
      if (user && !user.passwordHash) throw bizError('该账号请使用统一身份认证登录');
      const passed = user?.passwordHash && user.passwordSalt ? await verifyPassword(input.password, user.passwordHash, user.passwordSalt) : await burnPasswordCheck(input.password);
      if (!user || !passed) {
        const after = await guard.recordFailure(username, ip);
        if (after.lockedSeconds > 0) throw lockMessage();
        throw bizError('账号或密码错误', { needCaptcha: after.needCaptcha });
      }
      await guard.clearAccount(username, user.phone, user.studentNo, user.staffNo);
      return sessions.create(user.id, '1', ip);
    },

    async register(input: RegisterInput, ip: string): Promise<string> {
      const needsXh = STUDENT_TYPES.includes(input.rylb);
      const needsGzzh = STAFF_TYPES.includes(input.rylb);
      const xh = needsXh ? input.xh?.trim() : undefined;
      const gzzh = needsGzzh ? input.gzzh?.trim() : undefined;
      if (needsXh && !xh) throw badRequest('请填写学号', [{ field: 'xh', message: '请填写学号' }]);
      if (needsGzzh && !gzzh) throw badRequest('请填写工作证号', [{ field: 'gzzh', message: '请填写工作证号' }]);
      if (input.password !== input.password2) throw bizError('两次输入的密码不一致');
      const idNumber = input.sfzjh.toUpperCase();
      if (!isValidIdNumber(idNumber)) throw bizError('身份证件号码格式错误');
      if (await repos.users.findByPhone(input.phone)) throw bizError('该手机号已注册');
      const no = xh ?? gzzh;
      if (no && (await repos.users.findByStudentOrStaffNo(no))) throw bizError('该学号或工作证号已注册');
      if (await repos.users.findByIdNumber(idNumber)) throw bizError('该身份证件号已注册，请直接登录或找回密码');
      if (!(await sms.verify(input.phone, 'register', input.smsCode))) throw bizError('短信验证码错误或已过期');
      const { hash, salt } = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await repos.users.create({
          phone: input.phone,
          passwordHash: hash,
          passwordSalt: salt,
          name: input.xm.trim(),
          idNumber,
          personType: input.rylb,
          studentNo: xh ?? null,
          staffNo: gzzh ?? null,
          loginType: '1',
          genderCode: genderCodeOf(idNumber),
          birthDate: birthDateOf(idNumber),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw bizError('该手机号、学号或工作证号已注册');
        throw err;
      }
      return sessions.create(user.id, '1', ip);
    },

    async retrievePassword(input: { phone: string; smsCode: string; password: string; password2: string }): Promise<void> {
      if (input.password !== input.password2) throw bizError('两次输入的密码不一致');
      const user = await repos.users.findByPhone(input.phone);
      if (!user) throw bizError('该手机号未注册');
      if (!(await sms.verify(input.phone, 'forget', input.smsCode))) throw bizError('短信验证码错误或已过期');
      const { hash, salt } = await hashPassword(input.password);
      await repos.users.update(user.id, { passwordHash: hash, passwordSalt: salt });
      await sessions.revokeAllOf(user.id);
      await guard.clearAccount(user.phone, user.studentNo, user.staffNo);
    },

    /** A validated CAS identity → a session; an unknown identity gets a unified-login account (no password). */
    async casLogin(identity: CasIdentity, ip: string): Promise<string> {
      let user = await repos.users.findByCasUid(identity.uid);
      if (!user) {
        const rylb = ['0', '1', '2', '3', '4', '5', '7'].includes(identity.attributes.rylb ?? '') ? identity.attributes.rylb! : '4';
        try {
          user = await repos.users.create({
            name: identity.attributes.xm || identity.attributes.name || identity.uid,
            personType: rylb,
            studentNo: STUDENT_TYPES.includes(rylb) ? identity.uid : null,
            staffNo: STAFF_TYPES.includes(rylb) ? identity.uid : null,
            casUid: identity.uid,
            loginType: '2',
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          user = await repos.users.findByCasUid(identity.uid);
          if (!user) throw err;
        }
      }
      return sessions.create(user.id, '2', ip);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
