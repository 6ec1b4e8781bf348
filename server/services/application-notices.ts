// What an application's moves tell the applicant: the notice of each status (the office's templates for its own moves,
// fixed texts for the applicant's), its SMS after commit when a gateway is configured, and the borrow reminders.
import type { FastifyBaseLogger } from 'fastify';
import { kindName, statusName, Status } from '../domain/index.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Handling } from './application-form.ts';
import { chinaDate, type Clock } from './clock.ts';
import type { NoticeService } from './notices.ts';
import { placeholdersIn, render, templateKeyFor, type TemplateDef } from './notice-templates.ts';
import type { SmsMessage, SmsSender } from './sms.ts';

/** The notice of a move: staff moves (2-8) from the office's templates, the user's own moves fixed. */
export function noticeText(
  app: ApplicationRow,
  to: number,
  handling: Handling,
  note: string | null | undefined,
  resubmitted: boolean,
  templates: readonly TemplateDef[],
) {
  const name = kindName(app.kind, app.sub);
  const key = resubmitted ? null : templateKeyFor(app.kind, to);
  const template = key ? templates.find((t) => t.key === key) : undefined;
  if (template) {
    const values = {
      业务名称: name,
      申请编号: app.referenceNo,
      原因: handling.reason ?? note ?? '见申请详情',
      领取地点: handling.lqdd ?? '户籍办公室',
      领取时间: handling.lqsj ?? '',
      快递公司: handling.kdgs ?? '',
      快递单号: handling.kddh ?? '',
      应还日期: app.dueOn ?? '约定日期',
    };
    const sms: Omit<SmsMessage, 'text'> = { template: key!, params: placeholdersIn(template.content).map((p) => [p, values[p]]) };
    return { title: render(template.title, values), content: render(template.content, values), sms };
  }
  const status = statusName(app.kind, to);
  const detail: Record<number, string> = {
    1: resubmitted ? '已重新提交，户籍办将尽快审核。' : '已提交，户籍办将尽快审核，请留意办理进度。',
    9: '已撤销。',
  };
  const sms: Omit<SmsMessage, 'text'> = {
    template: to === Status.withdrawn ? 'withdrawn' : resubmitted ? 'resubmitted' : 'submitted',
    params: [
      ['业务名称', name],
      ['申请编号', app.referenceNo],
    ],
  };
  return {
    title: `${name}：${resubmitted ? '已重新提交' : status}`,
    content: `您的${name}申请（${app.referenceNo}）${detail[to] ?? status}`,
    sms,
  };
}

/** What a notice sends as SMS: its text after the signature, and its template with parameters. */
export type NoticeSms = { content: string; sms: Omit<SmsMessage, 'text'> };

export function createAnnouncements({
  repos,
  clock,
  notices,
  sms,
  log,
}: {
  repos: Repositories;
  clock: Clock;
  notices: NoticeService;
  sms: SmsSender;
  log: FastifyBaseLogger;
}) {
  // Status SMS go out only through a real gateway (not the outbox of development).
  const smsEnabled = sms.name !== 'outbox';

  /** The SMS of a status change, after commit and never awaited by the request. */
  function announce(app: ApplicationRow, notice: NoticeSms) {
    if (!smsEnabled) return;
    void (async () => {
      const user = await repos.users.findById(app.userId);
      if (user?.phone) await sms.send(user.phone, { text: `【户籍业务办理】${notice.content}`, ...notice.sms });
    })().catch((err) => log.warn({ err, applicationId: app.id }, 'status SMS not sent'));
  }

  /** Borrow reminders: a notice 3 days before the return date and one when it has passed (each once). */
  async function remindBorrowers(remindDaysBefore: number): Promise<void> {
    const now = clock.now();
    const today = chinaDate(now);
    const soon = chinaDate(new Date(now.getTime() + remindDaysBefore * 86400_000));
    for (const app of await repos.applications.dueBy('hkkjy', [Status.handling, Status.mailed], soon)) {
      const overdue = app.dueOn! < today;
      if (!(await repos.applications.markReminded(app.id, overdue ? 'overdue' : 'due-soon', now))) continue;
      const content = overdue
        ? `您借用的户口卡已于 ${app.dueOn} 到期，请尽快归还户籍办公室（申请编号 ${app.referenceNo}）。逾期未还将暂停借用资格。`
        : `您借用的户口卡将于 ${app.dueOn} 到期，请按时归还户籍办公室（申请编号 ${app.referenceNo}）。`;
      await notices.notify(app.userId, {
        type: 'borrow',
        title: overdue ? '户口卡借用已逾期' : '户口卡即将到期',
        content,
        applicationId: app.id,
        applicationNo: app.referenceNo,
      });
      announce(app, {
        content,
        sms: {
          template: overdue ? 'borrow_overdue' : 'borrow_due',
          params: [
            ['应还日期', app.dueOn!],
            ['申请编号', app.referenceNo],
          ],
        },
      });
    }
  }

  return { announce, remindBorrowers };
}
