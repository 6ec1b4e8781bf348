// Processing: the queue, an application's page and its transitions, borrowed cards, questions, ratings,
// the dashboard and the appointment quotas (read). Every view of applicants' data is audited.
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  appointmentRules,
  applicationStatuses,
  applicationStatusTransitions,
  serviceCodes,
  MSG,
  kindName,
  statusName,
} from '../../domain/index.ts';
import { badRequest, bizError, notFound, ok, okRows } from '../../lib/envelope.ts';
import { contentDisposition, currentUser, pageOf } from '../../lib/request.ts';
import { answerAt, answerSummary } from '../../services/answer-summary.ts';
import { type Handling } from '../../services/applications.ts';
import { chinaDate, chinaDateTime } from '../../services/clock.ts';
import { finishRefusal } from '../../services/finish-rules.ts';
import type { ApplicationRow } from '../../repositories/applications.ts';
import type { Repositories } from '../../repositories/index.ts';
import { RATING_LABELS } from '../../services/ratings.ts';
import type { components } from '../../../src/api/schema';
import { summaryWire } from '../applications/wire.ts';
import { feedbackWire } from '../feedback/index.ts';
import { householdWire } from '../my/wire.ts';
import { auditTools } from './audit.ts';
import { WAITING_DAYS, adminDetailWire, adminRowWire, applicantWire, type Prefill } from './wire.ts';

type S = components['schemas'];

const MAX_QUOTA_DAYS = 62;
const DAY = 86400_000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A date range of at most MAX_QUOTA_DAYS days (400 otherwise). */
export function checkRange(from: string, to: string) {
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (days < 0) throw badRequest('截止日期不能早于起始日期', [{ field: 'to', message: '截止日期不能早于起始日期' }]);
  if (days > MAX_QUOTA_DAYS)
    throw badRequest(`日期范围不能超过${MAX_QUOTA_DAYS}天`, [{ field: 'to', message: `日期范围不能超过${MAX_QUOTA_DAYS}天` }]);
}

/** The channel of a quota: a handling method (blfs) for sfzbl, '' for hkkjy. */
export function quotaChannel(kind: 'sfzbl' | 'hkkjy', channel: string | undefined): string {
  if (kind === 'hkkjy') return '';
  if (!channel || !appointmentRules.sfzbl.channels.includes(channel)) {
    throw badRequest('请选择办理方式', [{ field: 'channel', message: `办理方式应为 ${appointmentRules.sfzbl.channels.join('、')} 之一` }]);
  }
  return channel;
}

export const quotaWire = (q: { kind: string; channel: string; day: string; total: number; remaining: number }): S['Quota'] => ({
  kind: q.kind as 'sfzbl' | 'hkkjy',
  channel: q.channel,
  date: q.day,
  total: q.total,
  booked: q.total - q.remaining,
  remaining: q.remaining,
});

/** Couriers staff may ship with (the dictionary qh_express, enabled ones), for the 寄出 form. */
export async function couriersOf(repos: Repositories): Promise<{ value: string; label: string }[]> {
  return (await repos.dict.list('qh_express')).filter((c) => c.enabled).map((c) => ({ value: c.value, label: c.label }));
}

/** The courier (its code in qh_express) and waybill of a 寄出, checked; the name and tracking page recorded with them. */
async function shipment(repos: Repositories, code: string | undefined, waybill: string | undefined): Promise<Handling> {
  const errors: { field: string; message: string }[] = [];
  const courier = code?.trim() ? await repos.dict.find('qh_express', code.trim()) : null;
  if (!courier || !courier.enabled) errors.push({ field: 'kdgs', message: '请选择快递公司' });
  if (waybill && !/^[A-Za-z0-9-]{6,30}$/.test(waybill)) errors.push({ field: 'kddh', message: '快递单号为 6-30 位字母、数字或 -' });
  if (errors.length) throw badRequest('请填写寄出信息', errors);
  const template = (courier!.extra as { trackUrl?: string } | null)?.trackUrl;
  return {
    kdgs: courier!.label,
    kdgsdm: courier!.value,
    ...(waybill && template ? { trackUrl: template.replace('{no}', encodeURIComponent(waybill)) } : {}),
  };
}

/** Limits of the transition inputs (the document's maxLength): a longer starting value is not offered. */
const PREFILL_LIMIT = { lqdd: 100, lqsj: 100 } as const;
const fits = (field: keyof typeof PREFILL_LIMIT, value: string | null | undefined) =>
  value && value.length <= PREFILL_LIMIT[field] ? value : undefined;

/** The courier dictionary of the kinds whose applicant chooses one (the code '0' is picking it up). */
const COURIER_CHOICE: Record<string, { dict: string; field: 'lqfs' | 'kdfs' }> = {
  hkkjy: { dict: 'qh_hkk_kd', field: 'lqfs' },
  hjzmkj: { dict: 'qh_hjzm_kd', field: 'kdfs' },
};

/**
 * What the forms of 寄出 and 通知领取 start with: the courier the applicant chose (its name, without a note such as
 * （到付）), and the office's address (without its postcode) and hours from 联系我们. Staff may change them.
 */
export async function prefillOf(repos: Repositories, row: ApplicationRow, targets: number[]): Promise<Partial<Record<number, Prefill>>> {
  const prefill: Partial<Record<number, Prefill>> = {};
  const choice = COURIER_CHOICE[row.kind];
  const code = choice && (row.answers as Record<string, unknown>)[choice.field];
  if (targets.includes(6) && choice && typeof code === 'string' && code !== '0') {
    // The applicant's choice (e.g. 顺丰速运（到付）) names a courier of the dictionary staff ship with.
    const label = (await repos.dict.find(choice.dict, code))?.label.replace(/（[^）]*）$/, '').trim();
    const courier = label ? (await couriersOf(repos)).find((c) => c.label === label) : undefined;
    if (courier) prefill[6] = { kdgs: courier.value };
  }
  if (targets.includes(5)) {
    const contact = await repos.settings.get<S['ContactInfo']>('contact');
    const lqdd = fits('lqdd', contact?.address.replace(/（邮编[^）]*）/, '').trim());
    const lqsj = fits('lqsj', contact?.hours.trim());
    if (lqdd || lqsj) prefill[5] = { ...(lqdd ? { lqdd } : {}), ...(lqsj ? { lqsj } : {}) };
  }
  return prefill;
}

export default async function processingRoutes(app: FastifyInstance) {
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
    const [gender, ethnic, relation, station, staffNames, summary, card, refusal, prefill] = await Promise.all([
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
    if (to === 6) Object.assign(handling, await shipment(repos, kdgs, handling.kddh ?? undefined));
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
        const overdueDays = a.dueOn && a.dueOn < today ? Math.round((Date.parse(today) - Date.parse(a.dueOn)) / DAY) : 0;
        return {
          applicationId: a.id,
          sqbh: a.referenceNo,
          status: a.status as S['AppStatus'],
          statusName: statusName(a.kind, a.status),
          version: a.version,
          applicant: applicantWire(user, householdStatus, false),
          jyrq: ((a.answers as { jyrq?: string }).jyrq as string | undefined) ?? null,
          ghrq: a.dueOn!,
          overdue: overdueDays > 0,
          overdueDays,
        };
      }),
      total,
    );
  });

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

  const adminRatingWire = (
    r: { rating: NonNullable<Awaited<ReturnType<typeof repos.ratings.findById>>>; referenceNo: string; sub: string; userName: string },
    staffNames: Map<number, string>,
  ) => ({
    id: r.rating.id,
    applicationId: r.rating.applicationId,
    sqbh: r.referenceNo,
    kind: r.rating.kind as S['ServiceCode'],
    kindName: kindName(r.rating.kind, r.sub),
    score: r.rating.score as S['RatingScore'],
    label: RATING_LABELS[r.rating.score]!,
    comment: r.rating.comment,
    flagged: r.rating.flagged,
    createdAt: chinaDateTime(r.rating.createdAt),
    applicant: { userId: r.rating.userId, xm: r.userName },
    followUp:
      r.rating.followedUpAt && r.rating.followUpNote
        ? {
            note: r.rating.followUpNote,
            at: chinaDateTime(r.rating.followedUpAt),
            by: (r.rating.followedUpBy && staffNames.get(r.rating.followedUpBy)) || '户籍办',
          }
        : null,
  });

  app.operation('adminListRatings', async (request) => {
    const { kind, score, flagged, pending, from, to } = request.query;
    const { rows, total } = await repos.ratings.page(
      { kind, score, flagged: flagged === '1', pending: pending === '1', from, to },
      pageOf(request.query),
    );
    const names = await repos.staff.namesOf([...new Set(rows.map((r) => r.rating.followedUpBy).filter((n): n is number => !!n))]);
    await audit.record(request, { action: 'rating.list', summary: `查看评价，${rows.length} 条` });
    return okRows(
      rows.map((r) => adminRatingWire(r, names)),
      total,
    );
  });

  app.operation('adminRatingSummary', async (request) => {
    const tally = await repos.ratings.tally({ from: request.query.from, to: request.query.to });
    const kinds = serviceCodes.filter((k) => tally.some((t) => t.kind === k));
    return ok(
      kinds.map((kind) => {
        const mine = tally.filter((t) => t.kind === kind);
        const n = mine.reduce((sum, t) => sum + t.n, 0);
        return {
          kind,
          kindName: kindName(kind),
          count: n,
          average: n ? round(mine.reduce((sum, t) => sum + t.score * t.n, 0) / n, 2) : null,
          scores: [5, 4, 3, 2, 1].map((score) => ({
            score: score as S['RatingScore'],
            label: RATING_LABELS[score]!,
            count: mine.find((t) => t.score === score)?.n ?? 0,
          })),
          flagged: mine.filter((t) => t.score <= 2).reduce((sum, t) => sum + t.n, 0),
          pendingFollowUp: mine.reduce((sum, t) => sum + t.pending, 0),
        };
      }),
      '查询成功',
    );
  });

  app.operation('adminFollowUpRating', async (request) => {
    const me = currentUser(request);
    const rating = await repos.ratings.findById(request.params.id);
    if (!rating) throw notFound('评价不存在');
    if (!rating.flagged) throw bizError('该评价无需回访');
    const note = request.body.note.trim();
    if (!note) throw badRequest('请填写回访说明', [{ field: 'note', message: '请填写回访说明' }]);
    const app_ = (await repos.applications.findById(rating.applicationId))!;
    const user = (await repos.users.findById(rating.userId))!;
    const updated = await audit.audited(
      request,
      async (r) => (await r.ratings.followUp(rating.id, note, me.id, now()))!,
      (row) => ({
        action: 'rating.followUp',
        targetType: 'rating',
        targetId: row.id,
        summary: `回访申请 ${app_.referenceNo} 的评价（${RATING_LABELS[row.score]}）`,
      }),
    );
    return ok(
      adminRatingWire({ rating: updated, referenceNo: app_.referenceNo, sub: app_.sub, userName: user.name }, new Map([[me.id, me.name]])),
      '已记录',
    );
  });

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

  app.operation('adminListQuotas', async (request) => {
    const { kind, from, to } = request.query;
    checkRange(from, to);
    const channel = quotaChannel(kind, request.query.channel);
    return ok((await repos.quotas.between(kind, channel, from, to)).map(quotaWire), '查询成功');
  });
}
