// 设置 → 首页提示 and the new-student window; 联系我们.
import type { FastifyInstance } from 'fastify';
import { personTypes } from '../../../domain/index.ts';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { chinaDateTime } from '../../../services/clock.ts';
import { type Repositories } from '../../../repositories/index.ts';
import type { components } from '../../../../shared/contract/schema';
import { auditTools } from '../audit.ts';

type S = components['schemas'];

const TIP_KEYS = ['default', ...personTypes.map((p) => p.rylb)];

export default async function homeSettingsRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  const homeSettings = async (r: Repositories = repos): Promise<S['HomeSettings']> => {
    const settings = await r.settings.getMany(['enrolment.window', 'sectors.tips']);
    const window = (settings.get('enrolment.window') as { yxStartTime: string; yxEndTime: string } | undefined) ?? {
      yxStartTime: now().toISOString(),
      yxEndTime: now().toISOString(),
    };
    const tips = (settings.get('sectors.tips') as Record<string, string> | undefined) ?? {};
    return {
      tips: Object.fromEntries(TIP_KEYS.map((k) => [k, tips[k] ?? ''])),
      yxStartTime: chinaDateTime(new Date(window.yxStartTime)),
      yxEndTime: chinaDateTime(new Date(window.yxEndTime)),
    };
  };

  app.operation('adminGetHomeSettings', async () => ok(await homeSettings(), '查询成功'));

  app.operation('adminUpdateHomeSettings', async (request) => {
    const { tips, yxStartTime, yxEndTime } = request.body;
    const unknown = Object.keys(tips).filter((k) => !TIP_KEYS.includes(k));
    if (unknown.length)
      throw badRequest(
        '提示的人员类别不正确',
        unknown.map((k) => ({ field: `tips.${k}`, message: '未知的人员类别' })),
      );
    const start = new Date(yxStartTime);
    const end = new Date(yxEndTime);
    if (!(end > start)) throw badRequest('结束时间须晚于开始时间', [{ field: 'yxEndTime', message: '结束时间须晚于开始时间' }]);
    const saved = await audit.audited(
      request,
      async (r) => {
        const current = (await r.settings.get<Record<string, string>>('sectors.tips')) ?? {};
        await r.settings.set('sectors.tips', { ...current, ...Object.fromEntries(Object.entries(tips).map(([k, v]) => [k, v.trim()])) });
        await r.settings.set('enrolment.window', { yxStartTime: start.toISOString(), yxEndTime: end.toISOString() });
        return homeSettings(r);
      },
      () => ({
        action: 'settings.home',
        targetType: 'setting',
        targetId: 'home',
        summary: `修改首页提示与新生迁入时间（${chinaDateTime(start)} 至 ${chinaDateTime(end)}）`,
      }),
    );
    return ok(saved, '已保存');
  });

  app.operation('adminGetContact', async () => {
    const contact = await repos.settings.get<S['ContactInfo']>('contact');
    return ok(contact ?? { officeName: '', address: '', hours: '', phones: [], email: null, notes: null }, '查询成功');
  });

  app.operation('adminUpdateContact', async (request) => {
    const b = request.body;
    const contact: S['ContactInfo'] = {
      officeName: b.officeName.trim(),
      address: b.address.trim(),
      hours: b.hours.trim(),
      phones: b.phones.map((p) => ({ label: p.label.trim(), phone: p.phone.trim() })),
      email: b.email?.trim() || null,
      notes: b.notes?.trim() || null,
    };
    await audit.audited(
      request,
      (r) => r.settings.set('contact', contact),
      () => ({ action: 'settings.contact', targetType: 'setting', targetId: 'contact', summary: '修改联系我们' }),
    );
    return ok(contact, '已保存');
  });
}
