// 日常业务: borrowing the card, ID card with appointment quota, card reissue, proofs, education and marital
// status changes. Every add/edit goes through the applications lifecycle (idempotent by Idempotency-Key).
import type { FastifyInstance } from 'fastify';
import { applicationStatuses } from '../../domain/index.ts';
import { ok, okRows } from '../../lib/envelope.ts';
import type { OperationId } from '../../lib/operation-types.ts';
import { currentUser, pageOf } from '../../lib/request.ts';
import { dateLabel } from '../../services/appointments.ts';
import { summaryWire, listItemWire, statusListWire } from '../applications/wire.ts';
import { formOperations } from '../form-operations.ts';
import { dictItemWire } from '../dict/wire.ts';

export default async function dailyRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const { forms } = services;

  const { addAndEdit } = formOperations(app);

  /** One's applications of a kind, newest first. */
  const listOf = (operationId: 'listHyzkbg' | 'listXlzkbg', kind: string) =>
    app.operation(operationId, async (request) => {
      const { rows, total } = await repos.applications.page(
        currentUser(request).id,
        { kind, status: request.query.status },
        pageOf(request.query),
        'created',
      );
      return okRows(rows.map(listItemWire), total);
    });

  const dictList = (operationId: OperationId, type: string) =>
    app.operation(operationId, async () => ok((await repos.dict.list(type)).map(dictItemWire), '查询成功'));

  const statuses = statusListWire(applicationStatuses);

  // 婚姻状况变更 and 学历变更
  app.operation('listHyzkbgStatuses', async () => ok(statuses, '查询成功'));
  app.operation('listXlzkbgStatuses', async () => ok(statuses, '查询成功'));
  addAndEdit('hyzkbg', 'addHyzkbg', 'editHyzkbg', forms.hyzkbg);
  addAndEdit('xlzkbg', 'addXlzkbg', 'editXlzkbg', forms.xlzkbg);
  listOf('listHyzkbg', 'hyzkbg');
  listOf('listXlzkbg', 'xlzkbg');

  // 户籍证明, 无犯罪记录证明, 无违法证明
  dictList('listHjzmTypes', 'qh_hjzm_type');
  dictList('listHjzmCourierOptions', 'qh_hjzm_kd');
  addAndEdit('hjzmkj', 'addHjzmkj', 'editHjzmkj', forms.hjzmkj);
  dictList('listWfzzmkjReasons', 'qh_zm_reason_c');
  dictList('listWwfzmkjReasons', 'qh_zm_reason_n');
  addAndEdit('wfzzmkj', 'addWfzzmkj', 'editWfzzmkj', (body, ctx) => forms.proof('wfzzmkj', body as never, ctx));
  addAndEdit('wwfzmkj', 'addWwfzmkj', 'editWwfzmkj', (body, ctx) => forms.proof('wwfzmkj', body as never, ctx));

  // 身份证办理
  dictList('listSfzHandlingMethods', 'qh_sfz_blfs');
  addAndEdit('sfzbl', 'addSfzbl', 'editSfzbl', forms.sfzbl, (body) => ({ kind: 'sfzbl', channel: body.blfs, day: body.yyrq }));
  app.operation('listSfzAppointmentDates', async (request) => {
    const method = await repos.dict.find('qh_sfz_blfs', request.params.blfs);
    const days = method?.enabled ? await services.appointments.offered('sfzbl', method.value) : [];
    return ok(
      days.map((d) => ({ dateLabel: dateLabel(d.day), dateValue: d.day, remaining: d.remaining })),
      '查询成功',
    );
  });
  app.operation('getSfzAppointment', async (request) => {
    const active = await repos.applications.findActive(currentUser(request).id, 'sfzbl');
    return ok(
      {
        selected: !!active,
        yyrq: active?.slotDay ?? null,
        blfs: active?.slotChannel ?? null,
        application: active ? summaryWire(active) : null,
      },
      '查询成功',
    );
  });

  // 户口卡补办, 借用户口卡
  addAndEdit('hkkbb', 'addHkkbb', 'updateHkkbb', forms.hkkbb);
  addAndEdit('hkkjy', 'addHkkjy', 'updateHkkjy', forms.hkkjy, (body) => ({ kind: 'hkkjy', channel: '', day: body.jyrq }));
  app.operation('listBorrowDates', async () => {
    const days = await services.appointments.offered('hkkjy', '');
    return ok(
      days.filter((d) => d.remaining > 0).map((d) => ({ dateLabel: dateLabel(d.day), dateValue: d.day })),
      '查询成功',
    );
  });
  app.operation('getBorrowNumber', async (request) => ok(await forms.borrowNumber(currentUser(request).id), '查询成功'));
}
