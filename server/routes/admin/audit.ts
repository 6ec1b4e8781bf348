// Audit entries of the console: who (the signed-in staff member), when, what, from where.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRepositories, type Repositories } from '../../repositories/index.ts';
import type { NewAudit } from '../../repositories/audit.ts';
import { clientIp, currentUser } from '../../lib/request.ts';
import { maskNumbersIn } from '../../lib/masks.ts';

export interface AuditWhat {
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  summary: string;
}

export function auditTools(app: FastifyInstance) {
  const entry = (request: FastifyRequest, what: AuditWhat): NewAudit => {
    const me = currentUser(request);
    return {
      at: app.services.clock.now(),
      staffId: me.id,
      staffName: me.name,
      staffUsername: me.username ?? '',
      action: what.action,
      targetType: what.targetType ?? null,
      targetId: what.targetId === undefined || what.targetId === null ? null : String(what.targetId),
      // A summary can quote a search term: personal numbers in it are masked.
      summary: maskNumbersIn(what.summary),
      ip: clientIp(request),
    };
  };

  return {
    entry,

    /** Records a view (of personal data) or an action done outside a transaction. */
    record: (request: FastifyRequest, what: AuditWhat) => app.repos.audit.add(entry(request, what)),

    /** Runs a change and its audit entry in one transaction: both commit or neither. */
    audited<T>(request: FastifyRequest, work: (r: Repositories) => Promise<T>, what: (result: T) => AuditWhat): Promise<T> {
      return app.db.transaction(async (tx) => {
        const r = createRepositories(tx);
        const result = await work(r);
        await r.audit.add(entry(request, what(result)));
        return result;
      });
    },
  };
}

export type AuditTools = ReturnType<typeof auditTools>;
