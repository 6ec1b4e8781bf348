import type { Schemas, UserInfo } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { LazyAttachmentsField, filesReview } from '@/components/service-fields/attachments-lazy';
import { PoliceStationField } from '@/components/service-fields/police-station-field';
import { RegionField } from '@/components/service-fields/region-field';
import { PhoneField } from '@/components/service-fields/phone-field';
import { fromRegion, regionErrors, regionReview, toRegion } from '@/components/service-fields/region-values';
import type { ReviewItem } from '@/components/service-form/service-review';
import { define, type MoveInForm } from './move-in-form';
import type { YingxinChecked } from './move-in-schema';
import {
  emptyPerson,
  filesFor,
  fromPerson,
  opt,
  PersonFields,
  personReview,
  dicts,
  labelIn,
  PHOTO,
  PHOTO_NOTE,
  QYZ,
  QYZ_HINT,
  refsOf,
  select,
  text,
  title,
  toPerson,
  loadDicts,
} from './person-fields';

type Answers = Schemas['YingxinAnswers'];
type PersonInfo = Schemas['PersonInfo'];

const LQTZS = '录取通知书';

const choices = [
  { value: '1', label: '迁入（将户口迁入学校学生集体户）' },
  { value: '0', label: '不迁入（户口保留在原籍）' },
];

const group = (items: ReviewItem[], name: string) => items.map((i) => ({ ...i, group: name }));

/** The person without the ID number: the server takes the account's. */
const withoutId = ({ xm, xbm, mzm, csrq }: Schemas['YingxinPerson']): Schemas['YingxinPerson'] => ({ xm, xbm, mzm, csrq });

/**
 * 新生迁入 (/api/yingxin): open only strictly between yxStartTime and yxEndTime, as the home tile. The ID number the
 * account holds is shown (masked) and not typed again: the server uses it. One typed (an account without it) is shown
 * in full on the review, to its owner, so it can be checked.
 */
export const form = (user: UserInfo | null): MoveInForm => {
  const accountId = user?.sfzjh || null;
  return define<YingxinChecked, Answers>({
    serviceCode: 'yingxin',
    label: '新生迁入',
    next: '户籍办将审核您填写的迁入信息。审核通过后请按通知将户口迁移证原件交到户籍办公室；迁入办理时间截止后集中办理落户，办结后可在“我的户籍”查看。',
    ready: () => loadDicts(['xb', 'mz', 'xl']),
    initial: {
      sfqr: '1',
      ...emptyPerson('ryxx', user?.xm),
      xlm: user?.zhxlm || '',
      qyzbh: '',
      qyzqfjg: '',
      ...fromRegion('yhkszd', null),
      yhkxxdz: '',
      yhkpcs: '',
      qyz: '[]',
      lqtzs: '[]',
      zjz: '[]',
    },
    schema: (values) => import('./move-in-schema').then((m) => m.yingxin(values.sfqr === '1', Boolean(accountId))),
    toBody: (c, values) =>
      c.sfqr === '0'
        ? { sfqr: '0', lxdh: c.lxdh }
        : {
            sfqr: '1',
            ryxx: accountId ? withoutId(c.ryxx!) : toPerson(c.ryxx as PersonInfo),
            xlm: c.xlm!,
            qyzbh: c.qyzbh!,
            ...opt('qyzqfjg', c.qyzqfjg),
            yhkszd: toRegion(values, 'yhkszd'),
            yhkxxdz: c.yhkxxdz!,
            yhkpcs: c.yhkpcs!,
            lxdh: c.lxdh,
            attachments: refsOf(values, [
              ['qyz', QYZ],
              ['lqtzs', LQTZS],
              ['zjz', PHOTO],
            ]),
          },
    send: addOrEdit('/api/yingxin/add', '/api/yingxin/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'yingxin');
      return {
        sfqr: a.sfqr ?? '1',
        ...fromPerson('ryxx', a.ryxx),
        xlm: a.xlm || '',
        qyzbh: a.qyzbh || '',
        qyzqfjg: a.qyzqfjg || '',
        ...fromRegion('yhkszd', a.yhkszd),
        yhkxxdz: a.yhkxxdz || '',
        yhkpcs: a.yhkpcs || '',
        lxdh: a.lxdh || '',
        qyz: filesFor(app, QYZ),
        lqtzs: filesFor(app, LQTZS),
        zjz: filesFor(app, PHOTO),
      };
    },
    onRefused: (failure) => regionErrors(failure.errors, ['yhkszd']),
    review: (values) => [
      { name: 'sfqr', label: '是否迁入', value: choices.find((c) => c.value === values.sfqr)?.label },
      ...(values.sfqr === '1'
        ? [
            ...personReview(values, 'ryxx', '本人信息', (typed) => (accountId ? `${accountId}（账号登记）` : (typed || '').toUpperCase())),
            { name: 'xlm', label: '学历', value: labelIn(dicts.xl, values.xlm), group: '本人信息' },
            ...group(
              [
                { name: 'qyzbh', label: '迁移证编号', value: values.qyzbh },
                { name: 'qyzqfjg', label: '签发机关', value: values.qyzqfjg },
                regionReview(values, 'yhkszd', '户口迁出地'),
                { name: 'yhkxxdz', label: '详细地址', value: values.yhkxxdz },
                { name: 'yhkpcs', label: '原户口派出所', value: values.yhkpcs },
              ],
              '户口迁移证',
            ),
            ...group([filesReview(values, QYZ, 'qyz'), filesReview(values, LQTZS, 'lqtzs'), filesReview(values, '证件照', 'zjz')], '材料'),
          ]
        : []),
      { name: 'lxdh', label: '联系电话', value: values.lxdh },
    ],
    Fields: ({ flow }) => (
      <>
        <div class="weui-cells weui-cells_form">
          {select(flow, 'sfqr', '是否迁入', choices)}
          <PhoneField flow={flow} />
        </div>
        {flow.values.sfqr === '1' && (
          <>
            {title('本人信息（与户口迁移证一致）')}
            <div class="weui-cells weui-cells_form">
              <PersonFields flow={flow} prefix="ryxx" accountId={accountId} />
              {select(flow, 'xlm', '学历', dicts.xl)}
            </div>
            {title('户口迁移证')}
            <div class="weui-cells weui-cells_form">
              {text(flow, 'qyzbh', '迁移证编号', limits.YingxinAnswers.qyzbh, { required: true, placeholder: '迁移证右上角的编号' })}
              {text(flow, 'qyzqfjg', '签发机关', limits.YingxinAnswers.qyzqfjg, { placeholder: '选填，如：某某市公安局某某派出所' })}
              <RegionField flow={flow} label="户口迁出地" prefix="yhkszd" />
              {text(flow, 'yhkxxdz', '详细地址', limits.YingxinAnswers.yhkxxdz, { required: true, placeholder: '迁移证上的原住址' })}
              <PoliceStationField
                flow={flow}
                label="原户口派出所"
                name="yhkpcs"
                region={flow.values['yhkszd.qu']}
                maxLength={limits.YingxinAnswers.yhkpcs}
                required
              />
            </div>
            <LazyAttachmentsField flow={flow} name="qyz" label={QYZ} hint={QYZ_HINT} required />
            <LazyAttachmentsField flow={flow} name="lqtzs" label={LQTZS} required />
            <LazyAttachmentsField flow={flow} name="zjz" label="一寸白底彩色证件照（选填）" />
            {PHOTO_NOTE}
          </>
        )}
      </>
    ),
  });
};
