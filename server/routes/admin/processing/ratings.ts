// 评价: ratings of finished applications, their summary, and the follow-up of poor ones.
import type { FastifyInstance } from 'fastify';
import { serviceCodes, kindName } from '../../../domain/index.ts';
import { badRequest, bizError, notFound, ok, okRows } from '../../../lib/envelope.ts';
import { currentUser, pageOf } from '../../../lib/request.ts';
import { chinaDateTime } from '../../../services/clock.ts';
import { RATING_LABELS } from '../../../services/ratings.ts';
import { auditTools } from '../audit.ts';
import type { components } from '../../../../shared/contract/schema';
import { round } from '../wire.ts';

type S = components['schemas'];

export default async function ratingRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  const adminRatingWire = (
    r: { rating: NonNullable<Awaited<ReturnType<typeof repos.ratings.findById>>>; referenceNo: string; sub: string; userName: string },
    staffNames: Map<number, string>,
  ) => ({
    id: r.rating.id,
    applicationId: r.rating.applicationId,
    sqbh: r.referenceNo,
    kind: r.rating.kind as S['ServiceCode'],
    kindName: kindName(r.rating.kind, r.sub),
    score: r.rating.score as S['RatingScore'],
    label: RATING_LABELS[r.rating.score]!,
    comment: r.rating.comment,
    flagged: r.rating.flagged,
    createdAt: chinaDateTime(r.rating.createdAt),
    applicant: { userId: r.rating.userId, xm: r.userName },
    followUp:
      r.rating.followedUpAt && r.rating.followUpNote
        ? {
            note: r.rating.followUpNote,
            at: chinaDateTime(r.rating.followedUpAt),
            by: (r.rating.followedUpBy && staffNames.get(r.rating.followedUpBy)) || '户籍办',
          }
        : null,
  });

  app.operation('adminListRatings', async (request) => {
    const { kind, score, flagged, pending, from, to } = request.query;
    const { rows, total } = await repos.ratings.page(
      { kind, score, flagged: flagged === '1', pending: pending === '1', from, to },
      pageOf(request.query),
    );
    const names = await repos.staff.namesOf([...new Set(rows.map((r) => r.rating.followedUpBy).filter((n): n is number => !!n))]);
    await audit.record(request, { action: 'rating.list', summary: `查看评价，${rows.length} 条` });
    return okRows(
      rows.map((r) => adminRatingWire(r, names)),
      total,
    );
  });

  app.operation('adminRatingSummary', async (request) => {
    const tally = await repos.ratings.tally({ from: request.query.from, to: request.query.to });
    const kinds = serviceCodes.filter((k) => tally.some((t) => t.kind === k));
    return ok(
      kinds.map((kind) => {
        const mine = tally.filter((t) => t.kind === kind);
        const n = mine.reduce((sum, t) => sum + t.n, 0);
        return {
          kind,
          kindName: kindName(kind),
          count: n,
          average: n ? round(mine.reduce((sum, t) => sum + t.score * t.n, 0) / n, 2) : null,
          scores: [5, 4, 3, 2, 1].map((score) => ({
            score: score as S['RatingScore'],
            label: RATING_LABELS[score]!,
            count: mine.find((t) => t.score === score)?.n ?? 0,
          })),
          flagged: mine.filter((t) => t.score <= 2).reduce((sum, t) => sum + t.n, 0),
          pendingFollowUp: mine.reduce((sum, t) => sum + t.pending, 0),
        };
      }),
      '查询成功',
    );
  });

  app.operation('adminFollowUpRating', async (request) => {
    const me = currentUser(request);
    const rating = await repos.ratings.findById(request.params.id);
    if (!rating) throw notFound('评价不存在');
    if (!rating.flagged) throw bizError('该评价无需回访');
    const note = request.body.note.trim();
    if (!note) throw badRequest('请填写回访说明', [{ field: 'note', message: '请填写回访说明' }]);
    const app_ = (await repos.applications.findById(rating.applicationId))!;
    const user = (await repos.users.findById(rating.userId))!;
    const updated = await audit.audited(
      request,
      async (r) => (await r.ratings.followUp(rating.id, note, me.id, now()))!,
      (row) => ({
        action: 'rating.followUp',
        targetType: 'rating',
        targetId: row.id,
        summary: `回访申请 ${app_.referenceNo} 的评价（${RATING_LABELS[row.score]}）`,
      }),
    );
    return ok(
      adminRatingWire({ rating: updated, referenceNo: app_.referenceNo, sub: app_.sub, userName: user.name }, new Map([[me.id, me.name]])),
      '已记录',
    );
  });
}
