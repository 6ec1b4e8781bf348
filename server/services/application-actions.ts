// What the user may do with an application now (申请详情's buttons): withdraw and edit while the office has not taken
// it, 继续提交 of a move-in at its second stage, and the move-in voucher once finished.
import { EDITABLE, Status } from '../domain/index.ts';
import type { ApplicationRow } from '../repositories/applications.ts';

/** 继续提交: a move-in whose 准迁证 is ready (stage 1, 5), or whose 迁移证 data came back for correction (stage 2, 3). */
export const canContinue = (app: Pick<ApplicationRow, 'kind' | 'status' | 'stage'>) =>
  app.kind === 'qianru' &&
  ((app.stage === '1' && app.status === Status.awaitingPickup) || (app.stage === '2' && app.status === Status.returned));

/** 迁入凭证: a finished move-in into the school (the second stage of qianru, or 新生迁入 that moved in). */
export const hasVoucher = (app: Pick<ApplicationRow, 'kind' | 'status' | 'stage' | 'answers'>) =>
  app.status === Status.done &&
  ((app.kind === 'qianru' && app.stage === '2') || (app.kind === 'yingxin' && (app.answers as { sfqr?: string }).sfqr === '1'));

type Action = 'cancel' | 'edit' | 'continue' | 'voucher';

/** What the user may do now. */
export function actionsOf(app: Pick<ApplicationRow, 'kind' | 'status' | 'stage' | 'answers'>): Action[] {
  const actions: Action[] = EDITABLE.includes(app.status) ? ['cancel', 'edit'] : [];
  if (canContinue(app)) actions.push('continue');
  if (hasVoucher(app)) actions.push('voucher');
  return actions;
}
