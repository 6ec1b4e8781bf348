import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type * as v from 'valibot';
import { client, unwrap, type ApiFailure, type Schemas } from '@/api/client';
import { addOrEdit, answersOf, type FormSend } from '@/api/form-send';
import * as limits from '@/api/limits';
import { DateField } from '@/components/service-fields/date-field';
import { PoliceStationField } from '@/components/service-fields/police-station-field';
import { RegionField } from '@/components/service-fields/region-field';
import { fromRegion, regionErrors, regionReview, toRegion } from '@/components/service-fields/region-values';
import { TextArea } from '@/components/service-fields/text-area';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { Cell, Cells } from '@/components/ui/cells';
import { Select, TextField } from '@/components/ui/form-field';
import { RefusalPage } from '@/components/ui/refusal-page';
import type * as checked from './move-out-schema';
import { familyOf } from './api/family-of';

/**
 * Every move-out form (one chunk, loaded with the screen): its fields, its answers ↔ wire mapping, its review and
 * texts. The screen (move-out-form-page) runs it on the shared form experience and adds the material, pickup
 * and the delivery form.
 */

type Sub = Schemas['QianchuSub'];
type Member = Schemas['FamilyMember'];
/** The kinds of the move-out forms. */
export type MoveOutKind = 'qianchu' | 'qyzyq' | 'qyzbg' | 'qykbb' | 'zxhkzmkj';

type FlowProps = { flow: ServiceFormFlow };

/** A move-out form as the screen runs it (types erased: each definition is typed where it is written). */
export interface MoveOutForm {
  serviceCode: string;
  label: string;
  /** The material uploaded (its clmc, the guide's name), what to upload, what happens next. */
  material: string;
  hint: string;
  next: string;
  initial: Values;
  schema: (values: Values, mailed: boolean) => Promise<v.GenericSchema<unknown, never>>;
  /** The form's own part of the body. */
  toBody: (checked: never, values: Values) => object;
  send: FormSend<never>;
  /** The kind of its applications (their answers' shape). */
  kind: MoveOutKind;
  fromApplication: (application: Schemas['Application']) => Values;
  onRefused?: (failure: ApiFailure) => Record<string, string>;
  review: (values: Values) => ReviewItem[];
  Fields: ComponentType<FlowProps>;
}

interface Definition<C, B> extends Omit<MoveOutForm, 'schema' | 'toBody' | 'send'> {
  schema: (values: Values, mailed: boolean) => Promise<v.GenericSchema<unknown, C>>;
  toBody: (checked: C, values: Values) => B;
  /** addOrEdit(add, edit) of the form's operations (the body is this form's part and the shared fields). */
  send: FormSend<never>;
}

const define = <C, B>(d: Definition<C, B>): MoveOutForm => d as unknown as MoveOutForm;

const schemas = () => import('./move-out-schema');
const DONE = '开具后按您选择的领取方式通知您领取或寄出';

const text = (
  flow: ServiceFormFlow,
  name: string,
  label: string,
  maxLength: number,
  extra: { placeholder?: string; required?: boolean } = {},
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

const area = (flow: ServiceFormFlow, name: string, label: string, placeholder: string, maxLength: number) => (
  <TextArea
    label={label}
    name={name}
    value={flow.values[name] || ''}
    onValue={flow.set(name)}
    error={flow.errors[name]}
    maxLength={maxLength}
    placeholder={placeholder}
    required
  />
);

const cells = (children: ReactNode) => <div class="weui-cells weui-cells_form">{children}</div>;

const item = (name: string, label: string, value: string | undefined) => ({ name, label, value });

const qyzbh = (flow: ServiceFormFlow, maxLength: number) => text(flow, 'qyzbh', '迁移证编号', maxLength, { required: true });

// ───────────── 迁出 (/api/qianchu) ─────────────

/** Per sub-service: name, material, what to upload, reason placeholder, label of 接收单位 (null: not asked). */
const subs: Record<Sub, [label: string, material: string, hint: string, reason: string, jsdw: string | null]> = {
  graduate: [
    '毕业生迁出',
    '毕业证书或学校毕业离校证明',
    '毕业证书或离校证明的照片；迁往就业地的，另附就业报到证或接收函。',
    '如：毕业就业、毕业回原籍',
    '就业单位',
  ],
  'post-doctoral': ['博士后迁出', '博士后出站审批表', '出站审批表的照片，另附接收单位或迁入地准予迁入证明。', '如：出站就业', '接收单位'],
  staff: [
    '教职工(含家属)迁出',
    '调动、离职证明或房屋产权证明',
    '调动或离职证明、房屋产权证明的照片；家属同时迁出的，另附家属身份证件。',
    '如：调离、购房落户',
    '新单位',
  ],
  'leave-school': ['退学休学迁出', '学校退学或休学审批文件', '学校退学或休学审批文件的照片。', '如：退学回原籍', null],
  'move-out': [
    '其他原因迁出',
    '迁入地准予迁入证明或房屋产权证明',
    '准予迁入证明或房屋产权证明的照片，另附与迁出原因相关的证明材料。',
    '如：投靠亲属、购房落户',
    null,
  ],
  reassignment: [
    '毕业生改派',
    '改派后的就业报到证或接收函',
    '改派后的就业报到证或接收函的照片；已领取的原迁移证须交回。',
    '如：改派至新就业单位',
    '改派后的接收单位',
  ],
};

export const isQianchu = (sub: string): sub is Sub => sub in subs;

export const NO_REASSIGNMENT = '未查询到可改派的迁出记录';

/** 毕业生改派 without a finished graduate move-out. */
export const NoReassignment = () => <RefusalPage title={NO_REASSIGNMENT} description="毕业生改派须先办结毕业生迁出。" />;

/** Names of the family members seen on the form (the review step shows the chosen ones by name). */
const familyNames = new Map<string, string>();

/** The chosen family members for the review: their names, or how many when the list was not seen. */
const chosenFamily = (ids: string) => {
  const chosen = ids ? ids.split(',') : [];
  if (!chosen.length) return '无';
  return chosen.every((id) => familyNames.has(id)) ? chosen.map((id) => familyNames.get(id)).join('、') : `${chosen.length}人`;
};

/** 教职工迁出: the family members in the household (getJsById with the id from storage), each selectable. */
function FamilyList({ flow, userId }: FlowProps & { userId: string | null }) {
  const [family, setFamily] = useState<Member[] | null>(null);
  useEffect(() => {
    if (!userId) return;
    void familyOf(Number(userId)).then((members) => {
      for (const m of members) familyNames.set(String(m.id), m.xm);
      setFamily(members);
    });
  }, [userId]);
  const chosen = flow.values.sqcjs ? flow.values.sqcjs.split(',') : [];
  const toggle = (m: Member, on: boolean) =>
    flow.set('sqcjs')((on ? [...chosen, String(m.id)] : chosen.filter((c) => c !== String(m.id))).join(','));
  if (!family) return null;
  return (
    <Cells title="同时迁出的家属" tips={family.length ? '勾选与您一同迁出的同户家属；不勾选则仅本人迁出。' : undefined}>
      {family.length ? (
        family.map((m) => (
          <label key={m.id} class="weui-cell weui-cell_active">
            <div class="weui-cell__hd">
              <input
                type="checkbox"
                name="sqcjs"
                style={{ width: '20px', height: '20px', marginRight: '12px', accentColor: 'var(--weui-BRAND)' }}
                checked={chosen.includes(String(m.id))}
                disabled={m.hkIn === false}
                onChange={(e) => toggle(m, (e.currentTarget as HTMLInputElement).checked)}
              />
            </div>
            <div class="weui-cell__bd">
              {m.xm}
              <span class="app-muted" style={{ display: 'block' }}>
                {[m.yhzgxmc, m.sfzjh, m.hkIn === false ? '户口不在本校' : ''].filter(Boolean).join(' · ')}
              </span>
            </div>
          </label>
        ))
      ) : (
        <Cell label="您的集体户中没有登记同户家属" />
      )}
    </Cells>
  );
}

export interface Context {
  /** The last finished move-out (prefill, and the one reassigned), or null. */
  last: Schemas['Application'] | null;
  /** The guard's answer handed over as query dizhi: the current 迁移证 (address, number, validity) once moved out. */
  verdict: Schemas['MoveOutCheck'] | null;
  userId: string | null;
  /** Correcting an application (edit=1): no prefill. */
  editing: boolean;
}

function qianchu(sub: Sub, { last, userId }: Context): MoveOutForm {
  const [label, material, hint, reason, jsdw] = subs[sub];
  const before = last ? answersOf(last, 'qianchu') : undefined;
  return define<checked.QianchuChecked, Omit<Schemas['QianchuAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: `qianchu-${sub}`,
    kind: 'qianchu',
    label,
    material,
    hint,
    next: `户籍办将在5个工作日内审核并报派出所开具户口迁移证，${DONE}。迁移证有效期30天，请及时到迁入地落户。`,
    initial: {
      ...fromRegion('qwdq', before?.qwdq),
      qwxxdz: before?.qwxxdz || '',
      qwpcs: before?.qwpcs || '',
      qcyy: '',
      jsdw: (jsdw && before?.jsdw) || '',
      sqcjs: '',
      yqcid: sub === 'reassignment' && last ? String(last.id) : '',
    },
    schema: (_, mailed) => schemas().then((m) => m.qianchu(sub, mailed)),
    toBody: (c, values) => ({
      sub,
      qwdq: toRegion(values, 'qwdq'),
      qwxxdz: c.qwxxdz,
      ...(c.qwpcs ? { qwpcs: c.qwpcs } : {}),
      qcyy: c.qcyy,
      ...(jsdw && c.jsdw ? { jsdw: c.jsdw } : {}),
      ...(sub === 'reassignment' && values.yqcid ? { yqcid: Number(values.yqcid) } : {}),
      ...(sub === 'staff' && values.sqcjs ? { sqcjs: values.sqcjs.split(',').map(Number) } : {}),
    }),
    send: addOrEdit('/api/qianchu/add', '/api/qianchu/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qianchu');
      return {
        ...fromRegion('qwdq', a.qwdq),
        qwxxdz: a.qwxxdz || '',
        qwpcs: a.qwpcs || '',
        qcyy: a.qcyy || '',
        jsdw: a.jsdw || '',
        sqcjs: (a.sqcjs ?? []).join(','),
        yqcid: a.yqcid ? String(a.yqcid) : '',
      };
    },
    onRefused: (failure) => regionErrors(failure.errors, ['qwdq']),
    review: (values) => [
      regionReview(values, 'qwdq', '迁往地区'),
      item('qwxxdz', '迁往地址', values.qwxxdz),
      item('qwpcs', '迁往地派出所', values.qwpcs),
      item('qcyy', '迁出原因', values.qcyy),
      ...(jsdw ? [item('jsdw', jsdw, values.jsdw)] : []),
      ...(sub === 'staff' ? [item('sqcjs', '同时迁出的家属', chosenFamily(values.sqcjs))] : []),
    ],
    Fields: ({ flow }) => (
      <>
        {cells(
          <>
            {sub === 'reassignment' && before && (
              <Cell label="原迁往地址" value={[before.qwdq?.name, before.qwxxdz].filter(Boolean).join(' ')} />
            )}
            <RegionField flow={flow} label="迁往地区" prefix="qwdq" />
            {text(flow, 'qwxxdz', '迁往地址', limits.QianchuAnswers.qwxxdz, { required: true })}
            <PoliceStationField
              flow={flow}
              label="迁往地派出所"
              name="qwpcs"
              region={flow.values['qwdq.qu']}
              maxLength={limits.QianchuAnswers.qwpcs}
              hint="选填，接收户口的派出所"
            />
            {area(flow, 'qcyy', '迁出原因', reason, limits.QianchuAnswers.qcyy)}
            {jsdw &&
              text(flow, 'jsdw', jsdw, limits.QianchuAnswers.jsdw, sub === 'reassignment' ? { required: true } : { placeholder: '选填' })}
          </>,
        )}
        {sub === 'staff' && <FamilyList flow={flow} userId={userId} />}
      </>
    ),
  });
}

// ───────────── 迁移证 services ─────────────

const postpone = ({ verdict }: Context): MoveOutForm =>
  define<checked.QyzyqChecked, Omit<Schemas['QyzyqAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: 'qyzyq',
    kind: 'qyzyq',
    label: '迁移证延期',
    material: '迁移证',
    hint: '原户口迁移证的照片，须能看清编号与有效期。',
    next: `户籍办将在3个工作日内审核并报派出所办理延期，${DONE}延期后的迁移证。`,
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
    serviceCode: 'qyzbg',
    kind: 'qyzbg',
    label: '迁移证地址变更',
    material: '接收证明',
    hint: '新迁往地的接收证明或准予迁入证明的照片。',
    next: `户籍办将在3个工作日内审核并报派出所重新开具户口迁移证，${DONE}；原迁移证须交回。`,
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
    serviceCode: 'qykbb',
    kind: 'qykbb',
    label: '迁移证补办',
    material: '遗失声明',
    hint: '本人签字的遗失情况说明；损坏的，上传原迁移证的照片。',
    next: '户籍办将在10个工作日内审核并报派出所核查，补发迁移证后按您选择的领取方式通知您领取或寄出。补发的迁移证有效期重新计算。',
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
    serviceCode: 'zxhkzmkj',
    kind: 'zxhkzmkj',
    label: '注销户口并开具证明',
    material: '注销证明材料',
    hint: '选填。按注销原因上传：护照及定居证明、入籍证明、入伍通知书或死亡医学证明等。',
    next: '户籍办将在5个工作日内审核并报派出所注销户口，开具注销户口证明后按您选择的领取方式通知您领取或寄出。户口注销后不能再办理其他户籍业务。',
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

/** The form of a move-out sub-route (graduate … c-issued), or null for 毕业生改派 without a finished move-out. */
export function formFor(sub: string, context: Context): MoveOutForm | null {
  if (!isQianchu(sub)) return certificates[sub](context);
  return sub === 'reassignment' && !context.last && !context.editing ? null : qianchu(sub, context);
}
