// 设置 → 预约名额: the places per day of 身份证办理 and 借用户口卡, read by range and set (never fewer than booked).
import type { FastifyInstance } from 'fastify';
import { badRequest, bizError, ok } from '../../../lib/envelope.ts';
import { chinaDate } from '../../../services/clock.ts';
import { appointmentRules } from '../../../domain/index.ts';
import type { components } from '../../../../shared/contract/schema';
import { auditTools } from '../audit.ts';
import { DAY } from '../wire.ts';

type S = components['schemas'];

const MAX_QUOTA_DAYS = 62;

/** A date range of at most MAX_QUOTA_DAYS days (400 otherwise). */
function checkRange(from: string, to: string) {
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (days < 0) throw badRequest('截止日期不能早于起始日期', [{ field: 'to', message: '截止日期不能早于起始日期' }]);
  if (days > MAX_QUOTA_DAYS)
    throw badRequest(`日期范围不能超过${MAX_QUOTA_DAYS}天`, [{ field: 'to', message: `日期范围不能超过${MAX_QUOTA_DAYS}天` }]);
}

/** The channel of a quota: a handling method (blfs) for sfzbl, '' for hkkjy. */
function quotaChannel(kind: 'sfzbl' | 'hkkjy', channel: string | undefined): string {
  if (kind === 'hkkjy') return '';
  if (!channel || !appointmentRules.sfzbl.channels.includes(channel)) {
    throw badRequest('请选择办理方式', [{ field: 'channel', message: `办理方式应为 ${appointmentRules.sfzbl.channels.join('、')} 之一` }]);
  }
  return channel;
}

const quotaWire = (q: { kind: string; channel: string; day: string; total: number; remaining: number }): S['Quota'] => ({
  kind: q.kind as 'sfzbl' | 'hkkjy',
  channel: q.channel,
  date: q.day,
  total: q.total,
  booked: q.total - q.remaining,
  remaining: q.remaining,
});

export default async function quotaSettingsRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  app.operation('adminSetQuotas', async (request) => {
    const { kind, total } = request.body;
    const channel = quotaChannel(kind, request.body.channel);
    const dates = [...new Set(request.body.dates)].sort();
    const today = chinaDate(now());
    if (dates[0]! <= today) throw badRequest('只能设置今天以后的名额', [{ field: 'dates', message: '只能设置今天以后的名额' }]);
    checkRange(dates[0]!, dates[dates.length - 1]!);
    const rows = await audit.audited(
      request,
      async (r) => {
        // The rows stay locked until commit, so no booking slips in between the check and the change.
        for (const q of await r.quotas.lockDays(kind, channel, dates)) {
          const booked = q.total - q.remaining;
          if (total < booked) throw bizError(`${q.day} 名额不能少于已预约人数（${booked}）`);
        }
        const saved = [];
        for (const day of dates) saved.push(await r.quotas.setTotal(kind, channel, day, total));
        return saved;
      },
      () => ({
        action: 'quota.set',
        targetType: 'quota',
        targetId: `${kind}${channel ? `:${channel}` : ''}`,
        summary: `${kind === 'hkkjy' ? '借用户口卡' : `身份证办理（办理方式 ${channel}）`} ${dates.join('、')} 的名额设为 ${total}`,
      }),
    );
    // Places the office added are offered here at once (other instances see them within a second).
    services.appointments.fullDays.clear();
    return ok(rows.map(quotaWire), '已保存');
  });

  app.operation('adminListQuotas', async (request) => {
    const { kind, from, to } = request.query;
    checkRange(from, to);
    const channel = quotaChannel(kind, request.query.channel);
    return ok((await repos.quotas.between(kind, channel, from, to)).map(quotaWire), '查询成功');
  });
}
