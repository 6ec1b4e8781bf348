// 迁出: the guard of /move-out/{sub}, the move-out forms with the family list and the last finished move-out,
// the migration-certificate services (延期, 地址变更, 补办), 注销户口, and the reference lists of the forms.
import type { FastifyInstance } from 'fastify';
import { forbidden, ok } from '../../lib/envelope.ts';
import { maskIdNumber } from '../../lib/masks.ts';
import { currentUser } from '../../lib/request.ts';
import { answerSummary } from '../../services/answer-summary.ts';
import { detailWire } from '../applications/wire.ts';
import { dictItemWire } from '../dict/wire.ts';
import { formOperations } from '../form-operations.ts';

/** 110000 → '11' (the province), 110100 → '1101' (the city), 110108 → '110108' (the district). */
const divisionPrefix = (code: string) => code.replace(/(00){1,2}$/, '');

export default async function moveOutRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const { addAndEdit, contextOf } = formOperations(app);
  const { moveOut } = services;

  app.operation('listPoliceStations', async (request) => {
    const ssq = request.body.ssq;
    const rows = await repos.policeStations.list(ssq ? divisionPrefix(ssq) : undefined);
    return ok(
      rows.map((p) => ({ id: p.id, policeStationName: p.name, address: p.address })),
      '查询成功',
    );
  });

  app.operation('listRelationRoles', async () => ok((await repos.dict.list('qh_yhzgx')).map(dictItemWire), '查询成功'));

  app.operation('checkMoveOut', async (request) => {
    const ctx = await contextOf(currentUser(request), null);
    const { last: _last, ...verdict } = await moveOut.check(ctx.user, ctx.household, request.query.sub);
    return ok(verdict, '查询成功');
  });

  addAndEdit('qianchu', 'addQianchu', 'editQianchu', moveOut.qianchu);
  addAndEdit('qyzyq', 'addQyzyq', 'updateQyzyq', moveOut.qyzyq);
  addAndEdit('qyzbg', 'addQyzbg', 'updateQyzbg', moveOut.qyzbg);
  addAndEdit('qykbb', 'addQykbb', 'updateQykbb', moveOut.qykbb);
  addAndEdit('zxhkzmkj', 'addZxhkzmkj', 'editZxhkzmkj', moveOut.zxhkzmkj);
  app.operation('listZxhkzmkjReasons', async () => ok((await repos.dict.list('qh_zxhk_reason')).map(dictItemWire), '查询成功'));

  app.operation('listFamilyMembers', async (request) => {
    const me = currentUser(request);
    if (request.body.id !== me.id) throw forbidden('您无权访问该资源');
    const members = await moveOut.familyOf(me.id);
    const label = (type: string, value: string | null | undefined) => repos.dict.label(type, value);
    const rows = await Promise.all(
      members.map(async ({ user, household }) => ({
        id: user.id,
        xm: user.name,
        xbmc: await label('qh_gender', user.genderCode),
        yhzgx: household?.relationCode ?? null,
        yhzgxmc: await label('gb_relation', household?.relationCode),
        sfzjh: maskIdNumber(user.idNumber),
        hkIn: household?.status === '1',
      })),
    );
    return ok(rows, '查询成功');
  });

  app.operation('getLastFinishedMoveOut', async (request) => {
    const me = currentUser(request);
    const user = (await repos.users.findById(me.id))!;
    const row = await moveOut.lastFinished(user);
    if (!row) return ok(null, '查询成功');
    const refs = row.attachments as { fileId: string }[];
    const [events, files, summary] = await Promise.all([
      repos.applications.eventsOf(row.id),
      Promise.all(refs.map((r) => repos.uploads.findById(r.fileId))),
      answerSummary(repos, row, { mask: true }),
    ]);
    return ok(
      detailWire(
        row,
        events,
        files.filter((f) => f !== null),
        user.name,
        summary,
      ),
      '查询成功',
    );
  });
}
