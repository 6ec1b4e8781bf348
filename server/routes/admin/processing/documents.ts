// 电子证明 in the console: an application's documents (every edition), 签发 / 重新签发, 作废 with a reason, and the
// issued file. Every change and every download is audited.
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../../lib/envelope.ts';
import { contentDisposition, currentUser } from '../../../lib/request.ts';
import type { components } from '../../../../shared/contract/schema';
import { MSG } from '../../../domain/index.ts';
import type { ApplicationRow } from '../../../repositories/applications.ts';
import { issuableKinds } from '../../../services/issued-documents.ts';
import { adminDocumentWire } from '../../documents/wire.ts';
import { auditTools } from '../audit.ts';

type S = components['schemas'];

export const DOCUMENT_NOT_FOUND = '电子证明不存在';
export const NOT_IN_FORCE = '该文件已作废或已换发新版本';

export default async function documentAdminRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  async function listOf(row: ApplicationRow): Promise<S['AdminDocumentList']> {
    const editions = await repos.documents.ofApplication(row.id);
    const staffIds = [...new Set(editions.flatMap((d) => (d.revokedBy ? [d.revokedBy] : [])))];
    const names = new Map(await Promise.all(staffIds.map(async (id) => [id, (await repos.staff.findById(id))?.name ?? `#${id}`] as const)));
    const now = services.clock.now();
    return {
      documents: editions.map((d) =>
        adminDocumentWire(d, now, services.documents.checkUrl, d.revokedBy ? (names.get(d.revokedBy) ?? null) : null),
      ),
      issuable: issuableKinds(row),
    };
  }

  async function applicationOf(id: number): Promise<ApplicationRow> {
    const row = await repos.applications.findById(id);
    if (!row) throw notFound(MSG.notFound);
    return row;
  }

  app.operation('adminListDocuments', async (request) => ok(await listOf(await applicationOf(request.params.id)), '查询成功'));

  app.operation('adminIssueDocument', async (request) => {
    const row = await applicationOf(request.params.id);
    const before = await repos.documents.latest(row.id, request.body.kind);
    await services.issued.fileOf(row, request.body.kind, true);
    const after = (await repos.documents.latest(row.id, request.body.kind))!;
    if (after.id !== before?.id)
      await audit.record(request, {
        action: 'document.issue',
        targetType: 'document',
        targetId: after.id,
        summary: `签发申请 ${row.referenceNo} 的${after.title}，文件编号 ${after.number}${before?.revokedAt ? `（原 ${before.number} 已作废）` : ''}`,
      });
    return ok(await listOf(row), after.id !== before?.id ? '签发成功' : '当前版本有效，无需重新签发');
  });

  app.operation('adminRevokeDocument', async (request) => {
    const reason = request.body.reason.trim();
    if (!reason) throw badRequest('请填写作废原因', [{ field: 'reason', message: '请填写作废原因' }]);
    const doc = await repos.documents.findById(request.params.docId);
    if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
    const app_ = await repos.applications.findById(doc.applicationId);
    const staff = currentUser(request);
    const revoked = await audit.audited(
      request,
      async (r) => {
        const row = await r.documents.revoke(doc.id, staff.id, reason, services.clock.now());
        if (!row) throw conflict(NOT_IN_FORCE);
        return row;
      },
      () => ({
        action: 'document.revoke',
        targetType: 'document',
        targetId: doc.id,
        summary: `作废申请 ${app_?.referenceNo ?? doc.applicationId} 的${doc.title}，文件编号 ${doc.number}，原因：${reason}`,
      }),
    );
    return ok(adminDocumentWire(revoked, services.clock.now(), services.documents.checkUrl, staff.name), '已作废');
  });

  app.operation('adminDownloadDocument', async (request, reply) => {
    const doc = await repos.documents.findById(request.params.docId);
    const pdf = doc ? await services.files.storage.get(doc.storedName) : null;
    if (!doc || !pdf) throw notFound(DOCUMENT_NOT_FOUND);
    await audit.record(request, {
      action: 'document.view',
      targetType: 'document',
      targetId: doc.id,
      summary: `查看电子证明 ${doc.number}（${doc.title}）`,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', `${doc.title}-${doc.number}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
