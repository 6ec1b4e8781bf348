// Banners, announcements, public downloads and uploads.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, notFound, ok, okRows } from '../../lib/envelope.ts';
import { contentDisposition, currentUser, pageOf } from '../../lib/request.ts';
import { MAX_UPLOAD_BYTES } from '../../services/files.ts';
import { readFilePart } from '../file-part.ts';
import { announcementWire, bannerWire, guideWire, officePhoneOf, uploadWire } from './wire.ts';

const DOWNLOADS = {
  downloadAnnouncementFile: 'announcement',
  downloadExample: 'example',
  downloadRegulation: 'regulation',
  downloadCommonRegulation: 'commonRegulation',
} as const;

export default async function commonRoutes(app: FastifyInstance) {
  const { repos, services } = app;

  app.operation('listBanners', async () => ok((await repos.banners.listEnabled()).map(bannerWire), '查询成功'));

  app.operation('listAnnouncements', async (request) => {
    const { rows, total } = await repos.announcements.page(pageOf(request.query), request.query.keyword?.trim() || undefined);
    const files = await repos.announcements.attachmentsOf(rows.map((r) => r.id));
    return okRows(
      rows.map((a) => announcementWire(a, files)),
      total,
    );
  });

  for (const [operationId, kind] of Object.entries(DOWNLOADS) as [keyof typeof DOWNLOADS, string][]) {
    app.operation(operationId, async (request, reply: FastifyReply) => {
      const fileName = request.query.fileName;
      if (fileName.includes('..')) throw badRequest('文件名不合法', [{ field: 'fileName', message: '文件名不合法' }]);
      const file = await repos.publicFiles.find(kind, fileName);
      if (!file) throw notFound('文件不存在');
      return reply
        .type(file.mime)
        .header('content-disposition', contentDisposition('attachment', file.displayName))
        .header('cache-control', 'public, max-age=3600')
        .send(file.content);
    });
  }

  app.operation('getServiceGuide', async (request) => {
    const guide = await repos.guides.find(request.params.serviceCode);
    if (!guide) throw notFound('办事指南不存在');
    const [regulations, contact] = await Promise.all([
      repos.publicFiles.listKind('commonRegulation'),
      repos.settings.get<Parameters<typeof officePhoneOf>[0]>('contact'),
    ]);
    return ok(guideWire(guide, regulations, officePhoneOf(contact)), '查询成功');
  });

  app.operation('uploadFile', async (request) => {
    const me = currentUser(request);
    const { content, filename } = await readFilePart(request, MAX_UPLOAD_BYTES);
    return ok(uploadWire(await services.files.save(me.id, content, filename)), '上传成功');
  });

  app.operation('getUploadedFile', async (request, reply: FastifyReply) => {
    const me = currentUser(request);
    const found = await services.files.read(request.params.fileId, me);
    if (!found) throw notFound('文件不存在');
    return reply
      .type(found.row.mime)
      .header('content-disposition', contentDisposition('inline', found.row.originalName))
      .header('cache-control', 'private, max-age=3600')
      .send(found.content);
  });
}
