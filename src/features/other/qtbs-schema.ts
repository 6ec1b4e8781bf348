import * as v from 'valibot';
import { contactPhone, optionalText, requiredText } from '@/components/service-fields/schema-parts';
import { ID_INVALID, idNumberValid, personTypes, required } from '@/lib/validators';

/** The office's record fields a change may carry (其他信息变更): 变更后姓名, 人员类型, 身份证件号码. */
export type RecordField = 'bgxm' | 'bgrylb' | 'bgsfzjh';

export const NOTHING_TO_CHANGE = '请填写变更后的信息或变更内容';

/**
 * Answers of 其他业务 and 其他信息变更 (loaded on demand: valibot stays out of the screens). `fields` are the record
 * fields the chosen change type shows, each optional; 变更内容 is needed only when none of them is `filled`.
 */
export const schemaFor = (group: 'other' | 'change', fields: readonly RecordField[] = [], filled = false) => {
  const content = group === 'change' ? '请填写变更内容' : '请填写办事内容';
  if (!fields.length) {
    return v.object({
      bslx: required(group === 'change' ? '请选择变更项目' : '请选择办事类型'),
      bsnr: requiredText(content, 1000, '内容不能超过1000字'),
      lxdh: contactPhone,
    });
  }
  // A field the type does not show counts as empty (a value typed under another type stays in the draft only).
  const hidden = v.pipe(
    v.optional(v.string(), ''),
    v.transform(() => ''),
  );
  const shown = (name: RecordField, schema: v.GenericSchema<string, string>) => (fields.includes(name) ? schema : hidden);
  return v.object({
    bslx: required('请选择变更项目'),
    bgxm: shown('bgxm', optionalText(30, '姓名不能超过30个字')),
    bgrylb: shown('bgrylb', v.union([v.literal(''), v.picklist(personTypes)], '请选择变更后人员类型')),
    bgsfzjh: shown(
      'bgsfzjh',
      v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => value === '' || idNumberValid(value), ID_INVALID),
      ),
    ),
    bsnr: filled ? optionalText(1000, '内容不能超过1000字') : requiredText(NOTHING_TO_CHANGE, 1000, '内容不能超过1000字'),
    lxdh: contactPhone,
  });
};

export type Checked = { bslx: string; bsnr: string; lxdh: string } & Partial<Record<RecordField, string>>;
