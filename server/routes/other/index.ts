// 其他业务 and 其他信息变更 (/other, /change/other): one kind (qtbs), the type's group decides the sub-service.
import type { FastifyInstance } from 'fastify';
import { ok, okRows } from '../../lib/envelope.ts';
import { currentUser, pageOf } from '../../lib/request.ts';
import { idempotencyKeyOf } from '../../services/idempotency.ts';
import { listItemWire, summaryWire } from '../applications/wire.ts';

const GROUPS = { other: 'qh_qtbs_type', change: 'qh_change_type' } as const;

export default async function otherRoutes(app: FastifyInstance) {
  const { repos, services } = app;

  app.operation('addQtbs', async (request) => {
    const me = currentUser(request);
    const req = { operation: 'addQtbs', key: idempotencyKeyOf(request.headers), body: request.body };
    const row = await services.applications.submit(me.id, req, () => services.forms.qtbs(request.body));
    return ok(summaryWire(row), '提交成功');
  });

  app.operation('editQtbs', async (request) => {
    const me = currentUser(request);
    const { id, ...body } = request.body;
    const req = { operation: 'editQtbs', key: idempotencyKeyOf(request.headers), body: request.body };
    const row = await services.applications.edit(me.id, id, 'qtbs', req, () => services.forms.qtbs(body));
    return ok(summaryWire(row), '修改成功');
  });

  app.operation('listQtbs', async (request) => {
    const { rows, total } = await repos.applications.page(currentUser(request).id, { kind: 'qtbs', status: request.query.status }, pageOf(request.query), 'created');
    return okRows(rows.map(listItemWire), total);
  });

  app.operation('listQtbsTypes', async (request) => {
    const groups = request.body?.group ? [request.body.group] : (['other', 'change'] as const);
    const rows = await Promise.all(groups.map(async (group) => (await repos.dict.list(GROUPS[group])).map((r) => ({ dictLabel: r.label, dictValue: r.value, group, switch: r.enabled ? ('1' as const) : ('0' as const) }))));
    return ok(rows.flat(), '查询成功');
  });
}
