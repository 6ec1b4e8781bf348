// 迁入: post-doctoral, staff and family move-in (/api/qianru, two stages), new students (/api/yingxin), the
// move-in records, the confirmation before stage 2 and the vouchers of a finished move-in (PDF, head-page photo).
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../shared/contract/schema';
import { notFound, ok } from '../../lib/envelope.ts';
import { maskIdNumber } from '../../lib/masks.ts';
import { currentUser } from '../../lib/request.ts';
import { canContinue } from '../../services/applications.ts';
import { MSG } from '../../domain/index.ts';
import { idempotencyKeyOf } from '../../services/idempotency.ts';
import { collectiveOfMoveIn, familyMembersOf, type Person } from '../../services/movement-hooks.ts';
import type { UserRow } from '../../repositories/users.ts';
import { listItemWire, summaryWire } from '../applications/wire.ts';
import { formOperations } from '../form-operations.ts';
import { linkInvalidPage, refuseLink, sendPdf } from '../file-links.ts';

type S = components['schemas'];

const LINK_INVALID = '链接无效或已过期，请回到迁入凭证页重新获取';

const LINK_INVALID_PAGE = linkInvalidPage({
  noun: '凭证',
  where: '请回到「迁入凭证」页面，重新点击下载，获取新的链接。',
  back: ['前往迁入凭证', '/web/move-in-voucher'],
});

/** The answers of a 迁入 (the confirmation page is of qianru only). */
type QianruAnswers = S['QianruAnswers'];

export default async function moveInRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const { addAndEdit } = formOperations(app);
  const label = (type: string, value: string | null | undefined) => repos.dict.label(type, value);

  /** A person of a move-in form as the confirmation page shows them (ID number masked). */
  const personCard = async (p: Person, extra: { gzzh?: string | null; dwh?: string | null } = {}): Promise<S['PersonCard']> => ({
    xm: p.xm,
    xbmc: await label('qh_gender', p.xbm),
    mzmc: await label('gb_mz', p.mzm),
    csrq: p.csrq,
    sfzjh: maskIdNumber(p.sfzjh),
    yhzgxmc: await label('gb_relation', p.yhzgx),
    gzzh: extra.gzzh ?? null,
    dwmc: await label('dw_rsYx', extra.dwh),
  });

  /**
   * The household head of a family move-in as a person card: all of it for the head themself; a family member who
   * named the head sees only what they proved (name, staff number) and the masked ID number — never the head's birth
   * date, gender, ethnic group or unit.
   */
  const headCard = async (head: UserRow, own: boolean): Promise<S['PersonCard']> =>
    own
      ? fullHeadCard(head)
      : {
          xm: head.name,
          xbmc: null,
          mzmc: null,
          csrq: null,
          sfzjh: maskIdNumber(head.idNumber),
          yhzgxmc: '户主',
          gzzh: head.staffNo,
          dwmc: null,
        };

  const fullHeadCard = async (head: UserRow): Promise<S['PersonCard']> => ({
    xm: head.name,
    xbmc: await label('qh_gender', head.genderCode),
    mzmc: await label('gb_mz', head.ethnicCode),
    csrq: head.birthDate,
    sfzjh: maskIdNumber(head.idNumber),
    yhzgxmc: '户主',
    gzzh: head.staffNo,
    dwmc: await label('dw_rsYx', head.departmentCode),
  });

  addAndEdit('qianru', 'addQianru', 'editQianru', services.moveIn.qianru);
  addAndEdit('yingxin', 'addYingxin', 'editYingxin', services.moveIn.yingxin);

  app.operation('listMoveInHistory', async (request) => {
    const rows = await repos.applications.listOfKinds(currentUser(request).id, ['qianru', 'yingxin']);
    return ok(rows.map(listItemWire), '查询成功');
  });

  app.operation('getMoveInConfirmation', async (request) => {
    const me = currentUser(request);
    const row = await repos.applications.findById(request.query.id);
    if (!row || row.userId !== me.id || row.kind !== 'qianru') throw notFound(MSG.notFound);
    const a = row.answers as QianruAnswers;
    const user = (await repos.users.findById(me.id))!;
    const family = a.qrlx === '3';
    const head = family ? (user.personType === '4' ? user : await repos.users.findByStudentOrStaffNo(a.hzgzzh ?? '')) : null;
    const ownHead = head?.id === user.id;
    // The head's own record (their collective household, police station) only for the head themself; a family
    // member sees the collective household the move-in lands in, as for qrlx 1 and 2.
    const headRecord = head && ownHead ? await repos.users.household(head.id) : null;
    const collective = await collectiveOfMoveIn(repos, row);
    const stationId = headRecord?.policeStationId ?? collective?.policeStationId;
    const station = stationId ? await repos.policeStations.find(stationId) : null;
    const members = familyMembersOf(a);
    const others = family ? members.slice(1) : members;
    return ok(
      {
        application: summaryWire(row),
        yh: await personCard(a.ryxx, family ? {} : { gzzh: user.staffNo, dwh: a.dwh }),
        hz: head ? await headCard(head, ownHead) : null,
        jthmc: headRecord?.collectiveName ?? collective?.name ?? '',
        qrdz: headRecord?.collectiveAddress ?? collective?.address ?? '',
        pcsmc: station?.name ?? null,
        sqjs: await Promise.all(others.map((m) => personCard(m))),
        canContinue: canContinue(row),
      },
      '查询成功',
    );
  });

  app.operation('continueMoveIn', async (request) => {
    const me = currentUser(request);
    const req = { operation: 'continueMoveIn', key: idempotencyKeyOf(request.headers), body: request.body };
    const row = await services.applications.continueMoveIn(me.id, request.body.id, req, (editing) =>
      services.moveIn.continued(request.body, editing),
    );
    return ok(summaryWire(row), '提交成功');
  });

  app.operation('downloadHouseholdCardPdf', async (request, reply) => {
    const row = await services.vouchers.finishedMoveIn(currentUser(request).id, request.query.id);
    return sendPdf(reply, await services.vouchers.householdCard(row));
  });

  app.operation('downloadHeadPagePdf', async (request, reply) => {
    const row = await services.vouchers.finishedMoveIn(currentUser(request).id, request.query.id);
    return sendPdf(reply, await services.vouchers.headPage(row));
  });

  app.operation('createVoucherLink', async (request) => {
    const me = currentUser(request);
    const row = await services.vouchers.finishedMoveIn(me.id, request.body.id);
    return ok(
      services.voucherLinks.issue({ applicationId: row.id, kind: request.body.kind, userId: me.id, sessionId: me.sessionId }),
      '获取成功',
    );
  });

  app.operation('getVoucherByLink', async (request, reply) => {
    const refuse = () => refuseLink(request, reply, LINK_INVALID, LINK_INVALID_PAGE);
    const link = services.voucherLinks.verify(request.query.t);
    if (!link) return refuse();
    // The session that asked for it must still be in force: signing out ends the link with it.
    if (!(await repos.sessions.isLive(link.sessionId, link.userId, services.clock.now()))) return refuse();
    // Still the owner's finished move-in (a refusal reads the same as a bad link).
    const row = await services.vouchers.finishedMoveIn(link.userId, link.applicationId).catch(() => null);
    if (!row) return refuse();
    const file = link.kind === 'hkk' ? await services.vouchers.householdCard(row) : await services.vouchers.headPage(row);
    return sendPdf(reply, file, 'inline');
  });

  app.operation('getHeadPagePhotoUrl', async (request) => {
    const row = await services.vouchers.finishedMoveIn(currentUser(request).id, request.query.id);
    return ok(await services.vouchers.headPagePhoto(row), '查询成功');
  });
}
