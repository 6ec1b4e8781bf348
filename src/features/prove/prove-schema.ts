import * as v from 'valibot';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { contactPhone, copies, optionalText, requiredText } from '@/components/service-fields/schema-parts';
import { required } from '@/lib/validators';

/** Answers of the three proofs (loaded on demand: valibot stays out of the screen's chunk). */
const common = {
  yt: requiredText('请填写用途', 200, '用途不能超过200字'),
  jsdw: optionalText(100, '接收单位不能超过100字'),
  fs: copies,
  lxdh: contactPhone,
};

/** 户籍证明: a type from typelist, pickup or a courier from kdlist (kdfs). */
const hrIssued = v.object({ zmlx: required('请选择证明类型'), ...common, kdfs: required('请选择领取方式') });

/** 无犯罪记录证明, 无违法证明: a reason from bllxlist, pickup or mailing (lqfs). */
const proof = v.object({ bllx: required('请选择办理原因'), ...common, lqfs: v.picklist(['0', '1'], '请选择领取方式') });

export type Checked = v.InferOutput<v.ObjectSchema<typeof common, undefined>> & {
  zmlx?: string;
  bllx?: string;
  kdfs?: string;
  lqfs?: '0' | '1';
  yjxx?: v.InferOutput<typeof deliveryPart>;
};

/** The schema of a proof's answers, with the delivery form of spec §5 when mailed. */
export function schemaFor(kind: 'hjzmkj' | 'wfzzmkj' | 'wwfzmkj', mailed: boolean): v.GenericSchema<unknown, Checked> {
  if (kind === 'hjzmkj') return mailed ? v.object({ ...hrIssued.entries, yjxx: deliveryPart }) : hrIssued;
  return mailed ? v.object({ ...proof.entries, yjxx: deliveryPart }) : proof;
}
