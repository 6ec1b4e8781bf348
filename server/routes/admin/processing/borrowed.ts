// 借出户口卡: the household cards out, overdue first on request.
import type { FastifyInstance } from 'fastify';
import { statusName } from '../../../domain/index.ts';
import { okRows } from '../../../lib/envelope.ts';
import { pageOf } from '../../../lib/request.ts';
import { chinaDate } from '../../../services/clock.ts';
import { applicantWire, overdueDays } from '../wire.ts';
import { auditTools } from '../audit.ts';
import type { components } from '../../../../shared/contract/schema';

type S = components['schemas'];

export default async function borrowedRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  app.operation('adminListBorrowedCards', async (request) => {
    const today = chinaDate(now());
    const { rows, total } = await repos.queue.borrowed(
      { overdueBefore: request.query.overdue === '1' ? today : undefined, keyword: request.query.keyword?.trim() },
      pageOf(request.query),
    );
    await audit.record(request, {
      action: 'borrowed.list',
      summary: `查看借出的户口卡${request.query.overdue === '1' ? '（逾期）' : ''}，${rows.length} 条`,
    });
    return okRows(
      rows.map(({ app: a, user, householdStatus }) => {
        const overdue = overdueDays(a.dueOn, today);
        return {
          applicationId: a.id,
          sqbh: a.referenceNo,
          status: a.status as S['AppStatus'],
          statusName: statusName(a.kind, a.status),
          version: a.version,
          applicant: applicantWire(user, householdStatus, false),
          jyrq: ((a.answers as { jyrq?: string }).jyrq as string | undefined) ?? null,
          ghrq: a.dueOn!,
          overdue: overdue > 0,
          overdueDays: overdue,
        };
      }),
      total,
    );
  });
}
