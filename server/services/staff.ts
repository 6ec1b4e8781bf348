// Staff accounts (role staff = 办理员, admin = 管理员 on the users table, signing in by username) and their
// sign-in: password and image code always, hashed tokens that end after 30 minutes idle and 12 hours in all,
// logout revokes, and the same failure counting as users (services/login-guard.ts), per account and source.
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/crypto.ts';
import { bizError, notFound } from '../lib/envelope.ts';
import type { Database } from '../db/client.ts';
import type { NewAudit } from '../repositories/audit.ts';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import type { UserRow } from '../repositories/users.ts';
import type { CaptchaService } from './captcha.ts';
import { refusalMessage, type GuardState, type LoginGuard } from './login-guard.ts';
import type { SessionService } from './sessions.ts';
import type { LoginRecorder, SignInClient } from './login-records.ts';
import { isUniqueViolation } from '../db/errors.ts';

export type StaffRole = 'staff' | 'admin';

export const ROLE_NAMES: Record<StaffRole, '办理员' | '管理员'> = { staff: '办理员', admin: '管理员' };

export interface StaffPatch {
  name?: string;
  role?: StaffRole;
  enabled?: boolean;
  password?: string;
  /** 解除登录限制: every failure count and lock of the account forgotten. */
  unlock?: boolean;
}

/** Audit entry of a change, written in the change's transaction. */
type AuditOf = (row: UserRow) => NewAudit;

export function createStaffService(deps: {
  db: Database;
  repos: Repositories;
  guard: LoginGuard;
  captcha: CaptchaService;
  sessions: SessionService;
  recorder: LoginRecorder;
}) {
  const { db, repos, guard, captcha, sessions, recorder } = deps;
  /** Runs a change with its audit entry in one transaction (slow work such as hashing happens before). */
  const withAudit = (audit: AuditOf | undefined, work: (r: Repositories) => Promise<UserRow>) =>
    db.transaction(async (tx) => {
      const r = createRepositories(tx);
      const row = await work(r);
      if (audit) await r.audit.add(audit(row));
      return row;
    });

  return {
    /** A token for a staff account; code 100 for every refusal (never saying which of name or password was wrong). */
    async login(
      input: { username: string; password: string; code: string; uuid: string },
      client: SignInClient,
    ): Promise<{ token: string; staff: UserRow }> {
      const { ip } = client;
      const username = input.username.trim().toLowerCase();
      const staff = await repos.staff.findByUsername(username);
      return recorder.around({ realm: 'staff', method: 'password', client, userId: staff?.id, typed: username }, async () => {
        // Counted per account and source (address, or a device known to the account), claimed before the check.
        const account = staff ? { id: staff.id } : { name: `staff:${username}` };
        const attempt = await guard.attempt(account, { ip, device: client.device });
        const refusal = (state: GuardState) => {
          const message = refusalMessage(state);
          return message ? bizError(message) : null;
        };
        const refused = refusal(await guard.state(attempt));
        if (refused) throw refused;
        if (!(await captcha.check(input.uuid, input.code))) throw bizError('图形验证码错误或已过期');
        const claim = await guard.claim(attempt);
        if (!claim.allowed) throw refusal(claim) ?? bizError('登录尝试过于频繁，请稍后再试');
        const usable = staff && !staff.disabled && staff.passwordHash && staff.passwordSalt ? staff : null;
        const passed = usable
          ? await verifyPassword(input.password, usable.passwordHash!, usable.passwordSalt!)
          : await burnPasswordCheck(input.password);
        if (!usable || !passed) throw (claim.lockedSeconds > 0 ? refusal(claim) : null) ?? bizError('账号或密码错误');
        await guard.succeeded(attempt, usable.id);
        return { token: await sessions.create(usable.id, '1', ip, { staff: true, userAgent: client.userAgent }), staff: usable };
      });
    },

    async changePassword(
      staffId: number,
      input: { oldPassword: string; password: string; password2: string },
      keepSessionId: number,
    ): Promise<UserRow> {
      const staff = await repos.staff.findById(staffId);
      if (!staff) throw notFound('账号不存在');
      if (input.password !== input.password2) throw bizError('两次输入的密码不一致');
      const ok =
        staff.passwordHash && staff.passwordSalt ? await verifyPassword(input.oldPassword, staff.passwordHash, staff.passwordSalt) : false;
      if (!ok) throw bizError('原密码错误');
      const { hash, salt } = await hashPassword(input.password);
      await repos.users.update(staff.id, { passwordHash: hash, passwordSalt: salt });
      await repos.sessions.revokeAllOfExcept(staff.id, keepSessionId);
      return staff;
    },

    async create(input: { username: string; name: string; role: StaffRole; password: string }, audit?: AuditOf): Promise<UserRow> {
      const username = input.username.trim().toLowerCase();
      if (await repos.staff.findByUsername(username)) throw bizError('登录名已存在');
      const { hash, salt } = await hashPassword(input.password);
      try {
        return await withAudit(audit, (r) =>
          r.users.create({
            username,
            name: input.name.trim(),
            role: input.role,
            passwordHash: hash,
            passwordSalt: salt,
            personType: '',
            loginType: '1',
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw bizError('登录名已存在');
        throw err;
      }
    },

    /** Changes name, role, enabled state or password; disabling or a new password ends the account's sessions. */
    async update(actorId: number, id: number, patch: StaffPatch, audit?: AuditOf): Promise<UserRow> {
      const staff = await repos.staff.findById(id);
      if (!staff) throw notFound('账号不存在');
      const demoted = patch.role !== undefined && patch.role !== 'admin' && staff.role === 'admin';
      const disabled = patch.enabled === false && !staff.disabled;
      if (id === actorId && (demoted || disabled)) throw bizError('不能停用自己的账号或取消自己的管理员角色');
      const changes: Partial<UserRow> = {};
      if (patch.name !== undefined) changes.name = patch.name.trim();
      if (patch.role !== undefined) changes.role = patch.role;
      if (patch.enabled !== undefined) changes.disabled = !patch.enabled;
      if (patch.password !== undefined) {
        const { hash, salt } = await hashPassword(patch.password);
        changes.passwordHash = hash;
        changes.passwordSalt = salt;
      }
      const updated = await withAudit(audit, async (r) => {
        const row = Object.keys(changes).length ? await r.users.update(id, changes) : staff;
        if (disabled || patch.password !== undefined) await r.sessions.revokeAllOf(id);
        return row ?? staff;
      });
      if (patch.enabled === true || patch.password !== undefined || patch.unlock) await guard.clearAccount({ id: staff.id });
      if (patch.password !== undefined) await guard.forgetDevices(staff.id);
      return updated;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
