// The add and edit operations of a service form: the same rules for both, the edit body adds the application id.
// Every submit goes through the applications lifecycle (idempotent by Idempotency-Key).
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.ts';
import type { OperationId } from '../lib/operation-types.ts';
import { currentUser } from '../lib/request.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { ApplicationForm, Slot } from '../services/applications.ts';
import type { FormContext } from '../services/form-checks.ts';
import { familyConflicts } from '../services/family-conflicts.ts';
import { idempotencyKeyOf } from '../services/idempotency.ts';
import type { SessionUser } from '../lib/session-user.ts';
import { summaryWire } from './applications/wire.ts';

export type Build<B> = (body: B, ctx: FormContext) => Promise<ApplicationForm>;

export function formOperations(app: FastifyInstance) {
  const { repos, services } = app;

  /** The user, their household record and the application being edited (null on add). */
  const contextOf = async (me: SessionUser, editing: ApplicationRow | null): Promise<FormContext> => {
    const found = await repos.users.withHousehold(me.id);
    return { user: found!.user, household: found!.household, editing };
  };

  /** The summary answered to a submit or an edit, with what contradicts it (family moves, told at submit). */
  const answer = async (row: ApplicationRow, me: SessionUser) => {
    const conflicts = await familyConflicts(repos, row, { staff: false, userId: me.id });
    return { ...summaryWire(row), ...(conflicts.length ? { conflicts } : {}) };
  };

  /** `slotOf`: the appointment day a booking asks for, so that a day just seen full is refused before anything is read. */
  const addAndEdit = <B>(kind: string, addId: OperationId, editId: OperationId, build: Build<B>, slotOf?: (body: B) => Slot) => {
    app.operation(addId, async (request) => {
      const me = currentUser(request);
      const body = request.body as B;
      const req = { operation: addId, key: idempotencyKeyOf(request.headers), body };
      const row = await services.applications.submit(me.id, req, async () => build(body, await contextOf(me, null)), slotOf?.(body));
      return ok(await answer(row, me), '提交成功');
    });
    app.operation(editId, async (request) => {
      const me = currentUser(request);
      const { id, ...body } = request.body as { id: number };
      const req = { operation: editId, key: idempotencyKeyOf(request.headers), body: request.body };
      const row = await services.applications.edit(me.id, id, kind, req, async (editing) => build(body as B, await contextOf(me, editing)));
      return ok(await answer(row, me), '修改成功');
    });
  };

  return { contextOf, addAndEdit };
}
