// The staff console (issue 5): sign-in, staff accounts, reference tables, the audit log; processing and
// settings live in their own modules. Roles come from each operation's x-roles (see plugins/auth.ts).
import { giveDeviceCookie } from '../../lib/device-cookie.ts';
import { staffPasswordProblem } from '../../lib/password-strength.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, ok, okRows, okToken } from '../../lib/envelope.ts';
import { clientIp, currentUser, pageOf } from '../../lib/request.ts';
import { LIMITS } from '../../plugins/limits.ts';
import { captchaClient } from '../../services/captcha.ts';
import { signInClient } from '../../services/login-records.ts';
import { auditTools } from './audit.ts';
import processingRoutes from './processing/index.ts';
import assignmentRoutes from './assignment.ts';
import exportRoutes from './exports.ts';
import rosterRoutes from './roster.ts';
import securityRoutes from './security.ts';
import operationsRoutes from './operations.ts';
import settingsRoutes from './settings/index.ts';
import collectiveRoutes from './collective.ts';
import contentRoutes from './content.ts';
import { adminMeta, auditWire, staffWire } from './wire.ts';

export default async function adminRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  app.operation(
    'adminGetCaptcha',
    async (request) => ok(await services.captcha.create(captchaClient(null, clientIp(request))), '获取成功'),
    {
      rateLimit: LIMITS.imageCode,
    },
  );

  app.operation(
    'adminLogin',
    async (request, reply) => {
      const client = signInClient(request);
      const { token, staff } = await services.staff.login(request.body, client);
      giveDeviceCookie(reply, request, client);
      await repos.audit.add({
        at: services.clock.now(),
        staffId: staff.id,
        staffName: staff.name,
        staffUsername: staff.username ?? '',
        action: 'login',
        targetType: 'staff',
        targetId: String(staff.id),
        summary: '登录工作台',
        ip: clientIp(request),
      });
      return okToken(token);
    },
    { rateLimit: LIMITS.signIn },
  );

  app.operation('adminLogout', async (request) => {
    const me = currentUser(request);
    if (request.tokenHash) await services.sessions.revoke(request.tokenHash);
    await audit.record(request, { action: 'logout', targetType: 'staff', targetId: me.id, summary: '退出工作台' });
    return ok(undefined, '已退出登录');
  });

  /** A staff password must resist guessing (lib/password-strength.ts): else 400 on the password field. */
  const strongEnough = async (password: string, who: { username?: string; name?: string }) => {
    const problem = await staffPasswordProblem(password, who);
    if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
  };

  app.operation('adminGetMe', async (request) => {
    const staff = await repos.staff.findById(currentUser(request).id);
    return ok(staffWire(staff!), '查询成功');
  });

  app.operation('adminChangePassword', async (request) => {
    const me = currentUser(request);
    const self = await repos.staff.findById(me.id);
    await strongEnough(request.body.password, { username: self?.username ?? undefined, name: self?.name });
    await services.staff.changePassword(me.id, request.body, me.sessionId);
    await audit.record(request, { action: 'password.change', targetType: 'staff', targetId: me.id, summary: '修改本人密码' });
    return ok(undefined, '密码已修改');
  });

  app.operation('adminGetMeta', async () => ok(adminMeta(), '查询成功'));

  app.operation('adminListStaff', async () => {
    const rows = await repos.staff.list();
    // Each account's failed sign-ins from unknown sources within the hour: an account under attack shows, and 解除登录限制.
    const failures = await services.guard.failuresOf(rows.map((r) => r.id));
    return ok(
      rows.map((r) => ({ ...staffWire(r), failedSignIns: failures.get(r.id) ?? 0 })),
      '查询成功',
    );
  });

  app.operation('adminCreateStaff', async (request) => {
    const { username, name, role } = request.body;
    await strongEnough(request.body.password, { username, name });
    const row = await services.staff.create(request.body, (created) =>
      audit.entry(request, {
        action: 'staff.create',
        targetType: 'staff',
        targetId: created.id,
        summary: `新建${role === 'admin' ? '管理员' : '办理员'} ${username}（${name}）`,
      }),
    );
    return ok(staffWire(row), '已创建');
  });

  app.operation('adminUpdateStaff', async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const patch = request.body;
    const changed = [
      patch.name !== undefined ? `姓名改为 ${patch.name}` : null,
      patch.role !== undefined ? `角色改为 ${patch.role === 'admin' ? '管理员' : '办理员'}` : null,
      patch.enabled !== undefined ? (patch.enabled ? '启用' : '停用') : null,
      patch.password !== undefined ? '重置密码' : null,
      patch.unlock ? '解除登录限制' : null,
    ].filter(Boolean);
    if (patch.password !== undefined) {
      const target = await repos.staff.findById(id);
      await strongEnough(patch.password, { username: target?.username ?? undefined, name: patch.name ?? target?.name });
    }
    const row = await services.staff.update(me.id, id, patch, (updated) =>
      audit.entry(request, {
        action: 'staff.update',
        targetType: 'staff',
        targetId: id,
        summary: `修改工作人员 ${updated.username}：${changed.join('，') || '无变化'}`,
      }),
    );
    return ok(staffWire(row), '已保存');
  });

  app.operation('adminListAudit', async (request) => {
    const { staffId, action, targetType, targetId, from, to } = request.query;
    const { rows, total } = await repos.audit.page({ staffId, action, targetType, targetId, from, to }, pageOf(request.query));
    await audit.record(request, { action: 'audit.view', summary: '查看审计日志' });
    return okRows(rows.map(auditWire), total);
  });

  await app.register(processingRoutes);
  await app.register(settingsRoutes);
  await app.register(collectiveRoutes);
  await app.register(contentRoutes);
  await app.register(assignmentRoutes);
  await app.register(exportRoutes);
  await app.register(rosterRoutes);
  await app.register(securityRoutes);
  await app.register(operationsRoutes);
}
