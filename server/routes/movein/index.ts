// 迁入: post-doctoral, staff and family move-in (/api/qianru, two stages), new students (/api/yingxin), the
// move-in records, the confirmation before stage 2 and the vouchers of a finished move-in (PDF, head-page photo).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { components } from '../../../shared/contract/schema';
import { forbidden, notFound, ok } from '../../lib/envelope.ts';
import { maskIdNumber } from '../../lib/masks.ts';
import { contentDisposition, currentUser } from '../../lib/request.ts';
import { canContinue } from '../../services/applications.ts';
import { MSG } from '../../domain/index.ts';
import { idempotencyKeyOf } from '../../services/idempotency.ts';
import { collectiveOfMoveIn, familyMembersOf, type Person } from '../../services/movement-hooks.ts';
import type { UserRow } from '../../repositories/users.ts';
import { listItemWire, summaryWire } from '../applications/wire.ts';
import { formOperations } from '../form-operations.ts';
import { LINK_SECONDS } from '../../services/voucher-links.ts';

type S = components['schemas'];

const LINK_INVALID = '链接无效或已过期，请回到迁入凭证页重新获取';

/**
 * What a person sees for a link that no longer works: WeChat opens the voucher's link in the phone's browser
 * (「在浏览器打开」), often minutes later. A page in Chinese that says what happened and where to get a new link; a
 * program (asking for JSON, or for anything) gets the envelope as before.
 */
const LINK_INVALID_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>链接已失效</title>
<style>body{margin:0;font:17px/1.6 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;color:#1a1a1a;background:#f5f5f5}
main{max-width:32em;margin:0 auto;padding:48px 24px;text-align:center}h1{font-size:22px;margin:0 0 12px}
p{color:#555;margin:0 0 12px}a{display:inline-block;margin-top:20px;padding:10px 28px;border-radius:8px;background:#791cb5;color:#fff;text-decoration:none}</style>
</head><body><main><h1>链接已失效</h1>
<p>这个凭证链接已过期或已失效：链接在生成 ${Math.round(LINK_SECONDS / 60)} 分钟后失效，退出登录后也会失效。</p>
<p>请回到「迁入凭证」页面，重新点击下载，获取新的链接。</p>
<a href="/web/move-in-voucher">前往迁入凭证</a></main></body></html>`;

/** Whether the request is a browser's page load (it asks for HTML before JSON), not a program. */
export function wantsPage(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

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

  const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.pdf);

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
    const refuse = () => {
      if (!wantsPage(request.headers.accept)) throw forbidden(LINK_INVALID);
      return reply.status(403).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(LINK_INVALID_PAGE);
    };
    const link = services.voucherLinks.verify(request.query.t);
    if (!link) return refuse();
    // The session that asked for it must still be in force: signing out ends the link with it.
    if (!(await repos.sessions.isLive(link.sessionId, link.userId, services.clock.now()))) return refuse();
    // Still the owner's finished move-in (a refusal reads the same as a bad link).
    const row = await services.vouchers.finishedMoveIn(link.userId, link.applicationId).catch(() => null);
    if (!row) return refuse();
    const file = link.kind === 'hkk' ? await services.vouchers.householdCard(row) : await services.vouchers.headPage(row);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  });

  app.operation('getHeadPagePhotoUrl', async (request) => {
    const row = await services.vouchers.finishedMoveIn(currentUser(request).id, request.query.id);
    return ok(await services.vouchers.headPagePhoto(row), '查询成功');
  });
}
