import { useEffect, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { DateField } from '@/components/service-fields/date-field';
import { RegionField } from '@/components/service-fields/region-field';
import { fromRegion, regionErrors, regionReview, toRegion } from '@/components/service-fields/region-values';
import { Cell } from '@/components/ui/cells';
import { Select } from '@/components/ui/form-field';
import type * as checked from './move-out-schema';
import { area, cells, define, DONE, item, qyzbh, schemas, text, type Context, type FlowProps, type MoveOutForm } from './move-out-form-kit';
import { CERTIFICATE_CODES } from './move-out-services';

/** The four 迁移证 services (延期, 地址变更, 补办, 注销户口并开具证明): one module, loaded with their screens. */

const postpone = ({ verdict }: Context): MoveOutForm =>
  define<checked.QyzyqChecked, Omit<Schemas['QyzyqAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: CERTIFICATE_CODES['postpone']!,
    kind: 'qyzyq',
    label: '迁移证延期',
    material: '迁移证',
    hint: '原户口迁移证的照片，须能看清编号与有效期。',
    next: `户籍办审核后报派出所办理延期，${DONE}延期后的迁移证。`,
    initial: { qyzbh: verdict?.qyzbh || '', yyxqz: verdict?.qyzyxqz || '', yqyy: '' },
    schema: (_, mailed) => schemas().then((m) => m.qyzyq(mailed)),
    toBody: (c) => ({ qyzbh: c.qyzbh, yyxqz: c.yyxqz, yqyy: c.yqyy }),
    send: addOrEdit('/api/daily/qyzyq/add', '/api/daily/qyzyq/update'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qyzyq');
      return { qyzbh: a.qyzbh || '', yyxqz: a.yyxqz || '', yqyy: a.yqyy || '' };
    },
    review: (values) => [
      item('qyzbh', '迁移证编号', values.qyzbh),
      item('yyxqz', '原有效期至', values.yyxqz),
      item('yqyy', '延期原因', values.yqyy),
    ],
    Fields: ({ flow }) =>
      cells(
        <>
          {qyzbh(flow, limits.QyzyqAnswers.qyzbh)}
          <DateField
            label="原有效期至"
            name="yyxqz"
            value={flow.values.yyxqz}
            onValue={flow.set('yyxqz')}
            error={flow.errors.yyxqz}
            hint="迁移证上的有效期限；过期超过30天的，请到户籍办公室现场办理"
            required
          />
          {area(flow, 'yqyy', '延期原因', '如：迁入地落户手续尚未办完', limits.QyzyqAnswers.yqyy)}
        </>,
      ),
  });

const change = ({ verdict }: Context): MoveOutForm =>
  define<checked.QyzbgChecked, Omit<Schemas['QyzbgAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: CERTIFICATE_CODES['change']!,
    kind: 'qyzbg',
    label: '迁移证地址变更',
    material: '接收证明',
    hint: '新迁往地的接收证明或准予迁入证明的照片。',
    next: `户籍办审核后报派出所重新开具户口迁移证，${DONE}；原迁移证须交回。`,
    initial: { qyzbh: verdict?.qyzbh || '', ydz: verdict?.dizhi || '', ...fromRegion('xqwdq', null), xqwxxdz: '', bgyy: '' },
    schema: (_, mailed) => schemas().then((m) => m.qyzbg(mailed)),
    toBody: (c, values) => ({
      qyzbh: c.qyzbh,
      ...(values.ydz ? { ydz: values.ydz } : {}),
      xqwdq: toRegion(values, 'xqwdq'),
      xqwxxdz: c.xqwxxdz,
      bgyy: c.bgyy,
    }),
    send: addOrEdit('/api/daily/qyzbg/add', '/api/daily/qyzbg/update'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qyzbg');
      return { qyzbh: a.qyzbh || '', ydz: a.ydz || '', ...fromRegion('xqwdq', a.xqwdq), xqwxxdz: a.xqwxxdz || '', bgyy: a.bgyy || '' };
    },
    onRefused: (failure) => regionErrors(failure.errors, ['xqwdq']),
    review: (values) => [
      item('qyzbh', '迁移证编号', values.qyzbh),
      item('ydz', '原迁往地址', values.ydz),
      regionReview(values, 'xqwdq', '新迁往地区'),
      item('xqwxxdz', '新详细地址', values.xqwxxdz),
      item('bgyy', '变更原因', values.bgyy),
    ],
    Fields: ({ flow }) =>
      cells(
        <>
          <Cell label="原迁往地址" value={flow.values.ydz || '未查询到'} />
          {qyzbh(flow, limits.QyzbgAnswers.qyzbh)}
          <RegionField flow={flow} label="新迁往地区" prefix="xqwdq" />
          {text(flow, 'xqwxxdz', '新详细地址', limits.QyzbgAnswers.xqwxxdz, { required: true })}
          {area(flow, 'bgyy', '变更原因', '如：就业单位变更', limits.QyzbgAnswers.bgyy)}
        </>,
      ),
  });

const mcCard = ({ verdict }: Context): MoveOutForm =>
  define<checked.QykbbChecked, Omit<Schemas['QykbbAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: CERTIFICATE_CODES['mc-card']!,
    kind: 'qykbb',
    label: '迁移证补办',
    material: '遗失声明',
    hint: '本人签字的遗失情况说明；损坏的，上传原迁移证的照片。',
    next: '户籍办审核后报派出所核查，补发迁移证后按您选择的领取方式通知您领取或寄出。补发的迁移证有效期重新计算。',
    initial: { yqyzbh: verdict?.qyzbh || '', bbyy: '' },
    schema: (_, mailed) => schemas().then((m) => m.qykbb(mailed)),
    toBody: (c) => ({ ...(c.yqyzbh ? { yqyzbh: c.yqyzbh } : {}), bbyy: c.bbyy }),
    send: addOrEdit('/api/daily/qykbb/add', '/api/daily/qykbb/update'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qykbb');
      return { yqyzbh: a.yqyzbh || '', bbyy: a.bbyy || '' };
    },
    review: (values) => [item('yqyzbh', '原迁移证编号', values.yqyzbh), item('bbyy', '补办原因', values.bbyy)],
    Fields: ({ flow }) =>
      cells(
        <>
          {text(flow, 'yqyzbh', '原迁移证编号', limits.QykbbAnswers.yqyzbh, { placeholder: '选填，如记得' })}
          {area(flow, 'bbyy', '补办原因', '如：迁移证遗失、损毁', limits.QykbbAnswers.bbyy)}
        </>,
      ),
  });

/** Reasons that take the person abroad: the destination is asked, and required when settling there. */
const goesAbroad = (label = '') => /出国|国籍/.test(label);
const settlesAbroad = (label = '') => /出国.*定居/.test(label);

/** 注销原因: the reasons of bllxlist; the chosen one's label goes along (the rules above and the review read it). */
function ReasonField({ flow }: FlowProps) {
  const [reasons, setReasons] = useState<Schemas['DictItem'][]>([]);
  // As dictOptions does (not imported: it would bring the shared form's chunk into this one).
  const options = reasons.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' }));
  useEffect(() => {
    void unwrap(client.POST('/api/daily/zxhkzmkj/bllxlist', { body: {} })).then((r) => r.ok && setReasons(r.data));
  }, []);
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label || '';
  useEffect(() => {
    // A saved application or a draft comes back without the label.
    const label = labelOf(flow.values.bllx);
    if (reasons.length && label !== flow.values.bllxmc) flow.patch({ bllxmc: label });
    // Once the reasons arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reasons]);
  const choose = (value: string) => {
    flow.set('bllx')(value);
    flow.patch({ bllxmc: labelOf(value) });
  };
  return (
    <Select label="注销原因" name="bllx" value={flow.values.bllx} options={options} onValue={choose} error={flow.errors.bllx} required />
  );
}

const cIssued = (_: Context): MoveOutForm =>
  define<checked.ZxhkzmkjChecked, Omit<Schemas['ZxhkzmkjAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: CERTIFICATE_CODES['c-issued']!,
    kind: 'zxhkzmkj',
    label: '注销户口并开具证明',
    material: '注销证明材料',
    optionalMaterial: true,
    hint: '选填。按注销原因上传：护照及定居证明、入籍证明、入伍通知书或死亡医学证明等。',
    next: '户籍办审核后报派出所注销户口，开具注销户口证明后按您选择的领取方式通知您领取或寄出。户口注销后不能再办理其他户籍业务。',
    initial: { bllx: '', bllxmc: '', zxyy: '', qwgj: '' },
    schema: (values, mailed) => schemas().then((m) => m.zxhkzmkj(mailed, settlesAbroad(values.bllxmc))),
    toBody: (c, values) => ({ bllx: c.bllx, zxyy: c.zxyy, ...(c.qwgj && goesAbroad(values.bllxmc) ? { qwgj: c.qwgj } : {}) }),
    send: addOrEdit('/api/daily/zxhkzmkj/add', '/api/daily/zxhkzmkj/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'zxhkzmkj');
      return { bllx: a.bllx || '', zxyy: a.zxyy || '', qwgj: a.qwgj || '' };
    },
    review: (values) => [
      item('bllx', '注销原因', values.bllxmc),
      item('zxyy', '原因说明', values.zxyy),
      ...(goesAbroad(values.bllxmc) ? [item('qwgj', '前往国家或地区', values.qwgj)] : []),
    ],
    Fields: ({ flow }) =>
      cells(
        <>
          <ReasonField flow={flow} />
          {goesAbroad(flow.values.bllxmc) &&
            text(
              flow,
              'qwgj',
              '前往国家或地区',
              limits.ZxhkzmkjAnswers.qwgj,
              settlesAbroad(flow.values.bllxmc) ? { required: true } : { placeholder: '选填' },
            )}
          {area(flow, 'zxyy', '原因说明', '请说明注销户口的具体情况', limits.ZxhkzmkjAnswers.zxyy)}
        </>,
      ),
  });

const certificates: Record<string, (context: Context) => MoveOutForm> = {
  postpone,
  change,
  'mc-card': mcCard,
  'c-issued': cIssued,
};

/** The form of a 迁移证 sub-route (postpone, change, mc-card, c-issued), or null for another. */
export function formFor(sub: string, context: Context): MoveOutForm | null {
  return Object.hasOwn(certificates, sub) ? certificates[sub]!(context) : null;
}
