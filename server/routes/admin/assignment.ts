// 认领 and 分派 (who has an application in progress), and 批量办理 (one action on several applications, each in its own
// transaction with its own version, each succeeding or skipped with the reason).
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict, notFound, ok } from '../../lib/envelope.ts';
import { currentUser } from '../../lib/request.ts';
import { kindName, statusName, Status } from '../../domain/index.ts';
import type { components } from '../../../shared/contract/schema';
import { auditTools } from './audit.ts';
import { assigneeWire } from './wire.ts';
import { pickupPrefill } from '../../services/handling-inputs.ts';

type S = components['schemas'];
type BulkResult = S['BulkTransitionResult']['data']['results'][number];

const GONE = '申请不存在或已办结';

export default async function assignmentRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  /** Who has it now, as the console shows it. */
  const holderOf = async (id: number) => {
    const row = await repos.applications.findById(id);
    if (!row) return null;
    const names = row.assigneeId ? await repos.staff.namesOf([row.assigneeId]) : new Map<number, string>();
    return { row, assignee: assigneeWire(row, names) };
  };

  // What a bulk 通知领取 starts with: the same place and hours as one application's (prefillOf).
  app.operation('adminPickupPrefill', async () => ok(await pickupPrefill(repos), '查询成功'));

  app.operation('adminClaimApplication', async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const assigned = await audit.audited(
      request,
      async (r) => {
        const done = await r.queue.assign(id, me.id, services.clock.now(), true);
        if (done) return done;
        const row = await r.applications.findById(id);
        if (!row || row.status > 6) throw notFound(GONE);
        const [holder] = row.assigneeId ? [...(await r.staff.namesOf([row.assigneeId])).values()] : [];
        throw conflict(`该申请已由${holder ?? '其他工作人员'}认领`);
      },
      () => ({ action: 'application.claim', targetType: 'application', targetId: id, summary: `认领申请 #${id}` }),
    );
    const now = await holderOf(assigned.id);
    return ok(now!.assignee, '已认领');
  });

  app.operation('adminAssignApplication', async (request) => {
    const { id } = request.params;
    const { staffId } = request.body;
    let name = '';
    if (staffId !== null) {
      const staff = await repos.staff.findById(staffId);
      if (!staff || staff.disabled) throw badRequest('请选择启用的工作人员', [{ field: 'staffId', message: '请选择启用的工作人员' }]);
      name = staff.name;
    }
    await audit.audited(
      request,
      async (r) => {
        const done = await r.queue.assign(id, staffId, services.clock.now());
        if (!done) throw notFound(GONE);
        return done;
      },
      () => ({
        action: 'application.assign',
        targetType: 'application',
        targetId: id,
        summary: staffId === null ? `收回申请 #${id} 的分派` : `分派申请 #${id} 给 ${name}`,
      }),
    );
    const now = await holderOf(id);
    return ok(now!.assignee, staffId === null ? '已收回' : '已分派');
  });

  app.operation('adminBulkTransition', async (request) => {
    const me = currentUser(request);
    const { to, items, lqdd, lqsj } = request.body;
    const handling = to === Status.awaitingPickup ? { lqdd: lqdd?.trim() ?? '', lqsj: lqsj?.trim() ?? '' } : {};
    if (to === Status.awaitingPickup) {
      const errors = (['lqdd', 'lqsj'] as const)
        .filter((f) => !handling[f])
        .map((field) => ({ field, message: field === 'lqdd' ? '请填写领取地点' : '请填写领取时间' }));
      if (errors.length) throw badRequest('请填写办理信息', errors);
    }
    const seen = new Set<number>();
    const results: BulkResult[] = [];
    // One after the other: each its own transaction, so one refusal never undoes another's success.
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      try {
        const moved = await services.applications.transition(
          item.id,
          to,
          { role: 'staff', id: me.id },
          {
            handling,
            expectedVersion: item.expectedVersion,
            audit: (row) =>
              audit.entry(request, {
                action: 'application.transition',
                targetType: 'application',
                targetId: row.id,
                summary: `批量办理：申请 ${row.referenceNo}（${kindName(row.kind, row.sub)}）办理为「${statusName(row.kind, to)}」`,
              }),
          },
        );
        results.push({
          id: moved.id,
          sqbh: moved.referenceNo,
          ok: true,
          status: moved.status as S['AppStatus'],
          statusName: statusName(moved.kind, moved.status),
          version: moved.version,
          reason: null,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const row = await repos.applications.findById(item.id);
        results.push({
          id: item.id,
          sqbh: row?.referenceNo ?? null,
          ok: false,
          status: (row?.status as S['AppStatus'] | undefined) ?? null,
          statusName: row ? statusName(row.kind, row.status) : null,
          reason: err.statusCode === 404 ? '申请不存在' : err.message,
        });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return ok(
      { succeeded, skipped: results.length - succeeded, results },
      succeeded
        ? `已办理 ${succeeded} 件${results.length > succeeded ? `，跳过 ${results.length - succeeded} 件` : ''}`
        : '没有可办理的申请',
    );
  });
}
