// 工作台: counts per service and status, processing times, what waits too long, ratings.
import type { FastifyInstance } from 'fastify';
import { serviceCodes, kindName, statusName } from '../../../domain/index.ts';
import { ok } from '../../../lib/envelope.ts';
import { chinaDate, chinaDateTime } from '../../../services/clock.ts';
import { DAY, round, WAITING_DAYS } from '../wire.ts';
import type { components } from '../../../../shared/contract/schema';

type S = components['schemas'];

export default async function dashboardRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const now = () => services.clock.now();

  app.operation('adminGetDashboard', async () => {
    const at = now();
    const [byKindStatus, processing, waiting, overdueCards, tally] = await Promise.all([
      repos.queue.countByKindAndStatus(),
      repos.queue.medianProcessing(new Date(at.getTime() - 30 * DAY)),
      repos.queue.countWaiting(new Date(at.getTime() - WAITING_DAYS * DAY)),
      repos.queue.countOverdueCards(chinaDate(at)),
      repos.ratings.tally({}),
    ]);
    const ratingCount = tally.reduce((sum, t) => sum + t.n, 0);
    return ok(
      {
        generatedAt: chinaDateTime(at),
        byService: serviceCodes
          .filter((k) => byKindStatus.some((r) => r.kind === k))
          .map((kind) => {
            const mine = byKindStatus.filter((r) => r.kind === kind).sort((a, b) => a.status - b.status);
            return {
              kind,
              kindName: kindName(kind),
              total: mine.reduce((sum, r) => sum + r.n, 0),
              counts: mine.map((r) => ({ status: r.status as S['AppStatus'], statusName: statusName(kind, r.status), count: r.n })),
            };
          }),
        processing: serviceCodes
          .filter((k) => processing.some((p) => p.kind === k))
          .map((kind) => {
            const p = processing.find((x) => x.kind === kind)!;
            return { kind, kindName: kindName(kind), finished: p.n, medianHours: round(p.medianHours, 1) };
          }),
        overdue: { waiting, borrowedCards: overdueCards, thresholdDays: WAITING_DAYS },
        ratings: {
          count: ratingCount,
          average: ratingCount ? round(tally.reduce((sum, t) => sum + t.score * t.n, 0) / ratingCount, 2) : null,
          flagged: tally.filter((t) => t.score <= 2).reduce((sum, t) => sum + t.n, 0),
          pendingFollowUp: tally.reduce((sum, t) => sum + t.pending, 0),
        },
      },
      '查询成功',
    );
  });
}
