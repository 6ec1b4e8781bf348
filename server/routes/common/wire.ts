// Wire shapes of banners, announcements and uploaded files.
import type { GuideRow } from '../../repositories/guides.ts';
import type { AnnouncementRow, FileSummary, UploadRow } from '../../repositories/content.ts';
import { chinaDateTime } from '../../services/clock.ts';
import type { bannersRepo } from '../../repositories/reference.ts';

type BannerRow = Awaited<ReturnType<ReturnType<typeof bannersRepo>['listEnabled']>>[number];

export const bannerWire = (b: BannerRow) => ({ id: b.id, title: b.title, imageUrl: b.imageUrl, linkUrl: b.linkUrl, sort: b.sort });

export const fileWire = (f: FileSummary) => ({ fileName: f.fileName, name: f.displayName, size: f.size });

export const announcementWire = (a: AnnouncementRow, files: FileSummary[]) => ({
  id: a.id,
  title: a.title,
  summary: a.summary,
  content: a.content,
  publishTime: chinaDateTime(a.publishedAt),
  top: a.pinned,
  attachments: files.filter((f) => f.announcementId === a.id).map(fileWire),
});

export const uploadWire = (u: UploadRow) => ({
  fileId: u.id,
  name: u.originalName,
  size: u.size,
  mimeType: u.mime as 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf',
  url: `/api/wj/file/${u.id}`,
});

/** 办事指南: the stored content, its code and title, and the common regulations to download. */
export const guideWire = (g: GuideRow, regulations: FileSummary[]) => ({
  serviceCode: g.code,
  title: g.title,
  ...(g.content as Record<string, unknown>),
  regulations: regulations.map((f) => ({ ...fileWire(f), common: true })),
});
