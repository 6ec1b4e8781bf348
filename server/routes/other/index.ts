// 其他业务 and 其他信息变更 (/other, /change/other): one kind (qtbs), the type's group decides the sub-service.
import type { FastifyInstance } from 'fastify';
import { ok, okRows } from '../../lib/envelope.ts';
import { currentUser, pageOf } from '../../lib/request.ts';
import { listItemWire } from '../applications/wire.ts';
import { formOperations } from '../form-operations.ts';

const GROUPS = { other: 'qh_qtbs_type', change: 'qh_change_type' } as const;

export default async function otherRoutes(app: FastifyInstance) {
  const { repos, services } = app;

  // The context gives 其他信息变更 the user's record (a change must differ from it).
  formOperations(app).addAndEdit('qtbs', 'addQtbs', 'editQtbs', services.forms.qtbs);

  app.operation('listQtbs', async (request) => {
    const { rows, total } = await repos.applications.page(
      currentUser(request).id,
      { kind: 'qtbs', status: request.query.status },
      pageOf(request.query),
      'created',
    );
    return okRows(rows.map(listItemWire), total);
  });

  app.operation('listQtbsTypes', async (request) => {
    const groups = request.body?.group ? [request.body.group] : (['other', 'change'] as const);
    const rows = await Promise.all(
      groups.map(async (group) =>
        (await repos.dict.list(GROUPS[group])).map((r) => ({
          dictLabel: r.label,
          dictValue: r.value,
          group,
          switch: r.enabled ? ('1' as const) : ('0' as const),
        })),
      ),
    );
    return ok(rows.flat(), '查询成功');
  });
}
