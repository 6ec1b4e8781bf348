import * as v from 'valibot';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { contactPhone, filesRequired, requiredText } from '@/components/service-fields/schema-parts';

/** 户口卡补办 answers (loaded on demand: valibot stays out of the screen's chunk). */
export const answers = v.object({
  bbyy: requiredText('请填写补办原因', 200, '补办原因不能超过200字'),
  attachments: filesRequired('请上传遗失情况说明'),
  lqfs: v.picklist(['0', '1'], '请选择领取方式'),
  lxdh: contactPhone,
});

/** With mailing (lqfs 1): the delivery form of spec §5 as yjxx. */
export const mailed = v.object({ ...answers.entries, yjxx: deliveryPart });

export type Checked = v.InferOutput<typeof answers> & { yjxx?: v.InferOutput<typeof deliveryPart> };
