// The notice (and SMS) text of each staff transition: defaults here, the office's edits in settings
// `notice.templates`. Placeholders in braces are replaced when a notice is sent.
import type { Repositories } from '../repositories/index.ts';
import { Status } from '../domain/index.ts';

export const TEMPLATE_KEYS = ['s2', 's3', 's4', 's4_hkkjy', 's5', 's6', 's7', 's7_hkkjy', 's8'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const PLACEHOLDERS = ['业务名称', '申请编号', '原因', '领取地点', '领取时间', '快递公司', '快递单号', '应还日期'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export interface TemplateText {
  title: string;
  content: string;
  smsTemplateId?: string;
}

export interface TemplateDef extends TemplateText {
  key: TemplateKey;
  name: string;
  to: number;
  /** The SMS provider's id of this template as registered there (Aliyun SMS_…, Tencent a number); set in the console. */
  smsTemplateId?: string;
}

const PREFIX = '您的{业务名称}申请（{申请编号}）';

export const DEFAULT_TEMPLATES: readonly TemplateDef[] = [
  { key: 's2', name: '审核中', to: Status.reviewing, title: '{业务名称}：审核中', content: `${PREFIX}户籍办正在审核。` },
  {
    key: 's3',
    name: '退回修改',
    to: Status.returned,
    title: '{业务名称}：退回修改',
    content: `${PREFIX}被退回修改，原因：{原因}。请修改后重新提交。`,
  },
  { key: 's4', name: '办理中', to: Status.handling, title: '{业务名称}：办理中', content: `${PREFIX}已受理，正在办理。` },
  {
    key: 's4_hkkjy',
    name: '已借出（借用户口卡）',
    to: Status.handling,
    title: '{业务名称}：已借出',
    content: `${PREFIX}户口卡已借出，请于 {应还日期} 前归还。`,
  },
  {
    key: 's5',
    name: '待领取',
    to: Status.awaitingPickup,
    title: '{业务名称}：待领取',
    content: `${PREFIX}已办好，请于 {领取时间} 到 {领取地点} 领取。`,
  },
  { key: 's6', name: '已寄出', to: Status.mailed, title: '{业务名称}：已寄出', content: `${PREFIX}已寄出，{快递公司} 单号 {快递单号}。` },
  { key: 's7', name: '已办结', to: Status.done, title: '{业务名称}：已办结', content: `${PREFIX}已办结。` },
  {
    key: 's7_hkkjy',
    name: '已归还（借用户口卡）',
    to: Status.done,
    title: '{业务名称}：已归还',
    content: `${PREFIX}户口卡已归还，借用办结。`,
  },
  { key: 's8', name: '未通过', to: Status.refused, title: '{业务名称}：未通过', content: `${PREFIX}未通过，原因：{原因}。` },
];

export const SETTINGS_KEY = 'notice.templates';

/** The template key of a staff transition (borrowing has its own 4 and 7), or null for user moves. */
export function templateKeyFor(kind: string, to: number): TemplateKey | null {
  if (to < 2 || to > 8) return null;
  const own = `s${to}_${kind}`;
  return (TEMPLATE_KEYS as readonly string[]).includes(own) ? (own as TemplateKey) : (`s${to}` as TemplateKey);
}

/** Placeholders used in a text that are not known (braces around anything else). */
export const unknownPlaceholders = (text: string) =>
  [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));

/** The known placeholders of a text, in the order they first appear (an SMS template's parameters, in order). */
export const placeholdersIn = (text: string): Placeholder[] => [
  ...new Set(
    [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((p): p is Placeholder => (PLACEHOLDERS as readonly string[]).includes(p)),
  ),
];

export const render = (text: string, values: Partial<Record<Placeholder, string | null | undefined>>) =>
  text.replace(/\{([^{}]*)\}/g, (all, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as Placeholder] ?? '') : all,
  );

/** The templates in force: the defaults with the office's edits. */
export async function loadTemplates(repos: Repositories): Promise<TemplateDef[]> {
  const edits = (await repos.settings.get<Partial<Record<TemplateKey, TemplateText>>>(SETTINGS_KEY)) ?? {};
  return DEFAULT_TEMPLATES.map((t) => {
    const edit = edits[t.key];
    return {
      ...t,
      ...(edit ? { title: edit.title, content: edit.content, ...(edit.smsTemplateId ? { smsTemplateId: edit.smsTemplateId } : {}) } : {}),
    };
  });
}
