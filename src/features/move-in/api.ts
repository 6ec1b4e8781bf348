import { client, unwrap, unwrapBlob, type ApiResult } from '@/api/client';
import { readFile } from '@/api/files';
import { genderOptions } from '@/components/service-fields/genders';
import type { SelectOption } from '@/components/ui/form-field';

const pair = (value: string, label: string): SelectOption => ({ value, label });

/** The move-in forms' dictionaries as options. */
export const dictionaryLoaders = {
  // Everyone here has an ID number: 男, 女 only.
  xb: () =>
    unwrap(client.POST('/api/dict/getAllXb', { body: {} })).then((r) =>
      r.ok ? genderOptions(r.data.map((d) => pair(d.xbm, d.xbmc))) : [],
    ),
  mz: () => unwrap(client.POST('/api/dict/getMz', { body: {} })).then((r) => (r.ok ? r.data.map((d) => pair(d.mzm, d.mzmc)) : [])),
  gx: () =>
    unwrap(client.POST('/api/qianchu/getGxList', { body: {} })).then((r) =>
      r.ok ? r.data.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' })) : [],
    ),
  hyzk: () => unwrap(client.POST('/api/dict/getHyzk', { body: {} })).then((r) => (r.ok ? r.data.map((d) => pair(d.hyzkm, d.hyzkmc)) : [])),
  // Categories (level 1) head their levels and cannot be chosen.
  xl: () =>
    unwrap(client.POST('/api/dict/getXueLi', { body: {} })).then((r) =>
      r.ok ? r.data.map((d) => ({ value: d.xlm, label: d.level === 1 ? `【${d.xlmc}】` : d.xlmc, disabled: d.level === 1 })) : [],
    ),
  dw: () => unwrap(client.POST('/api/dict/getRsdw', { body: {} })).then((r) => (r.ok ? r.data.map((d) => pair(d.dwh, d.dwmc)) : [])),
};

/** A 迁入's people (the person, the family moving along, the household head) for its confirmation. */
export const loadConfirmation = (id: number) => unwrap(client.GET('/api/qianru/getQrxxYhAndHz', { params: { query: { id } } }));

/** The household head's photo of a finished 迁入 (its address, then the file), or null; quietly. */
export async function headPhoto(id: number): Promise<Blob | null> {
  const r = await unwrap(client.GET('/api/qianru/getHzsyzpdz', { params: { query: { id } }, silent: true }));
  const fileId = r.ok ? r.data.url.split('/').pop() : undefined;
  if (!fileId) return null;
  const img = await readFile(fileId, true);
  return img.ok ? img.data : null;
}

export type VoucherPdfPath = '/api/qianru/downloadhkkPdf' | '/api/qianru/downloadHzsyzpPdf';

/** A voucher PDF read with the token (typed application/pdf whatever the server said, so it opens as one). */
export async function voucherPdf(path: VoucherPdfPath, id: number): Promise<ApiResult<Blob>> {
  const r = await unwrapBlob(client.GET(path, { params: { query: { id } }, parseAs: 'blob' }));
  return r.ok && r.data.type !== 'application/pdf' ? { ...r, data: new Blob([r.data], { type: 'application/pdf' }) } : r;
}

/** A short-lived signed link to a voucher PDF (for WeChat, which cannot open blob: addresses). */
export const voucherLink = (id: number, kind: 'hkk' | 'hzsy') => unwrap(client.POST('/api/qianru/voucherLink', { body: { id, kind } }));
