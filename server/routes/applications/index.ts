// 我的申请: the list of one's applications, a detail with its timeline, withdrawal.
import type { FastifyInstance } from 'fastify';
import { notFound, ok, okRows } from '../../lib/envelope.ts';
import { currentUser, pageOf } from '../../lib/request.ts';
import { answerSummary } from '../../services/answer-summary.ts';
import { familyConflicts } from '../../services/family-conflicts.ts';
import { MSG } from '../../domain/index.ts';
import { detailWire, listItemWire, ratingWire, summaryWire } from './wire.ts';

export default async function applicationRoutes(app: FastifyInstance) {
  const { repos, services } = app;

  app.operation('listMyApplications', async (request) => {
    const { kind, status } = request.query;
    const { rows, total } = await repos.applications.page(currentUser(request).id, { kind, status }, pageOf(request.query), 'updated');
    return okRows(rows.map(listItemWire), total);
  });

  app.operation('getMyApplication', async (request) => {
    const me = currentUser(request);
    const row = await repos.applications.findById(request.query.id);
    // Someone else's application is answered exactly like a missing one.
    if (!row || row.userId !== me.id) throw notFound(MSG.notFound);
    const refs = row.attachments as { fileId: string }[];
    const [events, files, rating, summary, conflicts] = await Promise.all([
      repos.applications.eventsOf(row.id),
      Promise.all(refs.map((r) => repos.uploads.findById(r.fileId))),
      repos.ratings.ofApplication(row.id),
      answerSummary(repos, row, { mask: true }),
      familyConflicts(repos, row, { staff: false, userId: me.id }),
    ]);
    const detail = detailWire(
      row,
      events,
      files.filter((f) => f !== null),
      me.name,
      summary,
      rating,
    );
    return ok(conflicts.length ? { ...detail, conflicts } : detail, '查询成功');
  });

  app.operation('rateMyApplication', async (request) => {
    const { id, score, comment } = request.body;
    return ok(ratingWire(await services.ratings.rate(currentUser(request).id, id, score, comment)), '评价成功');
  });

  app.operation('cancelMyApplication', async (request) => {
    const row = await services.applications.cancel(currentUser(request).id, request.body.id, request.body.note);
    return ok(summaryWire(row), '已撤销');
  });
}
