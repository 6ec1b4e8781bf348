// 问答反馈: one's questions (or the public ones), ask with an image code, a question's detail.
import type { FastifyInstance } from 'fastify';
import { notFound, ok, okRows } from '../../lib/envelope.ts';
import { clientIp, currentUser, pageOf } from '../../lib/request.ts';
import type { FeedbackRow } from '../../repositories/feedback.ts';
import { chinaDateTime } from '../../services/clock.ts';
import { idempotencyKeyOf } from '../../services/idempotency.ts';
import { LIMITS } from '../../plugins/limits.ts';
import { captchaClient } from '../../services/captcha.ts';

/** A question on the wire; the contact phone only for its asker (viewerId) or staff (no viewerId). */
export const feedbackWire = (f: FeedbackRow, viewerId?: number) => ({
  id: f.id,
  bt: f.title,
  nr: f.content,
  lx: f.topic,
  lxdh: viewerId === undefined || viewerId === f.userId ? f.contactPhone : null,
  zt: f.answer ? ('1' as const) : ('0' as const),
  ztmc: f.answer ? ('已回复' as const) : ('待回复' as const),
  tjsj: chinaDateTime(f.createdAt),
  hfnr: f.answer,
  hfsj: f.answeredAt ? chinaDateTime(f.answeredAt) : null,
  sfgk: f.public,
});

export default async function feedbackRoutes(app: FastifyInstance) {
  const { repos, services } = app;

  app.operation('listFeedback', async (request) => {
    const me = currentUser(request);
    const { rows, total } = await repos.feedback.page(
      request.query.scope === 'public' ? 'public' : { userId: me.id },
      pageOf(request.query),
    );
    return okRows(
      rows.map((f) => feedbackWire(f, me.id)),
      total,
    );
  });

  app.operation('addFeedback', async (request) => {
    const me = currentUser(request);
    const req = { operation: 'addFeedback', key: idempotencyKeyOf(request.headers), body: request.body };
    return ok(feedbackWire(await services.feedback.ask(me.id, request.body, req), me.id), '提交成功');
  });

  app.operation('getFeedback', async (request) => {
    const me = currentUser(request);
    const row = await services.feedback.find(me.id, request.params.id);
    if (!row) throw notFound('问题不存在');
    return ok(feedbackWire(row, me.id), '查询成功');
  });

  app.operation(
    'getFeedbackImageCode',
    async (request) => ok(await services.captcha.create(captchaClient(currentUser(request), clientIp(request))), '获取成功'),
    {
      rateLimit: LIMITS.imageCode,
    },
  );
}
