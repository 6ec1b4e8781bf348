// 导出: the queue as filtered, the cards out, the ratings and the audit log, to Excel or CSV, with Chinese headers
// and labels. ID numbers and phones masked unless a 管理员 asks for them in full; every export is audited.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/envelope.ts';
import { maskIdNumber, maskPhone } from '../../lib/masks.ts';
import { contentDisposition, currentUser } from '../../lib/request.ts';
import { MIME, renderTable, type SheetFormat, type Table } from '../../lib/spreadsheet.ts';
import { FORBIDDEN } from '../../plugins/auth.ts';
import type { UserRow } from '../../repositories/users.ts';
import { kindName, statusName } from '../../domain/index.ts';
import { chinaDate, chinaDateTime } from '../../services/clock.ts';
import { RATING_LABELS } from '../../services/ratings.ts';
import { auditTools } from './audit.ts';
import { AUDIT_ACTIONS, DAY, overdueDays, personTypeName } from './wire.ts';

/** At most this many rows in one file (a filter narrows a bigger one). */
export const EXPORT_MAX = 10_000;
const ALL = { pageNum: 1, pageSize: EXPORT_MAX };

export default async function exportRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  /** Full personal data only for a 管理员 who asks; a 办理员 asking is refused. */
  const fullFor = (request: FastifyRequest, asked: string | undefined) => {
    if (asked !== '1') return false;
    if (currentUser(request).role !== 'admin') throw forbidden(FORBIDDEN);
    return true;
  };
  const idOf = (u: UserRow, full: boolean) => (full ? u.idNumber : maskIdNumber(u.idNumber));
  const phoneOf = (u: UserRow, full: boolean) => (full ? u.phone : maskPhone(u.phone));
  const campusNo = (u: UserRow) => u.studentNo ?? u.staffNo ?? '';

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    what: { action: string; title: string; full?: boolean },
    table: Table,
    format: SheetFormat = 'xlsx',
  ) {
    const body = await renderTable(table, format);
    await audit.record(request, {
      action: what.action,
      summary: `导出${what.title}（${format === 'csv' ? 'CSV' : 'Excel'}），${table.rows.length} 条${what.full ? '，含完整身份证件号与手机号' : ''}`,
    });
    return reply
      .type(MIME[format])
      .header('content-disposition', contentDisposition('attachment', `${what.title}-${chinaDate(now()).replace(/-/g, '')}.${format}`))
      .header('cache-control', 'private, no-store')
      .send(body);
  }

  app.operation('adminExportApplications', async (request, reply) => {
    const q = request.query;
    const full = fullFor(request, q.full);
    const assignee =
      q.assignee === 'me' ? currentUser(request).id : q.assignee === 'none' ? 'none' : q.assignee ? Number(q.assignee) : undefined;
    const { rows } = await repos.queue.page(
      { kind: q.kind, sub: q.sub, assignee, status: q.status, keyword: q.keyword, from: q.from, to: q.to, todo: q.todo === '1' },
      ALL,
      q.sort,
    );
    const names = await repos.staff.namesOf([...new Set(rows.map((r) => r.app.assigneeId).filter((id): id is number => id !== null))]);
    const today = now().getTime();
    return send(
      request,
      reply,
      { action: 'export.applications', title: '申请列表', full },
      {
        sheet: '申请列表',
        head: [
          '申请编号',
          '业务',
          '内容',
          '申请人',
          '人员类别',
          '学号/工作证号',
          '身份证件号',
          '手机号',
          '状态',
          '提交时间',
          '已等待（天）',
          '认领人',
        ],
        widths: [20, 14, 30, 10, 12, 14, 22, 14, 10, 18, 10, 10],
        rows: rows.map(({ app: a, user: u }) => [
          a.referenceNo,
          kindName(a.kind, a.sub),
          a.title,
          u.name,
          personTypeName(u.personType),
          campusNo(u),
          idOf(u, full),
          phoneOf(u, full),
          statusName(a.kind, a.status),
          chinaDateTime(a.createdAt).slice(0, 16).replace('T', ' '),
          Math.max(0, Math.floor((today - a.createdAt.getTime()) / DAY)),
          a.assigneeId ? (names.get(a.assigneeId) ?? '') : '',
        ]),
      },
      q.format,
    );
  });

  app.operation('adminExportBorrowedCards', async (request, reply) => {
    const q = request.query;
    const full = fullFor(request, q.full);
    const today = chinaDate(now());
    const { rows } = await repos.queue.borrowed({ overdueBefore: q.overdue === '1' ? today : undefined, keyword: q.keyword?.trim() }, ALL);
    return send(
      request,
      reply,
      { action: 'export.borrowed', title: q.overdue === '1' ? '逾期未还户口卡' : '借出户口卡', full },
      {
        sheet: '借出户口卡',
        head: ['申请编号', '借用人', '人员类别', '学号/工作证号', '身份证件号', '手机号', '借用日期', '应还日期', '逾期天数', '状态'],
        widths: [20, 10, 12, 14, 22, 14, 12, 12, 10, 10],
        rows: rows.map(({ app: a, user: u }) => [
          a.referenceNo,
          u.name,
          personTypeName(u.personType),
          campusNo(u),
          idOf(u, full),
          phoneOf(u, full),
          (a.answers as { jyrq?: string }).jyrq ?? '',
          a.dueOn ?? '',
          overdueDays(a.dueOn, today),
          statusName(a.kind, a.status),
        ]),
      },
      q.format,
    );
  });

  app.operation('adminExportRatings', async (request, reply) => {
    const { kind, score, flagged, pending, from, to, format } = request.query;
    const { rows } = await repos.ratings.page({ kind, score, flagged: flagged === '1', pending: pending === '1', from, to }, ALL);
    const names = await repos.staff.namesOf([...new Set(rows.map((r) => r.rating.followedUpBy).filter((n): n is number => !!n))]);
    return send(
      request,
      reply,
      { action: 'export.ratings', title: '评价' },
      {
        sheet: '评价',
        head: ['评价时间', '申请编号', '业务', '评价人', '评分', '评价内容', '需回访', '回访说明', '回访人', '回访时间'],
        widths: [18, 20, 14, 10, 10, 40, 8, 30, 10, 18],
        rows: rows.map(({ rating: r, referenceNo, sub, userName }) => [
          chinaDateTime(r.createdAt).slice(0, 16).replace('T', ' '),
          referenceNo,
          kindName(r.kind, sub),
          userName,
          `${r.score} ${RATING_LABELS[r.score] ?? ''}`,
          r.comment ?? '',
          r.flagged ? '是' : '否',
          r.followUpNote ?? '',
          r.followedUpBy ? (names.get(r.followedUpBy) ?? '户籍办') : '',
          r.followedUpAt ? chinaDateTime(r.followedUpAt).slice(0, 16).replace('T', ' ') : '',
        ]),
      },
      format,
    );
  });

  app.operation('adminExportAudit', async (request, reply) => {
    const { staffId, action, targetType, targetId, from, to, format } = request.query;
    const { rows } = await repos.audit.page({ staffId, action, targetType, targetId, from, to }, ALL);
    return send(
      request,
      reply,
      { action: 'export.audit', title: '审计日志' },
      {
        sheet: '审计日志',
        head: ['时间', '工作人员', '登录名', '操作', '对象类型', '对象编号', '说明', '来源地址'],
        widths: [18, 10, 12, 16, 12, 12, 50, 16],
        rows: rows.map((e) => [
          chinaDateTime(e.at).slice(0, 19).replace('T', ' '),
          e.staffName,
          e.staffUsername,
          AUDIT_ACTIONS[e.action] ?? e.action,
          e.targetType ?? '',
          e.targetId ?? '',
          e.summary,
          e.ip ?? '',
        ]),
      },
      format,
    );
  });
}
