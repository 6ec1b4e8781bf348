// 设置 → 通知模板: the notices (and SMS) each status change sends.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../../../lib/envelope.ts';
import {
  DEFAULT_TEMPLATES,
  PLACEHOLDERS,
  SETTINGS_KEY,
  TEMPLATE_KEYS,
  loadTemplates,
  placeholdersIn,
  unknownPlaceholders,
  type TemplateKey,
  type TemplateText,
} from '../../../services/notice-templates.ts';
import { SMS_VARIABLES } from '../../../services/sms-providers.ts';
import type { components } from '../../../../shared/contract/schema';
import { auditTools } from '../audit.ts';
import { DEFAULT_WORDINGS, PROOF_PLACEHOLDERS, WORDINGS_KEY, unknownProofPlaceholders } from '../../../services/proofs.ts';

type S = components['schemas'];

const TEMPLATE_NAMES: Partial<Record<TemplateKey, (typeof DEFAULT_TEMPLATES)[number]>> = Object.fromEntries(
  DEFAULT_TEMPLATES.map((t) => [t.key, t]),
);

export default async function templateSettingsRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);

  const templateWire = (t: {
    key: TemplateKey;
    name: string;
    to: number;
    title: string;
    content: string;
    smsTemplateId?: string;
  }): S['NoticeTemplate'] => ({
    key: t.key,
    name: t.name,
    to: t.to as S['AppStatus'],
    title: t.title,
    content: t.content,
    smsTemplateId: t.smsTemplateId ?? null,
    smsParams: placeholdersIn(t.content).map((name) => ({ name, variable: SMS_VARIABLES[name] })),
  });

  app.operation('adminListNoticeTemplates', async () =>
    ok(
      {
        smsEnabled: services.statusSmsEnabled,
        smsProvider: app.config.smsProvider?.provider ?? (app.config.smsGatewayUrl ? 'gateway' : null),
        smsVariables: Object.fromEntries(PLACEHOLDERS.map((p) => [p, SMS_VARIABLES[p]])),
        templates: (await loadTemplates(repos)).map(templateWire),
      },
      '查询成功',
    ),
  );

  app.operation('adminUpdateNoticeTemplate', async (request) => {
    const key = request.params.key as TemplateKey;
    if (!TEMPLATE_KEYS.includes(key)) throw notFound('模板不存在');
    const title = request.body.title.trim();
    const content = request.body.content.trim();
    const smsTemplateId = request.body.smsTemplateId?.trim() || undefined;
    const errors = (['title', 'content'] as const).flatMap((field) =>
      unknownPlaceholders(field === 'title' ? title : content).map((p) => ({ field, message: `未知的占位符 {${p}}` })),
    );
    if (!title) errors.push({ field: 'title', message: '请填写标题' });
    if (!content) errors.push({ field: 'content', message: '请填写正文' });
    if (errors.length) throw badRequest('模板不正确', errors);
    await audit.audited(
      request,
      async (r) => {
        const edits = (await r.settings.get<Partial<Record<TemplateKey, TemplateText>>>(SETTINGS_KEY)) ?? {};
        await r.settings.set(SETTINGS_KEY, { ...edits, [key]: { title, content, ...(smsTemplateId ? { smsTemplateId } : {}) } });
      },
      () => ({
        action: 'template.update',
        targetType: 'template',
        targetId: key,
        summary: `修改通知模板「${TEMPLATE_NAMES[key]?.name ?? key}」${smsTemplateId ? `，短信模板编号 ${smsTemplateId}` : ''}`,
      }),
    );
    return ok(templateWire({ ...TEMPLATE_NAMES[key]!, title, content, smsTemplateId }), '已保存');
  });

  // 证明模板: the wording of each 户籍证明 type.
  app.operation('adminListProofWordings', async () => {
    const [types, edits] = await Promise.all([repos.dict.list('qh_hjzm_type'), repos.settings.get<Record<string, string>>(WORDINGS_KEY)]);
    const wordings = await services.proofs.wordings();
    return ok(
      {
        wordings: types.map((t) => ({
          type: t.value,
          label: t.label,
          text: wordings[t.value] ?? DEFAULT_WORDINGS['1']!,
          edited: !!edits?.[t.value],
        })),
        placeholders: [...PROOF_PLACEHOLDERS],
      },
      '查询成功',
    );
  });

  app.operation('adminUpdateProofWording', async (request) => {
    const type = await repos.dict.find('qh_hjzm_type', request.params.type);
    if (!type) throw notFound('证明类型不存在');
    const text = request.body.text.trim();
    const errors = unknownProofPlaceholders(text).map((p) => ({ field: 'text', message: `未知的占位符 {${p}}` }));
    if (!text) errors.push({ field: 'text', message: '请填写证明文字' });
    if (errors.length) throw badRequest('模板不正确', errors);
    await audit.audited(
      request,
      async (r) => {
        const edits = (await r.settings.get<Record<string, string>>(WORDINGS_KEY)) ?? {};
        await r.settings.set(WORDINGS_KEY, { ...edits, [type.value]: text });
      },
      () => ({
        action: 'proof.wording',
        targetType: 'dict',
        targetId: `qh_hjzm_type:${type.value}`,
        summary: `修改证明模板「${type.label}」`,
      }),
    );
    return ok(null, '已保存');
  });
}
