// 电子证明 for the holder and for anyone who checks one: the public check by verification code (rate-limited per
// address, read from the database every time), the holder's list and download, and the short-lived link for WeChat.
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../../lib/envelope.ts';
import { currentUser } from '../../lib/request.ts';
import { MSG } from '../../domain/index.ts';
import { LIMITS } from '../../plugins/limits.ts';
import { parseCode } from '../../services/documents.ts';
import { issuableKinds } from '../../services/issued-documents.ts';
import { linkInvalidPage, refuseLink, sendPdf } from '../file-links.ts';
import { checkWire, myDocumentWire } from './wire.ts';

export const NOT_ISSUED = '未找到该文件，请核对核验码';
const LINK_INVALID = '链接无效或已过期，请回到申请详情页重新获取';
const LINK_INVALID_PAGE = linkInvalidPage({
  noun: '文件',
  where: '请回到「我的申请」中这份申请的详情页，重新点击下载。',
  back: ['前往我的申请', '/web/apply-list'],
});

export default async function documentRoutes(app: FastifyInstance) {
  const { repos, services } = app;

  // The office's PKCS#12 is read at start: a wrong path or passphrase stops the server now, not at the first 办结.
  app.addHook('onReady', async () => {
    if (!app.config.signingP12File) return;
    try {
      const id = await services.documents.signer();
      app.log.info({ holder: id.holder, notAfter: id.notAfter.toISOString() }, 'documents are signed with the office certificate');
    } catch (err) {
      throw new Error(`SIGNING_P12_FILE 无法读取或口令错误（cannot read the signing key: ${(err as Error).message}）`, { cause: err });
    }
  });

  app.operation(
    'verifyDocument',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const code = parseCode(request.params.code);
      const found = code ? await services.documents.check(code) : null;
      if (!found) throw notFound(NOT_ISSUED);
      return ok(checkWire(found, services.clock.now()), '查询成功');
    },
    { rateLimit: LIMITS.verify },
  );

  /** One's own application, else 404 as for a missing one. */
  async function ownApplication(userId: number, id: number) {
    const row = await repos.applications.findById(id);
    if (!row || row.userId !== userId) throw notFound(MSG.notFound);
    return row;
  }

  app.operation('listMyDocuments', async (request) => {
    const row = await ownApplication(currentUser(request).id, request.query.id);
    const editions = await repos.documents.ofApplication(row.id);
    const now = services.clock.now();
    const current = issuableKinds(row).flatMap((kind) => {
      const latest = editions.find((d) => d.kind === kind);
      return latest ? [myDocumentWire(latest, now, services.documents.checkUrl)] : [];
    });
    return ok(current, '查询成功');
  });

  app.operation('downloadMyDocument', async (request, reply) => {
    const row = await ownApplication(currentUser(request).id, request.query.id);
    return sendPdf(reply, await services.issued.fileOf(row, request.query.kind));
  });

  app.operation('createDocumentLink', async (request) => {
    const me = currentUser(request);
    const row = await ownApplication(me.id, request.body.id);
    // Refused now (not finished, revoked) rather than when the link is opened.
    await services.issued.fileOf(row, request.body.kind);
    return ok(
      services.voucherLinks.issue(
        { applicationId: row.id, kind: request.body.kind, userId: me.id, sessionId: me.sessionId },
        '/api/documents/open',
      ),
      '获取成功',
    );
  });

  app.operation('getDocumentByLink', async (request, reply) => {
    const refuse = () => refuseLink(request, reply, LINK_INVALID, LINK_INVALID_PAGE);
    const link = services.voucherLinks.verify(request.query.t);
    if (!link) return refuse();
    if (!(await repos.sessions.isLive(link.sessionId, link.userId, services.clock.now()))) return refuse();
    const row = await repos.applications.findById(link.applicationId);
    if (!row || row.userId !== link.userId) return refuse();
    const file = await services.issued.fileOf(row, link.kind).catch(() => null);
    if (!file) return refuse();
    return sendPdf(reply, file, 'inline');
  });
}
