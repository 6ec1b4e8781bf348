// The calls of 内容's pages: 通知公告 (and their attachments), 轮播图, 办事指南, 联系我们.
import { client, unwrap } from '@/api/client';
import { fileUpload, type BodyOf, type PathOf, type QueryOf } from '../data';

export const loadAnnouncements = (query: QueryOf<'adminListAnnouncements'>) =>
  unwrap(client.GET('/api/admin/announcements', { params: { query } }));

export const createAnnouncement = (body: BodyOf<'adminCreateAnnouncement'>) => unwrap(client.POST('/api/admin/announcements', { body }));

export const updateAnnouncement = (id: number, body: BodyOf<'adminUpdateAnnouncement'>) =>
  unwrap(client.PUT('/api/admin/announcements/{id}', { params: { path: { id } }, body }));

export const deleteAnnouncement = (id: number) => unwrap(client.DELETE('/api/admin/announcements/{id}', { params: { path: { id } } }));

export const uploadAnnouncementFile = (id: number, file: File) =>
  unwrap(client.POST('/api/admin/announcements/{id}/files', { params: { path: { id } }, ...fileUpload(file) }));

export const deleteAnnouncementFile = (id: number, fileName: string) =>
  unwrap(client.DELETE('/api/admin/announcements/{id}/files/{fileName}', { params: { path: { id, fileName } } }));

export const loadBanners = () => unwrap(client.GET('/api/admin/banners'));

export const createBanner = (body: BodyOf<'adminCreateBanner'>) => unwrap(client.POST('/api/admin/banners', { body }));

export const updateBanner = (id: number, body: BodyOf<'adminUpdateBanner'>) =>
  unwrap(client.PUT('/api/admin/banners/{id}', { params: { path: { id } }, body }));

export const deleteBanner = (id: number) => unwrap(client.DELETE('/api/admin/banners/{id}', { params: { path: { id } } }));

export const loadGuides = () => unwrap(client.GET('/api/admin/guides'));

export const loadGuide = (code: PathOf<'adminGetGuide'>['code']) =>
  unwrap(client.GET('/api/admin/guides/{code}', { params: { path: { code } } }));

export const updateGuide = (code: PathOf<'adminUpdateGuide'>['code'], body: BodyOf<'adminUpdateGuide'>) =>
  unwrap(client.PUT('/api/admin/guides/{code}', { params: { path: { code } }, body }));

export const loadContact = () => unwrap(client.GET('/api/admin/settings/contact'));

export const updateContact = (body: BodyOf<'adminUpdateContact'>) => unwrap(client.PUT('/api/admin/settings/contact', { body }));
