// Content the office publishes (管理员): service guides, announcements with attachments, banners. Every change is
// audited in its transaction.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { applicationKinds, guideCodeOf } from '../../domain/index.ts';
import { AppError, bizError, notFound, ok, okRows } from '../../lib/envelope.ts';
import { pageOf } from '../../lib/request.ts';
import { chinaDateTime } from '../../services/clock.ts';
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, cleanFileName } from '../../services/files.ts';
import type { components } from '../../../shared/contract/schema';
import { announcementWire, bannerWire, guideWire, officePhoneOf } from '../common/wire.ts';
import { readFilePart } from '../file-part.ts';
import { auditTools } from './audit.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type S = components['schemas'];

/** The 1st paragraph of a body, shortened (the list shows it under the title). */
const summaryOf = (body: string | null | undefined) => {
  const line =
    (body ?? '')
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  return line.length > 60 ? `${line.slice(0, 60)}…` : line || null;
};

export default async function contentRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  /* ---------------------------------------------------------------- service guides */

  const guideCodes = new Set(applicationKinds.map(guideCodeOf));

  app.operation('adminListGuides', async () =>
    ok(
      (await repos.guides.list()).map((g) => ({ serviceCode: g.code, title: g.title, updatedAt: chinaDateTime(g.updatedAt) })),
      '查询成功',
    ),
  );

  /** A guide as the phone shows it: with the office's phone of 联系我们. */
  const guideOut = async (row: Parameters<typeof guideWire>[0]) =>
    guideWire(
      row,
      await repos.publicFiles.listKind('commonRegulation'),
      officePhoneOf(await repos.settings.get<S['ContactInfo']>('contact')),
    );

  app.operation('adminGetGuide', async (request) => {
    const guide = await repos.guides.find(request.params.code);
    if (!guide) throw notFound('办事指南不存在');
    return ok((await guideOut(guide)) as S['ServiceGuide'], '查询成功');
  });

  app.operation('adminUpdateGuide', async (request) => {
    const { code } = request.params;
    if (!guideCodes.has(code) && !(await repos.guides.find(code))) throw notFound('办事指南不存在');
    const b = request.body;
    const content = {
      who: b.who,
      conditions: b.conditions ?? null,
      materials: b.materials.map((m) => ({ name: m.name.trim(), required: m.required, note: m.note ?? null, example: m.example ?? null })),
      steps: b.steps,
      timeLimit: b.timeLimit,
      place: b.place,
      hours: b.hours,
      fees: b.fees,
      ...(b.contact ? { contact: b.contact } : {}),
      notes: b.notes,
    };
    const row = await audit.audited(
      request,
      (r) => r.guides.save(code, b.title.trim(), content, now()),
      () => ({ action: 'guide.update', targetType: 'guide', targetId: code, summary: `修改办事指南「${b.title.trim()}」` }),
    );
    return ok((await guideOut(row)) as S['ServiceGuide'], '已保存');
  });

  /* ---------------------------------------------------------------- announcements */

  const adminAnnouncementWire = async (
    row: NonNullable<Awaited<ReturnType<typeof repos.announcements.find>>>,
  ): Promise<S['AdminAnnouncement']> => ({
    ...announcementWire(row, await repos.announcements.attachmentsOf([row.id])),
    published: row.published,
  });

  const announcementValues = (b: S['AnnouncementInput']) => ({
    title: b.title.trim(),
    summary: b.summary?.trim() || summaryOf(b.content),
    content: b.content ?? null,
    pinned: b.top ?? false,
    published: b.published ?? true,
    publishedAt: b.publishTime ? new Date(b.publishTime) : now(),
  });

  app.operation('adminListAnnouncements', async (request) => {
    const { rows, total } = await repos.announcements.page(pageOf(request.query), request.query.keyword?.trim() || undefined, true);
    const files = await repos.announcements.attachmentsOf(rows.map((r) => r.id));
    return okRows(
      rows.map((a) => ({ ...announcementWire(a, files), published: a.published })),
      total,
    );
  });

  app.operation('adminCreateAnnouncement', async (request) => {
    const row = await audit.audited(
      request,
      (r) => r.announcements.create({ ...announcementValues(request.body), createdAt: now() }),
      (created) => ({
        action: 'announcement.create',
        targetType: 'announcement',
        targetId: created.id,
        summary: `新建公告「${created.title}」${created.published ? '' : '（未发布）'}`,
      }),
    );
    return ok(await adminAnnouncementWire(row), '已创建');
  });

  app.operation('adminUpdateAnnouncement', async (request) => {
    const { id } = request.params;
    const row = await audit.audited(
      request,
      async (r) => {
        const updated = await r.announcements.update(id, announcementValues(request.body));
        if (!updated) throw notFound('公告不存在');
        return updated;
      },
      (updated) => ({
        action: 'announcement.update',
        targetType: 'announcement',
        targetId: id,
        summary: `修改公告「${updated.title}」${updated.published ? '' : '（未发布）'}`,
      }),
    );
    return ok(await adminAnnouncementWire(row), '已保存');
  });

  app.operation('adminDeleteAnnouncement', async (request) => {
    const { id } = request.params;
    const existing = await repos.announcements.find(id);
    if (!existing) throw notFound('公告不存在');
    await audit.audited(
      request,
      async (r) => {
        if (!(await r.announcements.delete(id))) throw notFound('公告不存在');
      },
      () => ({ action: 'announcement.delete', targetType: 'announcement', targetId: id, summary: `删除公告「${existing.title}」` }),
    );
    return ok(undefined, '已删除');
  });

  app.operation('adminUploadAnnouncementFile', async (request) => {
    const { id } = request.params;
    const announcement = await repos.announcements.find(id);
    if (!announcement) throw notFound('公告不存在');
    const { content, filename } = await readFilePart(request, MAX_UPLOAD_BYTES);
    const type = await fileTypeFromBuffer(content);
    const ext = type && ACCEPTED_TYPES[type.mime];
    if (!type || !ext) throw bizError('仅支持上传 jpg、png、webp 格式的图片或 pdf 文件');
    const displayName = cleanFileName(filename, ext);
    const fileName = `announcement-${id}-${randomBytes(6).toString('hex')}.${ext}`;
    try {
      const row = await audit.audited(
        request,
        (r) =>
          r.publicFiles.add({
            kind: 'announcement',
            fileName,
            displayName,
            mime: type.mime,
            content,
            size: content.length,
            announcementId: id,
            sort: 1000,
            createdAt: now(),
          }),
        () => ({
          action: 'announcement.file.add',
          targetType: 'announcement',
          targetId: id,
          summary: `公告「${announcement.title}」上传附件 ${displayName}`,
        }),
      );
      return ok({ fileName: row.fileName, name: row.displayName, size: row.size }, '上传成功');
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '文件名冲突，请重试');
      throw err;
    }
  });

  app.operation('adminDeleteAnnouncementFile', async (request) => {
    const { id, fileName } = request.params;
    const announcement = await repos.announcements.find(id);
    await audit.audited(
      request,
      async (r) => {
        if (!announcement || !(await r.announcements.deleteFile(id, fileName))) throw notFound('文件不存在');
      },
      () => ({
        action: 'announcement.file.delete',
        targetType: 'announcement',
        targetId: id,
        summary: `公告「${announcement?.title}」删除附件 ${fileName}`,
      }),
    );
    return ok(undefined, '已删除');
  });

  /* ---------------------------------------------------------------- banners */

  const adminBannerWire = (b: Parameters<typeof bannerWire>[0] & { enabled: boolean }): S['AdminBanner'] => ({
    ...bannerWire(b),
    enabled: b.enabled,
  });
  const bannerValues = (b: S['BannerInput']) => ({
    title: b.title?.trim() || null,
    imageUrl: b.imageUrl.trim(),
    linkUrl: b.linkUrl?.trim() || null,
    sort: b.sort ?? 0,
    enabled: b.enabled ?? true,
  });

  app.operation('adminListBanners', async () => ok((await repos.banners.all()).map(adminBannerWire), '查询成功'));

  app.operation('adminCreateBanner', async (request) => {
    const row = await audit.audited(
      request,
      (r) => r.banners.create({ ...bannerValues(request.body), createdAt: now() }),
      (created) => ({
        action: 'banner.create',
        targetType: 'banner',
        targetId: created.id,
        summary: `新增轮播图「${created.title ?? created.imageUrl}」`,
      }),
    );
    return ok(adminBannerWire(row), '已创建');
  });

  app.operation('adminUpdateBanner', async (request) => {
    const { id } = request.params;
    const row = await audit.audited(
      request,
      async (r) => {
        const updated = await r.banners.update(id, bannerValues(request.body));
        if (!updated) throw notFound('轮播图不存在');
        return updated;
      },
      (updated) => ({
        action: 'banner.update',
        targetType: 'banner',
        targetId: id,
        summary: `修改轮播图「${updated.title ?? updated.imageUrl}」${updated.enabled ? '' : '（停用）'}`,
      }),
    );
    return ok(adminBannerWire(row), '已保存');
  });

  app.operation('adminDeleteBanner', async (request) => {
    const { id } = request.params;
    await audit.audited(
      request,
      async (r) => {
        if (!(await r.banners.delete(id))) throw notFound('轮播图不存在');
      },
      () => ({ action: 'banner.delete', targetType: 'banner', targetId: id, summary: `删除轮播图 ${id}` }),
    );
    return ok(undefined, '已删除');
  });
}
