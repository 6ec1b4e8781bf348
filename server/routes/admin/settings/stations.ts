// 设置 → 派出所: the police stations offered in the forms.
import type { FastifyInstance } from 'fastify';
import { badRequest, bizError, notFound, ok } from '../../../lib/envelope.ts';
import type { components } from '../../../../shared/contract/schema';
import { auditTools } from '../audit.ts';

type S = components['schemas'];

const stationWire = (p: {
  id: string;
  name: string;
  divisionCode: string;
  address: string | null;
  sort: number;
}): S['AdminPoliceStation'] => ({
  id: p.id,
  name: p.name,
  divisionCode: p.divisionCode,
  address: p.address,
  sort: p.sort,
});

export default async function stationSettingsRoutes(app: FastifyInstance) {
  const { repos } = app;
  const audit = auditTools(app);

  const checkDivision = async (code: string) => {
    const division = await repos.divisions.find(code);
    if (!division || division.level < 2) throw badRequest('区县代码不存在', [{ field: 'divisionCode', message: '区县代码不存在' }]);
  };

  app.operation('adminListPoliceStations', async () => ok((await repos.policeStations.all()).map(stationWire), '查询成功'));

  app.operation('adminCreatePoliceStation', async (request) => {
    const b = request.body;
    await checkDivision(b.divisionCode);
    const row = await audit.audited(
      request,
      async (r) => {
        const created = await r.policeStations.create({
          id: b.id,
          name: b.name.trim(),
          divisionCode: b.divisionCode,
          address: b.address?.trim() || null,
          sort: b.sort,
        });
        if (!created) throw bizError('派出所编号已存在');
        return created;
      },
      (created) => ({
        action: 'police.create',
        targetType: 'policeStation',
        targetId: created.id,
        summary: `新增派出所「${created.name}」`,
      }),
    );
    return ok(stationWire(row), '已创建');
  });

  app.operation('adminUpdatePoliceStation', async (request) => {
    const { id } = request.params;
    const b = request.body;
    if (b.divisionCode !== undefined) await checkDivision(b.divisionCode);
    const patch = {
      ...(b.name !== undefined ? { name: b.name.trim() } : {}),
      ...(b.divisionCode !== undefined ? { divisionCode: b.divisionCode } : {}),
      ...(b.address !== undefined ? { address: b.address?.trim() || null } : {}),
      ...(b.sort !== undefined ? { sort: b.sort } : {}),
    };
    const row = await audit.audited(
      request,
      async (r) => {
        const updated = Object.keys(patch).length ? await r.policeStations.update(id, patch) : await r.policeStations.find(id);
        if (!updated) throw notFound('派出所不存在');
        return updated;
      },
      (updated) => ({
        action: 'police.update',
        targetType: 'policeStation',
        targetId: updated.id,
        summary: `修改派出所「${updated.name}」`,
      }),
    );
    return ok(stationWire(row), '已保存');
  });
}
