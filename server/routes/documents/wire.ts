// The wire shapes of issued documents: the public check, the holder's list, the console's list.
import type { components } from '../../../shared/contract/schema';
import type { DocumentRow } from '../../repositories/documents.ts';
import { chinaDateTime } from '../../services/clock.ts';
import { OFFICE_NAME } from '../../services/document-pdf.ts';
import { printedCode, statusOf, type DocumentStatus } from '../../services/documents.ts';

type S = components['schemas'];

export const STATUS_TEXT: Record<DocumentStatus, string> = {
  valid: '有效',
  revoked: '已作废',
  replaced: '已换发新版本',
  expired: '已过期',
};

const when = (at: Date | null) => (at ? chinaDateTime(at) : null);

export function checkWire(row: DocumentRow, now: Date): S['DocumentCheck'] {
  const status = statusOf(row, now);
  return {
    status,
    statusText: STATUS_TEXT[status],
    title: row.title,
    number: row.number,
    office: OFFICE_NAME,
    holder: row.holderMasked,
    issuedAt: chinaDateTime(row.issuedAt),
    expiresAt: when(row.expiresAt),
    revokedAt: when(row.revokedAt),
    sha256: row.sha256,
    selfSigned: row.selfSigned,
    certificate: row.certificate,
  };
}

export function myDocumentWire(row: DocumentRow, now: Date, checkUrl: (code: string) => string): S['MyDocument'] {
  const status = statusOf(row, now);
  return {
    kind: row.kind as S['DocumentKind'],
    title: row.title,
    number: row.number,
    code: printedCode(row.code),
    checkUrl: checkUrl(row.code),
    status,
    statusText: STATUS_TEXT[status],
    issuedAt: chinaDateTime(row.issuedAt),
    expiresAt: when(row.expiresAt),
    sha256: row.sha256,
    revokeReason: row.revokedAt ? row.revokeReason : null,
  };
}

export function adminDocumentWire(
  row: DocumentRow,
  now: Date,
  checkUrl: (code: string) => string,
  revokedBy: string | null,
): S['AdminDocument'] {
  const { revokeReason: _shown, ...holder } = myDocumentWire(row, now, checkUrl);
  return {
    id: row.id,
    ...holder,
    revokedAt: when(row.revokedAt),
    revokedBy,
    revokeReason: row.revokeReason,
    selfSigned: row.selfSigned,
  };
}
