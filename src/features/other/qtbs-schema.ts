import * as v from 'valibot';
import { contactPhone, requiredText } from '@/components/service-fields/schema-parts';
import { required } from '@/lib/validators';

/** Answers of 其他业务 and 其他信息变更 (loaded on demand: valibot stays out of the screens). */
export const schemaFor = (group: 'other' | 'change') =>
  v.object({
    bslx: required(group === 'change' ? '请选择变更项目' : '请选择办事类型'),
    bsnr: requiredText(group === 'change' ? '请填写变更内容' : '请填写办事内容', 1000, '内容不能超过1000字'),
    lxdh: contactPhone,
  });

export type Checked = v.InferOutput<ReturnType<typeof schemaFor>>;
