import * as v from 'valibot';
import { requiredText } from '@/components/service-fields/schema-parts';
import { MOBILE_RE, PHONE_INVALID, required } from '@/lib/validators';

/** A question (loaded on demand: valibot stays out of the screen's chunk). */
export const question = v.object({
  bt: requiredText('请填写标题', 50, '标题不能超过50字'),
  nr: requiredText('请填写问题内容', 1000, '问题内容不能超过1000字'),
  // Optional: staff may call back; when given it must be a mainland mobile number.
  lxdh: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || MOBILE_RE.test(s), PHONE_INVALID),
  ),
  code: required('请输入图形验证码'),
});

export type Checked = v.InferOutput<typeof question>;
