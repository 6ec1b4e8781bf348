import * as v from 'valibot';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { contactPhone, optionalText } from '@/components/service-fields/schema-parts';
import { required } from '@/lib/validators';

/** 身份证办理 answers (loaded on demand: valibot stays out of the screen's chunk). */
export const answers = v.object({
  blyy: required('请选择办理原因'),
  blfs: required('请选择办理方式'),
  yyrq: required('请选择预约日期'),
  xphzh: optionalText(40, '回执号不能超过40位'),
  lqfs: v.picklist(['0', '1'], '请选择领取方式'),
  lxdh: contactPhone,
});

/** With mailing (lqfs 1): the delivery form of spec §5 as yjxx. */
export const mailed = v.object({ ...answers.entries, yjxx: deliveryPart });

export type Checked = v.InferOutput<typeof answers> & { yjxx?: v.InferOutput<typeof deliveryPart> };
