import type { Schemas, UserInfo } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import { AppLink } from '@/components/ui/app-link';
import { LazyAttachmentsField, filesReview } from '@/components/service-fields/attachments-lazy';
import { DateField } from '@/components/service-fields/date-field';
import { fromRegion, regionErrors, toRegion } from '@/components/service-fields/region-values';
import { paths } from '@shared/pages/paths';
import { define, type MoveInForm } from './move-in-form';
import type { QianruChecked } from './move-in-schema';
import {
  emptyPerson,
  filesFor,
  fromPerson,
  dicts,
  labelIn,
  opt,
  Origin,
  originReview,
  PersonFields,
  personReview,
  PHOTO,
  PHOTO_NOTE,
  refsOf,
  select,
  STAGE_ONE,
  title,
  toPerson,
  loadDicts,
} from './person-fields';

type Answers = Schemas['QianruAnswers'];

/** Per kind: its label, the main material (its clmc, the guide's name), the unit's and the start date's labels. */
const kinds = {
  '1': { label: '博士后迁入', material: '博士后进站审批表', unit: '进站单位', start: '进站日期' },
  '2': { label: '教职工迁入', material: '北京市落户批复或人才引进批准文件', unit: '所在单位', start: '入职日期' },
};

/** 博士后迁入 (qrlx 1, /move-in-dr) and 教职工迁入 (qrlx 2, /move-in-staff): stage 1, the 准迁证. */
export const form = (user: UserInfo | null, qrlx: '1' | '2'): MoveInForm => {
  const kind = kinds[qrlx];
  const staff = qrlx === '2';
  return define<QianruChecked, Answers>({
    serviceCode: `qianru-${qrlx}`,
    label: kind.label,
    next: STAGE_ONE,
    ready: () => loadDicts(['xb', 'mz', 'hyzk', 'xl', 'dw']),
    initial: {
      ...emptyPerson('ryxx', user?.xm),
      hyzkm: user?.hyzkm || '',
      xlm: user?.zhxlm || '',
      dwh: '',
      rzrq: '',
      ...fromRegion('yhkszd', null),
      yhkxxdz: '',
      yhkpcs: '',
      attachments: '[]',
      zjz: '[]',
    },
    schema: () => import('./move-in-schema').then((m) => m.qianru(qrlx)),
    toBody: (c, values) => ({
      qrlx,
      ryxx: toPerson(c.ryxx),
      hyzkm: c.hyzkm,
      xlm: c.xlm,
      dwh: c.dwh,
      rzrq: c.rzrq,
      yhkszd: toRegion(values, 'yhkszd'),
      yhkxxdz: c.yhkxxdz,
      ...opt('yhkpcs', c.yhkpcs),
      lxdh: c.lxdh,
      attachments: refsOf(values, [
        ['attachments', kind.material],
        ['zjz', PHOTO],
      ]),
    }),
    send: addOrEdit('/api/qianru/add', '/api/qianru/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qianru');
      return {
        ...fromPerson('ryxx', a.ryxx),
        hyzkm: a.hyzkm || '',
        xlm: a.xlm || '',
        dwh: a.dwh || '',
        rzrq: a.rzrq || '',
        ...fromRegion('yhkszd', a.yhkszd),
        yhkxxdz: a.yhkxxdz || '',
        yhkpcs: a.yhkpcs || '',
        lxdh: a.lxdh || '',
        attachments: filesFor(app, kind.material),
        zjz: filesFor(app, PHOTO),
      };
    },
    onRefused: (failure) => regionErrors(failure.errors, ['yhkszd']),
    review: (values) => {
      const item = (name: string, label: string, value: string, group: string) => ({ name, label, value, group });
      return [
        ...personReview(values, 'ryxx', '本人信息'),
        item('hyzkm', '婚姻状况', labelIn(dicts.hyzk, values.hyzkm), '本人信息'),
        item('xlm', '学历', labelIn(dicts.xl, values.xlm), '本人信息'),
        item('dwh', kind.unit, labelIn(dicts.dw, values.dwh), '单位'),
        item('rzrq', kind.start, values.rzrq, '单位'),
        ...originReview(values),
        filesReview(values, kind.material, 'attachments'),
        filesReview(values, '证件照', 'zjz'),
      ];
    },
    Fields: ({ flow }) => (
      <>
        {title('本人信息（与居民身份证一致）')}
        <div class="weui-cells weui-cells_form">
          <PersonFields flow={flow} prefix="ryxx" />
          {select(flow, 'hyzkm', '婚姻状况', dicts.hyzk)}
          {select(flow, 'xlm', '学历', dicts.xl)}
        </div>
        {title('单位')}
        <div class="weui-cells weui-cells_form">
          {select(flow, 'dwh', kind.unit, dicts.dw)}
          <DateField label={kind.start} name="rzrq" value={flow.values.rzrq} onValue={flow.set('rzrq')} error={flow.errors.rzrq} required />
        </div>
        <Origin flow={flow} />
        <LazyAttachmentsField flow={flow} label={kind.material} required hint="照片或扫描件，支持 jpg、png、webp、pdf，单个不超过10MB。" />
        <LazyAttachmentsField flow={flow} name="zjz" label="一寸白底彩色证件照（选填）" />
        {PHOTO_NOTE}
        {staff && !flow.editId && (
          <p class="sf-note">
            配偶、子女等家属随迁？请在迁入后以您本人为户主办理 <AppLink href={paths.moveInStaffM.href()}>家属随迁</AppLink>。
          </p>
        )}
      </>
    ),
  });
};
