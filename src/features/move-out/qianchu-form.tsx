import { useEffect, useState } from 'react';
import type { Schemas } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { PoliceStationField } from '@/components/service-fields/police-station-field';
import { RegionField } from '@/components/service-fields/region-field';
import { fromRegion, regionErrors, regionReview, toRegion } from '@/components/service-fields/region-values';
import { Cell, Cells } from '@/components/ui/cells';
import type * as checked from './move-out-schema';
import { familyOf } from './api/family-of';
import { area, cells, define, DONE, item, schemas, text, type Context, type FlowProps, type MoveOutForm } from './move-out-form-kit';

/** The six move-out sub-services of /api/qianchu (graduate … reassignment): one module, loaded with their screens. */

type Sub = Schemas['QianchuSub'];
type Member = Schemas['FamilyMember'];

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

/** Names of the family members seen on the form (the review step shows the chosen ones by name). */
const familyNames = new Map<string, string>();
/** Those of them registered at the school: the ones left behind when not chosen. */
const familyAtSchool = new Set<string>();

/**
 * The family registered at the school not moving out along (issue 25: a dependant cannot stay in the collective
 * household when the staff member leaves; the server says the same at submit and to staff, who decide).
 */
const leftBehindNote = (ids: string): string => {
  const chosen = new Set(ids ? ids.split(',') : []);
  const names = [...familyAtSchool].filter((id) => !chosen.has(id)).map((id) => familyNames.get(id) ?? '');
  return names.length
    ? `${names.join('、')}的户口仍在学校集体户。教职工迁出后家属不能单独留在集体户，请一并迁出；如有特殊情况，户籍办将与您联系确定。`
    : '';
};
/** The review's row of them, when someone stays behind. */
const leftBehindReview = (ids: string) => {
  const note = leftBehindNote(ids);
  return note ? [item('left', '留在集体户的家属', note)] : [];
};

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
      familyAtSchool.clear();
      for (const m of members) {
        familyNames.set(String(m.id), m.xm);
        if (m.hkIn !== false) familyAtSchool.add(String(m.id));
      }
      setFamily(members);
    });
  }, [userId]);
  const chosen = flow.values.sqcjs ? flow.values.sqcjs.split(',') : [];
  const toggle = (m: Member, on: boolean) =>
    flow.set('sqcjs')((on ? [...chosen, String(m.id)] : chosen.filter((c) => c !== String(m.id))).join(','));
  if (!family) return null;
  const left = leftBehindNote(flow.values.sqcjs);
  return (
    <Cells
      title="同时迁出的家属"
      tips={family.length ? left ? <span role="note">请注意：{left}</span> : '户口在校的同户家属将与您一同迁出。' : undefined}
    >
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

function qianchu(sub: Sub, { last, userId }: Context): MoveOutForm {
  const [label, material, hint, reason, jsdw] = subs[sub];
  const before = last ? answersOf(last, 'qianchu') : undefined;
  return define<checked.QianchuChecked, Omit<Schemas['QianchuAnswers'], 'lqfs' | 'lxdh'>>({
    serviceCode: `qianchu-${sub}`,
    kind: 'qianchu',
    label,
    material,
    hint,
    next: `户籍办审核后报派出所开具户口迁移证，${DONE}。迁移证有效期30天，请及时到迁入地落户。`,
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
      ...(sub === 'staff' ? leftBehindReview(values.sqcjs) : []),
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

/** The form of a /api/qianchu sub-route, or null for 毕业生改派 without a finished move-out (its screen says so). */
export function formFor(sub: string, context: Context): MoveOutForm | null {
  if (!isQianchu(sub)) return null;
  return sub === 'reassignment' && !context.last && !context.editing ? null : qianchu(sub, context);
}
