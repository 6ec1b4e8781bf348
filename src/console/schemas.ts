// Form schemas of the console (valibot). Pages load this module when a form is first used (see `schema`).
import * as v from 'valibot';
import { password, PASSWORD_MISMATCH, required } from '@/lib/validators';

const optionalText = v.optional(v.string(), '');
const sort = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/, '排序为0-9999的整数'));

export const loginSchema = v.object({
  username: required('请输入登录名'),
  password: v.pipe(v.string(), v.nonEmpty('请输入密码')),
  code: required('请输入图形验证码'),
});

/** The inputs a transition lists in `requires`, each then required. */
const transitionFields = {
  note: '请填写原因',
  lqdd: '请填写领取地点',
  lqsj: '请填写领取时间',
  kdgs: '请选择快递公司',
  kddh: '请填写快递单号',
  ghrq: '请选择应还日期',
} as const;

export type TransitionInput = keyof typeof transitionFields;

export const transitionSchema = (requires: readonly string[]) => {
  const input = (f: TransitionInput) => (requires.includes(f) ? required(transitionFields[f]) : optionalText);
  const waybill = requires.includes('kddh')
    ? v.pipe(required(transitionFields.kddh), v.regex(/^[A-Za-z0-9-]{6,30}$/, '快递单号为 6-30 位字母、数字或 -'))
    : optionalText;
  return v.object({
    note: input('note'),
    lqdd: input('lqdd'),
    lqsj: input('lqsj'),
    kdgs: input('kdgs'),
    kddh: waybill,
    ghrq: input('ghrq'),
  });
};

export const replySchema = v.object({ hfnr: required('请填写回复内容'), sfgk: optionalText });

export const followUpSchema = v.object({ note: required('请填写回访说明') });

export const passwordSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string(), v.nonEmpty('请输入原密码')),
    password,
    password2: v.pipe(v.string(), v.nonEmpty('请再次输入新密码')),
  }),
  v.forward(
    v.partialCheck([['password'], ['password2']], (input) => input.password === input.password2, PASSWORD_MISMATCH),
    ['password2'],
  ),
);

export const staffSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_]{3,32}$/, '登录名为3-32位字母、数字或下划线')),
  name: required('请填写姓名'),
  role: v.picklist(['staff', 'admin'], '请选择角色'),
  password,
});

export const staffEditSchema = v.object({
  name: required('请填写姓名'),
  role: v.picklist(['staff', 'admin'], '请选择角色'),
  password: v.union([v.literal(''), password]),
});

export const dictItemSchema = v.object({
  value: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, '键值为字母、数字、下划线或短横线')),
  label: required('请填写显示文字'),
  sort,
  remark: optionalText,
});

export const stationSchema = v.object({
  id: v.pipe(v.string(), v.trim(), v.regex(/^\d{6,32}$/, '编号为6-32位数字')),
  name: required('请填写名称'),
  divisionCode: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, '区县代码为6位数字')),
  address: optionalText,
  sort,
});

export const collectiveSchema = v.object({
  householdNo: v.pipe(v.string(), v.trim(), v.regex(/^[0-9A-Za-z-]{1,32}$/, '户号为1-32位字母、数字或 -')),
  name: required('请填写户名'),
  address: required('请填写住址'),
  policeStationId: required('请选择派出所'),
  registeredOn: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, '请选择立户日期')),
});

export const bannerSchema = v.object({
  title: optionalText,
  imageUrl: v.pipe(v.string(), v.trim(), v.regex(/^(\/[^/]|https:\/\/)/, '图片地址须为站内路径（/ 开头）或 https 地址')),
  linkUrl: v.pipe(v.string(), v.trim(), v.regex(/^$|^(\/web\/|https:\/\/)/, '跳转地址须为站内路由（/web/ 开头）或 https 地址')),
  sort,
});

export const announcementSchema = v.object({
  title: required('请填写标题'),
  summary: optionalText,
  content: optionalText,
  publishTime: optionalText,
});

/** A notice template's text: only the placeholders the server fills (its list comes with the templates). */
export const templateSchema = (placeholders: readonly string[]) => {
  const knownPlaceholders = (s: string) => (s.match(/\{[^}]*\}/g) ?? []).every((m) => placeholders.includes(m.slice(1, -1)));
  return v.object({
    title: v.pipe(required('请填写消息标题'), v.check(knownPlaceholders, '含有未知的占位符')),
    content: v.pipe(required('请填写正文'), v.check(knownPlaceholders, '含有未知的占位符')),
    smsTemplateId: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9_-]{0,40}$/, '模板编号只含字母、数字、下划线或减号（如 SMS_123456789）'),
      v.transform((id) => id || null),
    ),
  });
};

/** "说明 号码" per line. */
const phoneLines = v.check<string, string>(
  (s) => s.split('\n').every((line) => !line.trim() || /^\S+\s+\S+$/.test(line.trim())),
  '每行一个电话：说明 空格 号码',
);

export const contactSchema = v.object({
  officeName: required('请填写办公室名称'),
  address: required('请填写办公地址'),
  hours: required('请填写办公时间'),
  phones: v.pipe(required('请至少填写一个电话'), phoneLines),
  email: v.pipe(v.string(), v.trim(), v.regex(/^$|^[^\s@]+@[^\s@]+$/, '电子邮箱格式错误')),
  notes: optionalText,
});

export const windowSchema = v.pipe(
  v.object({ yxStartTime: required('请选择开始时间'), yxEndTime: required('请选择结束时间') }),
  v.forward(
    v.partialCheck([['yxStartTime'], ['yxEndTime']], (x) => x.yxEndTime > x.yxStartTime, '结束时间须晚于开始时间'),
    ['yxEndTime'],
  ),
);

export const quotaSchema = v.pipe(
  v.object({
    from: required('请选择开始日期'),
    to: required('请选择结束日期'),
    total: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,4}$/, '名额为0-1000的整数'),
      v.check((s) => Number(s) <= 1000, '名额为0-1000的整数'),
    ),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], (x) => x.to >= x.from, '结束日期不能早于开始日期'),
    ['to'],
  ),
);

export const guideSchema = v.object({
  title: required('请填写业务名称'),
  who: required('请填写办理对象'),
  conditions: optionalText,
  materials: optionalText,
  steps: optionalText,
  notes: optionalText,
  timeLimit: required('请填写办理时限'),
  place: required('请填写办理地点'),
  hours: required('请填写办理时间'),
  fees: required('请填写收费标准'),
});

/** 校园身份名册: the rows to import (a chosen file's text or rows pasted). */
export const rosterSchema = v.object({ csv: required('请选择 CSV 文件或粘贴名册内容') });

/** 作废电子证明: why (the holder sees it). */
export const revokeSchema = v.object({
  reason: v.pipe(required('请填写作废原因'), v.maxLength(200, '作废原因不超过200字')),
});

/** 证明模板: the wording of a proof type. */
export const wordingSchema = v.object({
  text: v.pipe(required('请填写证明文字'), v.maxLength(2000, '证明文字不超过2000字')),
});
