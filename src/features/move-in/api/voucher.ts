import { client, unwrap, unwrapBlob, type ApiResult } from '@/api/client';
import { readFile } from '@/api/files';

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
