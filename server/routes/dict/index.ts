// Dictionaries and national code lists (public reference data).
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { DictItemRow } from '../../repositories/reference.ts';
import { dictItemWire, dwWire, dzWire, hyzkWire, mzWire, xbWire, xlWire } from './wire.ts';

const UNIT_KINDS = ['sm', 'jwYx', 'rsYx', 'gljs'] as const;

/** Units of several lists, each unit once. */
const distinctUnits = (rows: DictItemRow[]) => [...new Map(rows.map((r) => [r.value, r] as const)).values()];

export default async function dictRoutes(app: FastifyInstance) {
  const { dict, divisions } = app.repos;
  const list = async <T>(type: string, wire: (row: DictItemRow) => T) => ok((await dict.list(type)).map(wire), '查询成功');

  app.operation('getDictIdentityReason', () => list('qh_identity_reason', dictItemWire));
  app.operation('getDictGender', () => list('qh_gender', dictItemWire));
  app.operation('getDictMaritalStatus', () => list('qh_maritalStatus', dictItemWire));
  app.operation('getSysDictByType', (request) => list(request.body.dictType, dictItemWire));

  app.operation('getEthnicGroups', () => list('gb_mz', mzWire));
  app.operation('getGenders', () => list('gb_xb', xbWire));
  app.operation('getMaritalStatuses', () => list('gb_hyzk', hyzkWire));
  app.operation('getEducationLevels', () => list('gb_xl', xlWire));

  app.operation('getProvinces', async () => ok({ shenList: (await divisions.provinces()).map(dzWire) }, '查询成功'));
  app.operation('getDivisionsByParent', async (request) => ok((await divisions.children(request.body.parentCode)).map(dzWire), '查询成功'));

  app.operation('getAcademicUnits', () => list('dw_jwYx', dwWire));
  app.operation('getStaffUnits', () => list('dw_rsYx', dwWire));
  app.operation('getSchoolUnits', async (request) => {
    const kinds = request.body.lx ? [request.body.lx] : UNIT_KINDS;
    const rows = await dict.listTypes(kinds.map((k) => `dw_${k}`));
    return ok(
      distinctUnits(rows)
        .sort((a, b) => a.value.localeCompare(b.value))
        .map(dwWire),
      '查询成功',
    );
  });
}
