// 设置 → 首页板块: the tiles (and move-out sub-tiles) each person type sees.
import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { personTypes, sectorRowsOf, sectors as sectorCatalogue } from '../../../domain/index.ts';
import type { components } from '../../../../shared/contract/schema';
import { auditTools } from '../audit.ts';

type S = components['schemas'];

export default async function sectorSettingsRoutes(app: FastifyInstance) {
  const { repos } = app;
  const audit = auditTools(app);

  const sectorGroups = async (): Promise<S['AdminSectorGroup'][]> => {
    const rows = await repos.sectors.all();
    return personTypes.map((p) => {
      const mine = rows.filter((r) => r.personType === p.rylb);
      return {
        rylb: p.rylb,
        rylbName: p.label,
        sectors: mine
          .filter((r) => r.parentCode === null)
          .map((tile) => {
            const subs = mine.filter((r) => r.parentCode === tile.sectorCode);
            return {
              sectorCode: tile.sectorCode,
              sectorName: tile.name,
              disabled: tile.disabled,
              ...(subs.length
                ? { subSectors: subs.map((s) => ({ sectorCode: s.sectorCode, sectorName: s.name, disabled: s.disabled })) }
                : {}),
            };
          }),
      };
    });
  };

  app.operation('adminListSectors', async () => ok(await sectorGroups(), '查询成功'));

  app.operation('adminUpdateSectors', async (request) => {
    const { rylb } = request.params;
    const wanted = request.body.sectors;
    const built = sectorRowsOf(rylb, wanted);
    if ('refused' in built) throw badRequest(built.refused, [{ field: built.field, message: built.message }]);
    const { rows } = built;
    await audit.audited(
      request,
      (r) => r.sectors.replace(rylb, rows),
      () => ({
        action: 'sectors.update',
        targetType: 'sectors',
        targetId: rylb,
        summary: `设置${personTypes.find((p) => p.rylb === rylb)?.label ?? rylb}的首页板块：${wanted.map((s) => `${sectorCatalogue.find((d) => String(d.sectorCode) === s.sectorCode)?.name}${s.disabled ? '（停用）' : ''}`).join('、') || '无'}`,
      }),
    );
    return ok(
      (await sectorGroups()).find((g) => g.rylb === rylb)!,
      '已保存',
    );
  });
}
