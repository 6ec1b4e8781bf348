// Sign-in, registration, password retrieval and unified (CAS) sign-in.
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/crypto.ts';
import { badRequest, bizError } from '../lib/envelope.ts';
import { birthDateOf, genderCodeOf, isValidIdNumber } from '../lib/id-number.ts';
import type { Repositories } from '../repositories/index.ts';
import type { UserRow } from '../repositories/users.ts';
import { boundValues, rosterBinding } from './roster.ts';
import type { CaptchaService } from './captcha.ts';
import { refusalMessage, type GuardState, type LoginGuard } from './login-guard.ts';
import type { SessionService } from './sessions.ts';
import type { SmsService } from './sms.ts';
import type { LoginRecorder, SignInAttempt, SignInClient } from './login-records.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { BodyOf, Schemas } from '../lib/contract.ts';

export const STUDENT_TYPES = ['0', '1', '2', '7'];
export const STAFF_TYPES = ['3', '4'];

export type LoginInput = Schemas['LoginBody'];

/** The phone's proof at registration and reset: the ticket of verifySmsCode, or (other clients) the SMS code itself. */
export interface PhoneProof {
  phoneTicket?: string;
  smsCode?: string;
}

export const PHONE_TICKET_INVALID = '短信验证已失效，请重新获取验证码';
export const SMS_CODE_WRONG = '短信验证码错误或已过期';

export type RegisterInput = BodyOf<'register'>;

export interface CasIdentity {
  uid: string;
  attributes: Record<string, string>;
}

export function createAuthService(deps: {
  repos: Repositories;
  guard: LoginGuard;
  captcha: CaptchaService;
  sessions: SessionService;
  sms: SmsService;
  recorder: LoginRecorder;
}) {
  const { repos, guard, captcha, sessions, sms, recorder } = deps;

  /**
   * The phone's proof, first and used up: only the phone's owner learns what is already registered, one code (or the
   * ticket it became) per try. A spent or foreign ticket is a field error of phoneTicket (the app goes back to the SMS step).
   */
  const prove = async (phone: string, purpose: 'register' | 'forget', proof: PhoneProof) => {
    if (!proof.phoneTicket && !proof.smsCode) throw badRequest('请输入短信验证码', [{ field: 'smsCode', message: '请输入短信验证码' }]);
    if (await sms.proves(phone, purpose, proof)) return;
    if (proof.phoneTicket) throw badRequest(PHONE_TICKET_INVALID, [{ field: 'phoneTicket', message: PHONE_TICKET_INVALID }]);
    throw bizError(SMS_CODE_WRONG);
  };

  const refusal = (state: GuardState) => {
    const message = refusalMessage(state);
    return message ? bizError(message, { needCaptcha: true }) : null;
  };

  return {
    /** withCaptcha: /qhyhlogin (image code checked when sent or required); without: /qhyhlogin_false. */
    async login(input: LoginInput, client: SignInClient, withCaptcha: boolean): Promise<string> {
      const { ip } = client;
      const username = input.username.trim();
      const found = await repos.users.findByLoginName(username);
      // Staff accounts sign in only at the console (they have no phone or campus number anyway).
      const user = found?.role === 'user' ? found : null;
      return recorder.around({ realm: 'user', method: 'password', client, userId: user?.id, typed: username }, async () => {
        // Counted per account, whichever of its names signs in, and per source (address, or a device known to it).
        const account = user ? { id: user.id } : { name: username };
        const attempt = await guard.attempt(account, { ip, device: client.device });
        const before = await guard.state(attempt);
        const refused = refusal(before);
        if (refused) throw refused;
        if (before.needCaptcha && (!withCaptcha || !input.code || !input.uuid)) throw bizError('请输入图形验证码', { needCaptcha: true });
        const coded = withCaptcha && !!(input.code || input.uuid);
        if (coded && !(await captcha.check(input.uuid, input.code))) throw bizError('图形验证码错误或已过期', { needCaptcha: true });
        if (user && !user.passwordHash) throw bizError('该账号请使用统一身份认证登录');
        // Claimed before the password is checked: concurrent attempts cannot all pass a count read earlier.
        const claim = await guard.claim(attempt);
        if (!claim.allowed) throw refusal(claim) ?? bizError('登录尝试过于频繁，请稍后再试', { needCaptcha: true });
        if (claim.askCaptcha && !coded) throw bizError('请输入图形验证码', { needCaptcha: true });
        const passed =
          user?.passwordHash && user.passwordSalt
            ? await verifyPassword(input.password, user.passwordHash, user.passwordSalt)
            : await burnPasswordCheck(input.password);
        if (!user || !passed) throw refusal(claim) ?? bizError('账号或密码错误', { needCaptcha: claim.needCaptcha });
        await guard.succeeded(attempt, user.id);
        return sessions.create(user.id, '1', ip, { userAgent: client.userAgent });
      });
    },

    async register(input: RegisterInput, client: SignInClient): Promise<string> {
      const { ip } = client;
      const needsXh = STUDENT_TYPES.includes(input.rylb);
      const needsGzzh = STAFF_TYPES.includes(input.rylb);
      const xh = needsXh ? input.xh?.trim() : undefined;
      const gzzh = needsGzzh ? input.gzzh?.trim() : undefined;
      if (needsXh && !xh) throw badRequest('请填写学号', [{ field: 'xh', message: '请填写学号' }]);
      if (needsGzzh && !gzzh) throw badRequest('请填写工作证号', [{ field: 'gzzh', message: '请填写工作证号' }]);
      if (input.password !== input.password2) throw bizError('两次输入的密码不一致');
      const idNumber = input.sfzjh.toUpperCase();
      if (!isValidIdNumber(idNumber)) throw bizError('身份证件号码格式错误');
      await prove(input.phone, 'register', input);
      if (await repos.users.findByPhone(input.phone)) throw bizError('该手机号已注册');
      const no = xh ?? gzzh;
      if (await repos.users.findByIdNumber(idNumber)) throw bizError('该身份证件号已注册，请直接登录或找回密码');
      // The typed number becomes the account's identity (sign-in name, CAS uid) only when the office's roster confirms
      // it: same name, ID number and kind of person, and no account holds it. Otherwise it is kept as an unverified claim.
      // The answer is the same either way (it never says whether a number is in the roster or taken).
      const campus = no ? await rosterBinding(repos, no, input.rylb, input.xm.trim(), idNumber) : null;
      const claim = { studentNo: null, staffNo: null, casUid: null, claimedNo: no ?? null };
      const { hash, salt } = await hashPassword(input.password);
      const create = (identity: typeof claim | ReturnType<typeof boundValues>) =>
        repos.users.create({
          phone: input.phone,
          passwordHash: hash,
          passwordSalt: salt,
          name: input.xm.trim(),
          idNumber,
          personType: input.rylb,
          ...identity,
          loginType: '1',
          genderCode: genderCodeOf(idNumber),
          birthDate: birthDateOf(idNumber),
        });
      let user: UserRow;
      try {
        try {
          user = await create(campus ? boundValues(campus) : claim);
        } catch (err) {
          // Bound meanwhile by single sign-on or another registration: the number stays a claim.
          if (!campus || !isUniqueViolation(err)) throw err;
          user = await create(claim);
        }
      } catch (err) {
        if (isUniqueViolation(err)) throw bizError('该手机号或身份证件号已注册');
        throw err;
      }
      return recorder.around({ realm: 'user', method: 'register', client, userId: user.id }, () =>
        sessions.create(user.id, '1', ip, { userAgent: client.userAgent }),
      );
    },

    async retrievePassword(input: PhoneProof & { phone: string; password: string; password2: string }): Promise<void> {
      if (input.password !== input.password2) throw bizError('两次输入的密码不一致');
      // The phone's proof first: an unknown phone is told so only after its owner proved it.
      await prove(input.phone, 'forget', input);
      const user = await repos.users.findByPhone(input.phone);
      if (!user) throw bizError('该手机号未注册');
      const { hash, salt } = await hashPassword(input.password);
      await repos.users.update(user.id, { passwordHash: hash, passwordSalt: salt });
      await sessions.revokeAllOf(user.id);
      await guard.clearAccount({ id: user.id });
      await guard.forgetDevices(user.id);
    },

    /**
     * A validated CAS identity → a session, in the account bound to its uid only. A first sign-on binds the account that
     * holds the uid as a verified number (the office's roster or the demo seed: the same person, verified) and is bound
     * to no uid yet; else it creates a unified-login account (no password) with the number verified by CAS (its person
     * type from CAS or the roster, else none yet: the number is recorded once the user gives the type). A number only
     * claimed at registration is never matched.
     */
    async casLogin(identity: CasIdentity, client: SignInClient): Promise<string> {
      const attempt: SignInAttempt = { realm: 'user', method: 'cas', client, typed: identity.uid };
      return recorder.around(attempt, async () => {
        const { ip } = client;
        const { uid } = identity;
        let user = await repos.users.findByCasUid(uid);
        if (!user) {
          try {
            const holder = await repos.users.findByStudentOrStaffNo(uid);
            if (holder) {
              if (holder.casUid) throw bizError('该统一身份认证账号与已有账号冲突，请联系户籍办');
              user = await repos.users.update(holder.id, { casUid: uid });
            } else {
              const entry = await repos.roster.find(uid);
              // The CAS attribute, else the office's roster; else no type (never a guess): the user picks it once on /info.
              const given = identity.attributes.rylb ?? '';
              const rylb = ['0', '1', '2', '3', '4', '5', '7'].includes(given) ? given : (entry?.personType ?? '');
              user = await repos.users.create({
                name: identity.attributes.xm || identity.attributes.name || entry?.name || uid,
                personType: rylb,
                studentNo: STUDENT_TYPES.includes(rylb) ? uid : null,
                staffNo: STAFF_TYPES.includes(rylb) ? uid : null,
                casUid: uid,
                loginType: '2',
              });
            }
          } catch (err) {
            // Another sign-on of the same uid bound or created the account first.
            if (!isUniqueViolation(err)) throw err;
            user = await repos.users.findByCasUid(uid);
            if (!user) throw err;
          }
          if (!user) throw bizError('统一身份认证失败，请重新登录');
        }
        attempt.userId = user.id;
        return sessions.create(user.id, '2', ip, { userAgent: client.userAgent });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
