// The queue, an application's page (ID numbers revealed on request, its files) and its transitions. Every view of applicants' data is audited.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applicationStatuses, applicationStatusTransitions, MSG, kindName, statusName, Status } from '../../../domain/index.ts';
import { notFound, ok, okRows } from '../../../lib/envelope.ts';
import { contentDisposition, currentUser, pageOf } from '../../../lib/request.ts';
import { answerAt, answerSummary } from '../../../services/answer-summary.ts';
import { type Handling } from '../../../services/applications.ts';
import { chinaDate } from '../../../services/clock.ts';
import { finishRefusal } from '../../../services/finish-rules.ts';
import { familyConflicts } from '../../../services/family-conflicts.ts';
import { summaryWire } from '../../applications/wire.ts';
import { householdWire } from '../../my/wire.ts';
import { adminDetailWire, adminRowWire } from '../wire.ts';
import { couriersOf, prefillOf, shipment } from '../../../services/handling-inputs.ts';
import { auditTools } from '../audit.ts';
import type { components } from '../../../../shared/contract/schema';

type S = components['schemas'];

export default async function applicationRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  const filterText = (q: {
    todo?: string;
    kind?: string;
    sub?: string;
    assignee?: string;
    status?: number;
    keyword?: string;
    from?: string;
    to?: string;
  }) =>
    [
      q.todo === '1' && '待办',
      q.kind && `业务 ${kindName(q.kind, q.sub ?? '')}`,
      q.assignee && `认领人 ${q.assignee === 'me' ? '本人' : q.assignee === 'none' ? '无' : `#${q.assignee}`}`,
      q.status && `状态 ${statusName(q.kind ?? '', q.status)}`,
      q.keyword && `关键字「${q.keyword}」`,
      q.from && `自 ${q.from}`,
      q.to && `至 ${q.to}`,
    ]
      .filter(Boolean)
      .join('，') || '全部';

  app.operation('adminListApplications', async (request) => {
    const { kind, sub, status, keyword, from, to, sort } = request.query;
    const todo = request.query.todo === '1';
    const assignee =
      request.query.assignee === 'me'
        ? currentUser(request).id
        : request.query.assignee === 'none'
          ? 'none'
          : request.query.assignee
            ? Number(request.query.assignee)
            : undefined;
    const { rows, total } = await repos.queue.page({ kind, sub, assignee, status, keyword, from, to, todo }, pageOf(request.query), sort);
    const names = await repos.staff.namesOf([...new Set(rows.map((r) => r.app.assigneeId).filter((id): id is number => id !== null))]);
    await audit.record(request, { action: 'application.list', summary: `查看申请列表（${filterText(request.query)}），${rows.length} 条` });
    return okRows(
      rows.map((r) => adminRowWire(r.app, r.user, r.householdStatus, now(), names)),
      total,
    );
  });

  app.operation('adminCountApplications', async (request) => {
    const { kind, keyword, from, to } = request.query;
    const counts = await repos.queue.countByStatus({ kind, keyword, from, to });
    return ok(
      applicationStatuses.map((s) => ({
        status: s.code as S['AppStatus'],
        statusName: kind ? statusName(kind, s.code) : s.label,
        count: counts.find((c) => c.status === s.code)?.n ?? 0,
        todo: counts.find((c) => c.status === s.code)?.todo ?? 0,
      })),
      '查询成功',
    );
  });

  app.operation('adminGetApplication', async (request) => {
    const row = await repos.applications.findById(request.params.id);
    if (!row) throw notFound(MSG.notFound);
    const user = (await repos.users.findById(row.userId))!;
    const refs = row.attachments as { fileId: string }[];
    const [events, files, record, rating, unit] = await Promise.all([
      repos.applications.eventsOf(row.id),
      Promise.all(refs.map((r) => repos.uploads.findById(r.fileId))),
      repos.users.household(user.id),
      repos.ratings.ofApplication(row.id),
      user.departmentCode
        ? repos.dict.find('dw_rsYx', user.departmentCode).then((d) => d ?? repos.dict.find('dw_jwYx', user.departmentCode!))
        : null,
    ]);
    const targets = applicationStatusTransitions.filter((t) => t.by === 'staff' && t.from === row.status).map((t) => t.to);
    const [gender, ethnic, relation, station, staffNames, summary, card, refusal, prefill, conflicts] = await Promise.all([
      user.genderCode ? repos.dict.find('qh_gender', user.genderCode) : null,
      user.ethnicCode ? repos.dict.find('gb_mz', user.ethnicCode) : null,
      record?.relationCode ? repos.dict.find('gb_relation', record.relationCode) : null,
      record?.policeStationId ? repos.policeStations.find(record.policeStationId) : null,
      repos.staff.namesOf([
        ...new Set([
          ...events.filter((e) => e.actorRole === 'staff' && e.actorId).map((e) => e.actorId!),
          ...(row.assigneeId ? [row.assigneeId] : []),
        ]),
      ]),
      answerSummary(repos, row, { mask: true, revealKeys: true }),
      repos.applications.cardOut(user.id),
      targets.includes(7) ? finishRefusal(repos, row) : null,
      prefillOf(repos, row, targets),
      familyConflicts(repos, row, { staff: true }),
    ]);
    const couriers = targets.includes(6) ? await couriersOf(repos) : [];
    const labels = { gender: gender?.label, ethnic: ethnic?.label, relation: relation?.label, policeStation: station?.name };
    const household = record ? (householdWire(user, record, labels, card, chinaDate(now())) as S['HouseholdRecord']) : null;
    await audit.record(request, {
      action: 'application.view',
      targetType: 'application',
      targetId: row.id,
      summary: `查看申请 ${row.referenceNo}（${kindName(row.kind, row.sub)}）及申请人 ${user.name} 的个人信息与户籍记录`,
    });
    return ok(
      adminDetailWire({
        app: row,
        user,
        events,
        files: files.filter((f) => f !== null),
        household,
        householdStatus: record?.status ?? null,
        staffNames,
        rating,
        unitName: unit?.label ?? null,
        summary,
        finishRefusal: refusal,
        prefill,
        couriers,
        conflicts,
      }),
      '查询成功',
    );
  });

  app.operation('adminRevealIdNumber', async (request) => {
    const { key } = request.body;
    const row = await repos.applications.findById(request.params.id);
    if (!row) throw notFound(MSG.notFound);
    const user = (await repos.users.findById(row.userId))!;
    let full: string | null;
    let what: string;
    if (key === 'applicant') {
      full = user.idNumber;
      what = `申请人 ${user.name}`;
    } else {
      // Only what the page shows masked: a key of the summary, never any other answer.
      const item = (await answerSummary(repos, row, { mask: true, revealKeys: true })).find((i) => i.idKey === key);
      full = item ? answerAt(row.answers, key) : null;
      what = item ? `${item.group ?? '申请内容'} · ${item.label}` : '';
    }
    if (!full) throw notFound('没有可显示的身份证件号');
    await audit.record(request, {
      action: 'application.idNumber',
      targetType: 'application',
      targetId: row.id,
      summary: `查看申请 ${row.referenceNo}（${kindName(row.kind, row.sub)}）的身份证件号：${what}`,
    });
    return ok({ key, sfzjh: full }, '查询成功');
  });

  app.operation('adminGetApplicationFile', async (request, reply: FastifyReply) => {
    const { id, fileId } = request.params;
    const row = await repos.applications.findById(id);
    const attached = row && (row.attachments as { fileId: string }[]).some((a) => a.fileId === fileId);
    const found = attached ? await services.files.read(fileId, currentUser(request)) : null;
    if (!row || !found) throw notFound('文件不存在');
    await audit.record(request, {
      action: 'application.file',
      targetType: 'application',
      targetId: row.id,
      summary: `查看申请 ${row.referenceNo} 的附件 ${found.row.originalName}`,
    });
    return reply
      .type(found.row.mime)
      .header('content-disposition', contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', found.row.originalName))
      .header('cache-control', 'private, no-store')
      .send(found.content);
  });

  app.operation('adminTransitionApplication', async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const { to, expectedVersion, expectedStatus, note, lqdd, lqsj, kdgs, kddh, ghrq } = request.body;
    const handling: Handling = Object.fromEntries(
      Object.entries({ lqdd, lqsj, kddh, ghrq })
        .filter(([, v]) => typeof v === 'string' && v.trim())
        .map(([k, v]) => [k, v!.trim()]),
    );
    // 寄出: the courier is chosen from the dictionary (its name is what the student reads), the waybill typed once.
    if (to === Status.mailed) Object.assign(handling, await shipment(repos, kdgs, handling.kddh ?? undefined));
    const row = await services.applications.transition(
      id,
      to,
      { role: 'staff', id: me.id },
      {
        note,
        handling,
        expectedStatus,
        expectedVersion,
        audit: (moved) =>
          audit.entry(request, {
            action: 'application.transition',
            targetType: 'application',
            targetId: moved.id,
            summary: `申请 ${moved.referenceNo}（${kindName(moved.kind, moved.sub)}）办理为「${statusName(moved.kind, to)}」${note?.trim() ? `：${note.trim()}` : ''}`,
          }),
      },
    );
    return ok({ ...summaryWire(row), version: row.version }, '办理成功');
  });
}
