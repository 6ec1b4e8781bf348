import * as v from 'valibot';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { contactPhone, optionalText } from '@/components/service-fields/schema-parts';
import { required } from '@/lib/validators';
import type { BorrowRules } from './borrow-rules';

/** 借用户口卡 answers (loaded on demand: valibot stays out of the screen's chunk). */
const fields = {
  jyyy: required('请选择借用原因'),
  jysm: optionalText(500, '借用说明不能超过500字'),
  jyrq: required('请选择借用日期'),
  ghrq: required('请选择归还日期'),
  lqfs: required('请选择领取方式'),
  lxdh: contactPhone,
};

export type Checked = v.InferOutput<v.ObjectSchema<typeof fields, undefined>> & { yjxx?: v.InferOutput<typeof deliveryPart> };

/**
 * The schema, with the delivery form of spec §5 as yjxx when a courier is chosen. The rules come from the screen
 * (a schema importing the screen's own modules would make its chunk load the screen's).
 */
export function schemaFor(mailed: boolean, rules: BorrowRules) {
  const explained = (i: { jyyy: string; jysm: string }) => i.jyyy !== rules.otherReason || i.jysm !== '';
  const inTime = (i: { jyrq: string; ghrq: string }) => {
    const [first, last] = rules.returnWindow(i.jyrq);
    return i.ghrq >= first && i.ghrq <= last;
  };
  const answers = (mailed ? v.object({ ...fields, yjxx: deliveryPart }) : v.object(fields)) as v.GenericSchema<unknown, Checked>;
  return v.pipe(
    answers,
    v.forward(v.partialCheck([['jyyy'], ['jysm']], explained, '请填写借用说明'), ['jysm']),
    v.forward(v.partialCheck([['jyrq'], ['ghrq']], inTime, rules.returnRule), ['ghrq']),
  );
}
