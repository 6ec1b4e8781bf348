// Wire shapes of banners, announcements and uploaded files.
import type { GuideRow } from '../../repositories/guides.ts';
import type { Schemas } from '../../lib/contract.ts';
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

/**
 * The office's one consultation phone, as every guide shows it: the first phone of 联系我们 with its label (户籍业务咨询
 * 010-68920101; issue 25: the guides carried numbers of their own, two for one 户籍办公室). Null before 联系我们 has one.
 */
export const officePhoneOf = (contact: { officeName?: string; phones?: { label?: string; phone: string }[] } | null): string | null => {
  const first = contact?.phones?.[0];
  return first ? `${first.label || contact?.officeName || '户籍办公室'} ${first.phone}` : null;
};

/**
 * 办事指南: the stored content, its code and title, the office's phone (officePhoneOf; the stored one only while 联系我们
 * has none) and the common regulations to download.
 */
/** What a guide row keeps in its content (jsonb): the guide's members other than these, as the console wrote them. */
type GuideContent = Omit<Schemas['ServiceGuide'], 'serviceCode' | 'title' | 'contact' | 'regulations'> & { contact?: string };

export const guideWire = (g: GuideRow, regulations: FileSummary[], officePhone: string | null): Schemas['ServiceGuide'] => {
  const content = g.content as GuideContent;
  return {
    serviceCode: g.code,
    title: g.title,
    ...content,
    contact: officePhone ?? content.contact ?? '',
    regulations: regulations.map((f) => ({ ...fileWire(f), common: true })),
  };
};
