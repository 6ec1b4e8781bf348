// 好差评: after 已办结 the applicant rates the application once (5 非常满意 … 1 非常不满意, optional comment);
// 不满意 or worse is flagged for the office to follow up.
import { bizError, notFound } from '../lib/envelope.ts';
import type { Repositories } from '../repositories/index.ts';
import type { RatingRow } from '../repositories/ratings.ts';
import { MSG, Status } from '../domain/index.ts';
import type { Clock } from './clock.ts';

export const RATING_LABELS: Record<number, '非常满意' | '满意' | '基本满意' | '不满意' | '非常不满意'> = {
  5: '非常满意',
  4: '满意',
  3: '基本满意',
  2: '不满意',
  1: '非常不满意',
};

/** Scores at or below this are flagged for follow-up (不满意, 非常不满意). */
export const FLAG_AT_OR_BELOW = 2;

export function createRatingService(repos: Repositories, clock: Clock) {
  return {
    async rate(userId: number, applicationId: number, score: number, comment?: string): Promise<RatingRow> {
      const app = await repos.applications.findById(applicationId);
      if (!app || app.userId !== userId) throw notFound(MSG.notFound);
      if (app.status !== Status.done) throw bizError('申请办结后才能评价');
      const row = await repos.ratings.create({
        applicationId,
        userId,
        kind: app.kind,
        score,
        comment: comment?.trim() || null,
        flagged: score <= FLAG_AT_OR_BELOW,
        createdAt: clock.now(),
      });
      if (!row) throw bizError('您已评价过该申请');
      return row;
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
