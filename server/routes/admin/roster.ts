// 校园身份名册 (管理员): its figures and the import of rows (student and staff numbers with name and ID number).
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { currentUser } from '../../lib/request.ts';
import { chinaDateTime } from '../../services/clock.ts';
import {
  importRoster,
  lastRosterImport,
  ROSTER_LAST_IMPORT,
  ROSTER_STUDENT_TYPES,
  type LastRosterImport,
  type RosterImportResult,
} from '../../services/roster.ts';
import type { components } from '../../../shared/contract/schema';
import { auditTools } from './audit.ts';

type S = components['schemas'];

export default async function rosterRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  app.operation('adminGetRoster', async () => {
    const { total, students, unverifiedAccounts } = await repos.roster.counts(ROSTER_STUDENT_TYPES);
    const last = await repos.settings.get<LastRosterImport>(ROSTER_LAST_IMPORT);
    const status: S['RosterStatus'] = {
      total,
      students,
      staff: total - students,
      unverifiedAccounts,
      lastImport: last ? { ...last, at: chinaDateTime(new Date(last.at)) } : null,
    };
    return ok(status, '查询成功');
  });

  app.operation('adminImportRoster', async (request) => {
    const me = currentUser(request);
    const now = services.clock.now();
    const result: RosterImportResult = await audit.audited(
      request,
      async (r) => {
        const done = await importRoster(r, request.body.rows, now);
        await r.settings.set(ROSTER_LAST_IMPORT, lastRosterImport(done, now, me.name));
        return done;
      },
      (done) => ({
        action: 'roster.import',
        targetType: 'roster',
        targetId: null,
        summary: `导入校园身份名册：共 ${done.total} 行，新增 ${done.imported}，更新 ${done.updated}，未变 ${done.unchanged}，拒绝 ${done.refused.length}，核验绑定账号 ${done.bound}`,
      }),
    );
    return ok(result satisfies S['RosterImportResult'], result.refused.length ? '导入完成，部分行未导入' : '导入完成');
  });
}
