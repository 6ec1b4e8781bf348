// The calls of 设置's pages: 集体户, 字典, 派出所, 名额, 首页板块, 通知模板 and 证明模板, 提示与新生迁入时间.
import { client, unwrap, unwrapBlob } from '@/api/client';
import { fileUpload, type BodyOf, type PathOf, type QueryOf } from '../data';

type HouseholdKey = PathOf<'adminUpdateCollectiveHousehold'>['key'];

export const loadCollectiveHouseholds = () => unwrap(client.GET('/api/admin/collective-households'));

export const updateCollectiveHousehold = (key: HouseholdKey, body: BodyOf<'adminUpdateCollectiveHousehold'>) =>
  unwrap(client.PUT('/api/admin/collective-households/{key}', { params: { path: { key } }, body }));

/** The household head's page of a collective household (a picture), quietly. */
export const readHeadPage = (key: HouseholdKey) =>
  unwrapBlob(
    client.GET('/api/admin/collective-households/{key}/head-page', { params: { path: { key } }, parseAs: 'blob', loading: false }),
  );

export const uploadHeadPage = (key: HouseholdKey, file: File) =>
  unwrap(client.PUT('/api/admin/collective-households/{key}/head-page', { params: { path: { key } }, ...fileUpload(file) }));

export const loadDictTypes = () => unwrap(client.GET('/api/admin/dicts'));

/** A dictionary's items; `quiet`: without the loading layer. */
export const loadDictItems = (type: string, quiet = false) =>
  unwrap(client.GET('/api/admin/dicts/{type}', { params: { path: { type } }, ...(quiet ? { loading: false } : {}) }));

export const createDictItem = (type: string, body: BodyOf<'adminCreateDictItem'>) =>
  unwrap(client.POST('/api/admin/dicts/{type}', { params: { path: { type } }, body }));

export const updateDictItem = (type: string, id: number, body: BodyOf<'adminUpdateDictItem'>) =>
  unwrap(client.PUT('/api/admin/dicts/{type}/{id}', { params: { path: { type, id } }, body }));

export const loadPoliceStations = () => unwrap(client.GET('/api/admin/police-stations'));

export const createPoliceStation = (body: BodyOf<'adminCreatePoliceStation'>) =>
  unwrap(client.POST('/api/admin/police-stations', { body }));

export const updatePoliceStation = (id: string, body: BodyOf<'adminUpdatePoliceStation'>) =>
  unwrap(client.PUT('/api/admin/police-stations/{id}', { params: { path: { id } }, body }));

export const loadQuotas = (query: QueryOf<'adminListQuotas'>) => unwrap(client.GET('/api/admin/quotas', { params: { query } }));

export const setQuotas = (body: BodyOf<'adminSetQuotas'>) => unwrap(client.PUT('/api/admin/quotas', { body }));

export const loadSectors = () => unwrap(client.GET('/api/admin/sectors'));

export const updateSectors = (rylb: PathOf<'adminUpdateSectors'>['rylb'], body: BodyOf<'adminUpdateSectors'>) =>
  unwrap(client.PUT('/api/admin/sectors/{rylb}', { params: { path: { rylb } }, body }));

export const loadNoticeTemplates = () => unwrap(client.GET('/api/admin/notice-templates'));

export const updateNoticeTemplate = (key: PathOf<'adminUpdateNoticeTemplate'>['key'], body: BodyOf<'adminUpdateNoticeTemplate'>) =>
  unwrap(client.PUT('/api/admin/notice-templates/{key}', { params: { path: { key } }, body }));

export const loadProofWordings = () => unwrap(client.GET('/api/admin/proof-wordings'));

export const updateProofWording = (type: string, body: BodyOf<'adminUpdateProofWording'>) =>
  unwrap(client.PUT('/api/admin/proof-wordings/{type}', { params: { path: { type } }, body }));

export const loadHomeSettings = () => unwrap(client.GET('/api/admin/settings/home'));

export const updateHomeSettings = (body: BodyOf<'adminUpdateHomeSettings'>) => unwrap(client.PUT('/api/admin/settings/home', { body }));
