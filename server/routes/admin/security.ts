// 登录日志 and 在线用户 with 强制退出 (administrators): who signed in or was refused, and the sessions in force.
import { deviceLabel } from '../../lib/device-label.ts';
import type { FastifyInstance } from 'fastify';
import { bizError, notFound, ok, okRows } from '../../lib/envelope.ts';
import { currentUser, pageOf } from '../../lib/request.ts';
import type { components } from '../../../shared/contract/schema';
import { chinaDateTime } from '../../services/clock.ts';
import { auditTools } from './audit.ts';

type S = components['schemas'];

const ROLE_NAMES = { user: '用户', staff: '办理员', admin: '管理员' } as const;
const METHOD_NAMES = { password: '密码登录', cas: '统一身份认证', register: '注册' } as const;
const REALM_NAMES = { user: '移动端', staff: '工作台' } as const;

interface Who {
  userId: number;
  name: string;
  username: string | null;
  role: string;
  studentNo: string | null;
  staffNo: string | null;
}

const personWire = (w: Who): S['SignInPerson'] => {
  const role = (w.role in ROLE_NAMES ? w.role : 'user') as keyof typeof ROLE_NAMES;
  return {
    userId: w.userId,
    name: w.name,
    role,
    roleName: ROLE_NAMES[role],
    account: role === 'user' ? (w.studentNo ?? w.staffNo ?? null) : w.username,
  };
};

export default async function securityRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  app.operation('adminListLoginRecords', async (request) => {
    const { realm, success, keyword, from, to } = request.query;
    const filter = { realm, success: success === undefined ? undefined : success === '1', keyword: keyword?.trim() || undefined, from, to };
    const { rows, total } = await repos.loginRecords.page(filter, pageOf(request.query));
    await audit.record(request, { action: 'loginRecords.view', summary: '查看登录日志' });
    return okRows(
      rows.map(({ record, who }): S['LoginRecord'] => ({
        id: record.id,
        at: chinaDateTime(record.at),
        realm: record.realm as 'user' | 'staff',
        realmName: REALM_NAMES[record.realm as 'user' | 'staff'] ?? record.realm,
        method: record.method as 'password' | 'cas' | 'register',
        methodName: METHOD_NAMES[record.method as keyof typeof METHOD_NAMES] ?? record.method,
        success: record.success,
        reason: record.reason,
        person: who?.userId ? personWire(who as Who) : null,
        attemptedName: record.attemptedName,
        ip: record.ip,
        userAgent: record.userAgent,
      })),
      total,
    );
  });

  app.operation('adminListOnlineSessions', async (request) => {
    const { realm, keyword } = request.query;
    const me = currentUser(request);
    const { rows, total } = await repos.onlineSessions.page(
      { realm, keyword: keyword?.trim() || undefined },
      services.clock.now(),
      pageOf(request.query),
    );
    await audit.record(request, { action: 'sessions.view', summary: '查看在线用户' });
    return okRows(
      rows.map((s): S['OnlineSession'] => ({
        id: s.id,
        person: personWire(s.who),
        loginType: s.loginType === '2' ? '2' : '1',
        loginTypeName: s.loginType === '2' ? '统一身份认证' : '密码登录',
        ip: s.ip,
        device: deviceLabel(s.userAgent),
        createdAt: chinaDateTime(s.createdAt),
        lastSeenAt: chinaDateTime(s.lastSeenAt),
        expiresAt: chinaDateTime(s.expiresAt),
        current: s.id === me.sessionId,
      })),
      total,
    );
  });

  app.operation('adminEndSession', async (request) => {
    const { id } = request.params;
    if (id === currentUser(request).sessionId) throw bizError('不能强制退出本人当前会话，请使用退出登录');
    await audit.audited(
      request,
      async (r) => {
        const owner = await r.onlineSessions.end(id);
        if (!owner) throw notFound('会话不存在或已结束');
        return owner;
      },
      (owner) => ({
        action: 'session.end',
        targetType: owner.role === 'user' ? 'user' : 'staff',
        targetId: owner.userId,
        summary: `强制退出 ${owner.name}（${ROLE_NAMES[owner.role as keyof typeof ROLE_NAMES] ?? '用户'}）的会话 #${id}`,
      }),
    );
    return ok(undefined, '已强制退出');
  });
}
