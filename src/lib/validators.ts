import * as v from 'valibot';
import { PERSON_TYPE_CODES } from '@shared/contract/person-types';
import {
  ID_INVALID,
  idNumberValid,
  MOBILE_RE,
  PASSWORD_MISMATCH,
  PASSWORD_RULE,
  PHONE_INVALID,
  PHONE_MAX,
  RYLB_REQUIRED,
  usesGzzh,
  usesXh,
} from './rules';

export * from './rules';

/** A field name → the first message for it. */
export type FieldErrors = Record<string, string>;

/** A required text field: trimmed, not empty. */
export const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** A mainland mobile number (spec §5): required, at most 11 characters, 1[3-9] and 11 digits. */
export const mobile = (requiredMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(PHONE_MAX, PHONE_INVALID),
    v.regex(MOBILE_RE, PHONE_INVALID),
  );

const optionalText = v.optional(v.string(), '');

// ───────────── delivery form (spec §5) ─────────────

const CONTACT_PHONE_REQUIRED = '请填写收件人联系电话';

export const deliverySchema = v.object({
  /** 派送日期 */
  pssj: required('请选择您期望的派送日期'),
  /** 派送时段: 0 上午, 1 下午 */
  sjd: v.picklist(['0', '1'], '请选择时间'),
  /** 宿舍楼号 */
  ssl: required('请填写您的宿舍楼号'),
  /** 联系电话 */
  lxdh: mobile(CONTACT_PHONE_REQUIRED),
  /** 收件人姓名 */
  sjrxm: required('请填写收件人姓名'),
  /** 收件人电话 (same rules as the contact phone) */
  sjrdh: mobile(CONTACT_PHONE_REQUIRED),
  /** 省 / 市 / 区县 */
  shen: required('请选择'),
  shi: required('请选择'),
  qu: required('请选择'),
  /** 详细地址 */
  xxdz: required('请填写您的详细地址'),
});
export type DeliveryForm = v.InferInput<typeof deliverySchema>;

// ───────────── user info form (spec §5) ─────────────

export const personTypes = PERSON_TYPE_CODES;

export const userInfoSchema = v.object({
  xm: v.pipe(required('请填写姓名'), v.maxLength(30, '姓名不能超过30个字')),
  rylb: v.picklist(personTypes, RYLB_REQUIRED),
});

/** /info of an account without a person type (single sign-on that gave none): the type, once. */
export const personTypeSchema = v.object({ rylb: v.picklist(personTypes, RYLB_REQUIRED) });

// ───────────── login, register, forget ─────────────

export const loginSchema = v.object({
  username: required('请输入账号'),
  password: required('请输入密码'),
  code: optionalText,
});
export const loginWithCaptchaSchema = v.object({
  username: required('请输入账号'),
  password: required('请输入密码'),
  code: required('请输入图形验证码'),
});

export const PHONE_REQUIRED = '请填写手机号';

/** Step 1 of register and forget: phone + image code. */
export const phoneStepSchema = v.object({
  phone: mobile(PHONE_REQUIRED),
  code: required('请输入图形验证码'),
});

/** Step 2: the 6-digit SMS code. */
export const smsStepSchema = v.object({
  smsCode: v.pipe(required('请输入短信验证码'), v.regex(/^\d{6}$/, '短信验证码为6位数字')),
});

/** A new password (services.md: at least 8 characters with letters and digits). */
export const password = v.pipe(
  v.string(PASSWORD_RULE),
  v.nonEmpty('请输入密码'),
  v.minLength(8, PASSWORD_RULE),
  v.maxLength(64, '密码不能超过64位'),
  v.regex(/[A-Za-z]/, PASSWORD_RULE),
  v.regex(/\d/, PASSWORD_RULE),
);

/** Step 3 of register. */
export const registerDetailsSchema = v.pipe(
  v.object({
    xm: v.pipe(required('请填写姓名'), v.maxLength(30, '姓名不能超过30个字')),
    sfzjh: v.pipe(required('请填写身份证件号码'), v.check(idNumberValid, ID_INVALID)),
    rylb: v.picklist(personTypes, RYLB_REQUIRED),
    xh: optionalText,
    gzzh: optionalText,
    password,
    password2: v.pipe(v.string('请再次输入密码'), v.nonEmpty('请再次输入密码')),
  }),
  v.forward(
    v.partialCheck([['rylb'], ['xh']], (input) => !usesXh(input.rylb) || input.xh.trim() !== '', '请填写学号'),
    ['xh'],
  ),
  v.forward(
    v.partialCheck([['rylb'], ['gzzh']], (input) => !usesGzzh(input.rylb) || input.gzzh.trim() !== '', '请填写工作证号'),
    ['gzzh'],
  ),
  v.forward(
    v.partialCheck([['password'], ['password2']], (input) => input.password === input.password2, PASSWORD_MISMATCH),
    ['password2'],
  ),
);

/** Step 3 of forget: the new password twice. */
export const newPasswordSchema = v.pipe(
  v.object({
    password,
    password2: v.pipe(v.string('请再次输入密码'), v.nonEmpty('请再次输入密码')),
  }),
  v.forward(
    v.partialCheck([['password'], ['password2']], (input) => input.password === input.password2, PASSWORD_MISMATCH),
    ['password2'],
  ),
);

// ───────────── rating a finished application (issue 5) ─────────────

/** 好差评: a score 1-5 (5 非常满意 … 1 非常不满意) and an optional comment. */
export const rateSchema = v.object({
  score: v.picklist(['1', '2', '3', '4', '5'], '请选择您的评价'),
  comment: v.pipe(optionalText, v.trim(), v.maxLength(500, '评价内容不能超过500字')),
});

// ───────────── mapping issues and server errors to fields ─────────────

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Validates form values; on failure gives the first message per field. */
export function validate<S extends v.GenericSchema>(schema: S, values: unknown): ValidationResult<v.InferOutput<S>> {
  // Not abortPipeEarly: the checks across fields (partialCheck) run in the same pass as the fields' own (issue 25: 配偶姓名
  // was flagged only at the second 下一步); each field still shows its first message.
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, errors: issuesToFieldErrors(result.issues) };
}

/** First message per field of valibot issues (the dotted path is the field name). */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** First message per field of a server answer's errors[] (spec §8, 400 answers). */
export function serverFieldErrors(errors: readonly { field: string; message: string }[] | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const e of errors ?? []) if (e.field && !(e.field in result)) result[e.field] = e.message;
  return result;
}
