// 问答: users' questions and the office's answers.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok, okRows } from '../../../lib/envelope.ts';
import { currentUser, pageOf } from '../../../lib/request.ts';
import { feedbackWire } from '../../feedback/index.ts';
import { auditTools } from '../audit.ts';
import type { components } from '../../../../shared/contract/schema';

type S = components['schemas'];

export default async function feedbackRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  const adminFeedbackWire = (row: Parameters<typeof feedbackWire>[0], askerName: string, askerType: string, answeredBy: string | null) => ({
    ...feedbackWire(row),
    asker: { userId: row.userId, xm: askerName, rylb: askerType as S['Rylb'] },
    answeredBy,
  });

  app.operation('adminListFeedback', async (request) => {
    const { zt, keyword } = request.query;
    const { rows, total } = await repos.feedback.staffPage(
      { answered: zt === undefined ? undefined : zt === '1', keyword },
      pageOf(request.query),
    );
    const names = await repos.staff.namesOf([...new Set(rows.map((r) => r.question.answeredBy).filter((n): n is number => !!n))]);
    await audit.record(request, {
      action: 'feedback.list',
      summary: `查看问答${zt === '0' ? '（待回复）' : zt === '1' ? '（已回复）' : ''}，${rows.length} 条`,
    });
    return okRows(
      rows.map((r) =>
        adminFeedbackWire(r.question, r.askerName, r.askerType, r.question.answeredBy ? (names.get(r.question.answeredBy) ?? null) : null),
      ),
      total,
    );
  });

  app.operation('adminReplyFeedback', async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const answer = request.body.hfnr.trim();
    if (!answer) throw badRequest('请填写回复内容', [{ field: 'hfnr', message: '请填写回复内容' }]);
    const question = await repos.feedback.findById(id);
    if (!question) throw notFound('问题不存在');
    const asker = (await repos.users.findById(question.userId))!;
    const updated = await audit.audited(
      request,
      async (r) => {
        const row = await r.feedback.answer(id, { answer, public: request.body.sfgk ?? false, answeredBy: me.id, answeredAt: now() });
        if (!row) throw notFound('问题不存在');
        await services.notices.notify(
          row.userId,
          { type: 'system', title: '问答反馈：已回复', content: `您的问题「${row.title}」已有回复，请到「问答反馈」查看。` },
          r,
        );
        return row;
      },
      (row) => ({
        action: 'feedback.reply',
        targetType: 'feedback',
        targetId: row.id,
        summary: `回复问题「${row.title}」${row.public ? '（公开）' : ''}`,
      }),
    );
    return ok(adminFeedbackWire(updated, asker.name, asker.personType, me.name), '回复成功');
  });
}
