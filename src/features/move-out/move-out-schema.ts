import * as v from 'valibot';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { contactPhone, filesRequired, optionalText, requiredText } from '@/components/service-fields/schema-parts';
import { required } from '@/lib/validators';

/** Answers of the move-out forms (loaded on demand: valibot stays out of the screens' chunks). */

const region = (message: string) => v.object({ qu: required(message) });
const pickup = { lqfs: v.picklist(['0', '1'], '请选择领取方式'), lxdh: contactPhone };
const qyzbh = requiredText('请填写迁移证编号', 40, '迁移证编号不能超过40位');

/** The entries with pickup, and the delivery form of spec §5 as yjxx when mailed (lqfs 1). */
function form<E extends v.ObjectEntries>(entries: E, mailed: boolean) {
  const base = v.object({ ...entries, ...pickup });
  type Out = v.InferOutput<typeof base> & { yjxx?: v.InferOutput<typeof deliveryPart> };
  return (mailed ? v.object({ ...base.entries, yjxx: deliveryPart }) : base) as unknown as v.GenericSchema<unknown, Out>;
}

/** 迁出 (graduate, post-doctoral, staff, leave-school, move-out, reassignment). */
export const qianchu = (sub: string, mailed: boolean) =>
  form(
    {
      qwdq: region('请选择迁往地区'),
      qwxxdz: requiredText('请填写迁往地址', 200, '详细地址不能超过200字'),
      qwpcs: optionalText(100, '派出所名称不能超过100字'),
      qcyy: requiredText('请填写迁出原因', 200, '迁出原因不能超过200字'),
      jsdw:
        sub === 'reassignment'
          ? requiredText('请填写改派后的接收单位', 100, '接收单位不能超过100字')
          : optionalText(100, '接收单位不能超过100字'),
      attachments: filesRequired('请上传证明材料'),
    },
    mailed,
  );

/** 迁移证延期. */
export const qyzyq = (mailed: boolean) =>
  form(
    {
      qyzbh,
      yyxqz: required('请选择迁移证原有效期'),
      yqyy: requiredText('请填写延期原因', 200, '延期原因不能超过200字'),
      attachments: filesRequired('请上传迁移证照片'),
    },
    mailed,
  );

/** 迁移证地址变更. */
export const qyzbg = (mailed: boolean) =>
  form(
    {
      qyzbh,
      xqwdq: region('请选择新迁往地区'),
      xqwxxdz: requiredText('请填写新迁往详细地址', 200, '详细地址不能超过200字'),
      bgyy: requiredText('请填写变更原因', 200, '变更原因不能超过200字'),
      attachments: filesRequired('请上传新迁往地的接收证明'),
    },
    mailed,
  );

/** 迁移证补办. */
export const qykbb = (mailed: boolean) =>
  form(
    {
      yqyzbh: optionalText(40, '迁移证编号不能超过40位'),
      bbyy: requiredText('请填写补办原因', 200, '补办原因不能超过200字'),
      attachments: filesRequired('请上传遗失声明或损毁的原证照片'),
    },
    mailed,
  );

/** 注销户口并开具证明: the destination country is asked when settling abroad. */
export const zxhkzmkj = (mailed: boolean, abroad: boolean) =>
  form(
    {
      bllx: required('请选择注销原因'),
      zxyy: requiredText('请填写注销原因说明', 500, '注销原因说明不能超过500字'),
      qwgj: abroad ? requiredText('请填写前往国家或地区', 50, '国家或地区不能超过50字') : optionalText(50, '国家或地区不能超过50字'),
    },
    mailed,
  );

type Out<S extends (...args: never[]) => v.GenericSchema> = v.InferOutput<ReturnType<S>>;
export type QianchuChecked = Out<typeof qianchu>;
export type QyzyqChecked = Out<typeof qyzyq>;
export type QyzbgChecked = Out<typeof qyzbg>;
export type QykbbChecked = Out<typeof qykbb>;
export type ZxhkzmkjChecked = Out<typeof zxhkzmkj>;
