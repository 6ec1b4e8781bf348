// Which documents an application has once finished, and its current file of each: the 户籍证明 of a 户籍证明开具, the
// household card and head page of a move-in. One entry point for the student's download, the short-lived link and
// the console's 签发 / 重新签发.
import { bizError, notFound } from '../lib/envelope.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { DocumentKind } from '../repositories/documents.ts';
import { MSG, Status } from '../domain/index.ts';
import { hasVoucher } from './applications.ts';
import { NOT_DONE, type ProofService } from './proofs.ts';
import { NOT_FINISHED, type VoucherService } from './vouchers.ts';

/** The kinds of document an application of this kind is issued when finished. */
export function issuableKinds(app: Pick<ApplicationRow, 'kind'>): DocumentKind[] {
  if (app.kind === 'hjzmkj') return ['hjzm'];
  if (app.kind === 'qianru' || app.kind === 'yingxin') return ['hkk', 'hzsy'];
  return [];
}

export function createIssuedDocuments(vouchers: VoucherService, proofs: ProofService) {
  return {
    /** The current file of one document of a finished application (issued now when needed; `reissue` after a revocation). */
    async fileOf(app: ApplicationRow, kind: DocumentKind, reissue = false): Promise<{ pdf: Buffer; fileName: string }> {
      if (!issuableKinds(app).includes(kind)) throw notFound(MSG.notFound);
      if (kind === 'hjzm') {
        if (app.status !== Status.done) throw bizError(NOT_DONE);
        return proofs.proof(app, reissue);
      }
      if (!hasVoucher(app)) throw bizError(NOT_FINISHED);
      return kind === 'hkk' ? vouchers.householdCard(app, reissue) : vouchers.headPage(app, reissue);
    },
  };
}

export type IssuedDocuments = ReturnType<typeof createIssuedDocuments>;
