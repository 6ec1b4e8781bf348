import type { Schemas } from '@/api/client';
import * as limits from '@shared/contract/limits';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { DateField } from '@/components/service-fields/date-field';
import { today } from '@/components/service-fields/dates';
import { PoliceStationField } from '@/components/service-fields/police-station-field';
import { RegionField } from '@/components/service-fields/region-field';
import { PhoneField } from '@/components/service-fields/phone-field';
import { regionReview } from '@/components/service-fields/region-values';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { Select, TextField, type SelectOption } from '@/components/ui/form-field';
import { dictionaryLoaders } from './api/dictionaries';

/** What the move-in forms share: the person as the 迁移证 lists them, the origin, dictionaries, materials. */

export type PersonInfo = Schemas['PersonInfo'];
type Flow = { flow: ServiceFormFlow };

/** Material names (clmc) the server asks for by name. */
export const QYZ = '迁移证';
export const PHOTO = '一寸白底彩色证件照电子版';

export const QYZ_HINT = '户口迁移证的照片，须能看清编号与各项内容。';

/** What happens after a stage-1 move-in (the 准迁证). */
export const STAGE_ONE =
  '户籍办将审核您的迁入信息，审核通过后开具准予迁入证明并通知您领取（状态为“待领取”）。请持准予迁入证明到原户口所在地派出所办理户口迁移证，再在申请详情中点击“继续提交”填写迁移证信息。';

/** The form value of an application's files of one material. */
export const filesFor = (app: Schemas['Application'], clmc: string) => attachmentsValue(app.attachments.filter((a) => a.clmc === clmc));

/** The wire attachments of several fields, each with its material: `[[field, clmc], …]`. */
export const refsOf = (values: Values, fields: [string, string][]) =>
  fields.flatMap(([field, clmc]) => attachmentRefs(values[field], clmc));

/** Only the non-empty optional texts go on the wire. */
export const opt = <K extends string>(key: K, value: string | undefined) => (value ? ({ [key]: value } as Record<K, string>) : {});

// ───────────── dictionaries ─────────────

export type DictName = keyof typeof dictionaryLoaders;
export type Dicts = Partial<Record<DictName, SelectOption[]>>;

/** The dictionaries loaded so far (a screen waits for its own before it shows the form). */
export const dicts: Dicts = {};

/** Loads the named dictionaries (once; an empty answer is asked again next time). */
export const loadDicts = (names: DictName[]) =>
  Promise.all(
    names.map(async (name) => {
      if (dicts[name]?.length) return;
      dicts[name] = await dictionaryLoaders[name]();
    }),
  );

/** The label of a value in a dictionary ('' while it loads). */
export const labelIn = (options: SelectOption[] | undefined, value: string) => options?.find((o) => o.value === value)?.label || '';

// ───────────── the person ─────────────

const FIELDS = ['yhzgx', 'xm', 'xbm', 'mzm', 'csrq', 'sfzjh'] as const;

/** Empty person fields under a prefix (`ryxx.xm`, `m0.xm`…). */
export const emptyPerson = (prefix: string, xm = ''): Values =>
  Object.fromEntries(FIELDS.map((f) => [`${prefix}.${f}`, f === 'xm' ? xm : '']));

/** Form values of a saved person. The server answers ID numbers masked: the field is left empty, to be typed again. */
export const fromPerson = (prefix: string, p: Partial<PersonInfo> | null | undefined): Values =>
  Object.fromEntries(FIELDS.map((f) => [`${prefix}.${f}`, f === 'sfzjh' && p?.sfzjh?.includes('*') ? '' : p?.[f] || '']));

/** The wire person of checked values (an empty relation is left out; other form fields are not sent). */
export const toPerson = ({ xm, xbm, mzm, csrq, sfzjh, yhzgx }: PersonInfo): PersonInfo => ({
  xm,
  xbm,
  mzm,
  csrq,
  sfzjh: sfzjh.toUpperCase(),
  ...(yhzgx ? { yhzgx } : {}),
});

/**
 * Review items of a person. The ID number typed just now is shown in full, to the person who typed it, so that a typo
 * can be caught before it is sent (issue 25); everywhere after (the details, the console's lists) it is masked.
 * `showId` shows it otherwise (a number the account already holds, masked by the server).
 */
export function personReview(
  values: Values,
  prefix: string,
  group?: string,
  showId: (typed: string) => string = (typed) => (typed || '').toUpperCase(),
): ReviewItem[] {
  const at = (f: string) => values[`${prefix}.${f}`];
  const item = (f: string, label: string, value: string = at(f)) => ({ name: `${prefix}.${f}`, label, value, group });
  return [
    ...(at('yhzgx') ? [item('yhzgx', '与户主关系', labelIn(dicts.gx, at('yhzgx')))] : []),
    item('xm', '姓名'),
    item('xbm', '性别', labelIn(dicts.xb, at('xbm'))),
    item('mzm', '民族', labelIn(dicts.mz, at('mzm'))),
    item('csrq', '出生日期'),
    item('sfzjh', '身份证件号', showId(at('sfzjh'))),
  ];
}

// ───────────── fields ─────────────

export const text = (
  flow: ServiceFormFlow,
  name: string,
  label: string,
  maxLength: number,
  extra: { placeholder?: string; required?: boolean; hint?: string; readOnly?: boolean } = {},
) => (
  <TextField
    label={label}
    name={name}
    value={flow.values[name] || ''}
    onValue={flow.set(name)}
    error={flow.errors[name]}
    maxLength={maxLength}
    {...extra}
  />
);

export const select = (flow: ServiceFormFlow, name: string, label: string, options: readonly SelectOption[] = []) => (
  <Select
    label={label}
    name={name}
    value={flow.values[name] || ''}
    options={options}
    onValue={flow.set(name)}
    error={flow.errors[name]}
    required
  />
);

export const title = (text: string, id?: string) => (
  <h2 class="weui-cells__title" id={id}>
    {text}
  </h2>
);

/**
 * Name, gender, ethnic group, date of birth and ID number of one person (a family member: the relation first).
 * `accountId`: the applicant's account holds this (masked) ID number, shown as it is and not typed again.
 */
export function PersonFields({
  flow,
  prefix,
  relation,
  accountId,
}: Flow & { prefix: string; relation?: boolean; accountId?: string | null }) {
  const at = (f: string) => `${prefix}.${f}`;
  return (
    <>
      {relation && select(flow, at('yhzgx'), '与户主关系', dicts.gx)}
      {text(flow, at('xm'), '姓名', limits.PersonInfo.xm, { required: true })}
      {select(flow, at('xbm'), '性别', dicts.xb)}
      {select(flow, at('mzm'), '民族', dicts.mz)}
      <DateField
        label="出生日期"
        name={at('csrq')}
        value={flow.values[at('csrq')] || ''}
        onValue={flow.set(at('csrq'))}
        error={flow.errors[at('csrq')]}
        max={today()}
        required
      />
      {accountId ? (
        <TextField
          label="身份证件号"
          name={at('sfzjh')}
          value={accountId}
          onValue={() => {}}
          hint="账号登记的身份证件号，无需填写；如有误请申请“其他信息变更”"
          readOnly
        />
      ) : (
        <TextField
          label="身份证件号"
          name={at('sfzjh')}
          value={flow.values[at('sfzjh')] || ''}
          onValue={flow.set(at('sfzjh'))}
          error={flow.errors[at('sfzjh')]}
          maxLength={limits.PersonInfo.sfzjh}
          autoComplete="off"
          autoCapitalize="characters"
          hint={flow.editId ? '为保护个人信息，修改申请时请重新填写身份证件号' : undefined}
          placeholder="18位居民身份证号码"
          required
        />
      )}
    </>
  );
}

/** 原户口所在地: region, detail, police station, and the contact phone that ends these forms. */
export const Origin = ({ flow }: Flow) => (
  <>
    {title('原户口所在地')}
    <div class="weui-cells weui-cells_form">
      <RegionField flow={flow} label="省市区县" prefix="yhkszd" />
      {text(flow, 'yhkxxdz', '详细地址', limits.QianruAnswers.yhkxxdz, { required: true })}
      <PoliceStationField
        flow={flow}
        label="所属派出所"
        name="yhkpcs"
        region={flow.values['yhkszd.qu']}
        maxLength={limits.QianruAnswers.yhkpcs}
      />
      <PhoneField flow={flow} />
    </div>
  </>
);

/** The review items of the origin. */
export const originReview = (values: Values): ReviewItem[] => [
  { ...regionReview(values, 'yhkszd', '原户口所在地'), group: '原户口' },
  { name: 'yhkxxdz', label: '详细地址', value: values.yhkxxdz, group: '原户口' },
  { name: 'yhkpcs', label: '所属派出所', value: values.yhkpcs, group: '原户口' },
  { name: 'lxdh', label: '联系电话', value: values.lxdh },
];

export const PHOTO_NOTE = <p class="app-field__hint">一寸白底彩色证件照用于制作户口卡。</p>;
