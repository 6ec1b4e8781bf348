// Move-out reference lists: police stations and relations to the household head.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { dictItemWire } from '../dict/wire.ts';

/** 110000 → '11' (the province), 110100 → '1101' (the city), 110108 → '110108' (the district). */
const divisionPrefix = (code: string) => code.replace(/(00){1,2}$/, '');

export default async function moveOutRoutes(app: FastifyInstance) {
  app.operation('listPoliceStations', async (request) => {
    const ssq = request.body.ssq;
    const rows = await app.repos.policeStations.list(ssq ? divisionPrefix(ssq) : undefined);
    return ok(rows.map((p) => ({ id: p.id, policeStationName: p.name, address: p.address })), '查询成功');
  });

  app.operation('listRelationRoles', async () => ok((await app.repos.dict.list('qh_yhzgx')).map(dictItemWire), '查询成功'));
}
