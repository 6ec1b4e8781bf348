import type { ApiFailure, Schemas, UserInfo } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { LazyAttachmentsField, filesReview } from '@/components/service-fields/attachments-lazy';
import { fromRegion, regionErrors, toRegion } from '@/components/service-fields/region-values';
import type { Values } from '@/components/service-form/draft';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { Button } from '@/components/ui/button';
import { fieldId, TextField } from '@/components/ui/form-field';
import { define, type MoveInForm } from './move-in-form';
import type { FamilyChecked } from './move-in-schema';
import {
  emptyPerson,
  filesFor,
  fromPerson,
  opt,
  Origin,
  originReview,
  PersonFields,
  personReview,
  STAGE_ONE,
  text,
  title,
  toPerson,
  type PersonInfo,
  loadDicts,
} from './person-fields';

type Answers = Schemas['QianruAnswers'];

/** ryxx and the sqjs of the contract: at most 1 + 10; a household rarely has more than a few. */
export const MAX_MEMBERS = 8;
const APPROVAL = '随迁批复文件';
/** The server's one answer to a proof of the household head that does not match (never which field). */
export const HEAD_MISMATCH = '户主信息不匹配，请核对户主姓名、工作证号和身份证件号码';
/** The error of the head's fields as a group (the mismatch names none of them). */
const HEAD_GROUP = 'hz';

/** The material of member i (1-based in the name, so staff can tell whose documents they are). */
const memberClmc = (i: number, xm: string) => `随迁人员${i + 1}（${xm}）`;
const memberIndex = (clmc: string | null | undefined) => Number(/^随迁人员(\d+)/.exec(clmc ?? '')?.[1] ?? 0) - 1;

/**
 * The members' fields of a server answer's errors: ryxx is member 1 (m0), sqjs[i] member i + 2 (`sqjs[0].sfzjh` →
 * `m1.sfzjh`); a refused member's documents (「请上传随迁人员2（…）的证件材料」) land on their uploader.
 */
function memberErrors({ errors, msg }: ApiFailure): Record<string, string> {
  const out: Record<string, string> = {};
  const documents = /^请上传随迁人员(\d+)/.exec(msg);
  if (documents) out[`m${Number(documents[1]) - 1}.files`] = msg;
  for (const { field, message } of errors) {
    const m = /^\/?(ryxx|sqjs[[/.](\d+)\]?)[./](\w+)$/.exec(field);
    if (m) out[`m${m[2] === undefined ? 0 : Number(m[2]) + 1}.${m[3]}`] ??= message;
  }
  return out;
}

const emptyMember = (i: number): Values => ({ ...emptyPerson(`m${i}`), [`m${i}.files`]: '[]' });
const countOf = (values: Values) => Number(values.members) || 1;

function Members({ flow }: { flow: ServiceFormFlow }) {
  const count = countOf(flow.values);
  const remove = (at: number) => {
    // Later members move up one place; the last place is emptied.
    const patch: Values = { members: String(count - 1), ...emptyMember(count - 1) };
    for (let i = at; i < count - 1; i++) {
      for (const key of Object.keys(emptyMember(i))) patch[key] = flow.values[key.replace(`m${i}.`, `m${i + 1}.`)] || '';
    }
    flow.patch(patch);
    flow.fail({});
  };
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <section key={i} aria-labelledby={`member-${i}`}>
          {title(`随迁人员${i + 1}`, `member-${i}`)}
          <div class="weui-cells weui-cells_form">
            <PersonFields flow={flow} prefix={`m${i}`} relation />
          </div>
          <LazyAttachmentsField
            flow={flow}
            name={`m${i}.files`}
            label="证件材料"
            required
            hint="居民身份证或户口簿本人页、结婚证（配偶）或出生医学证明（子女）的照片或扫描件。"
          />
          {count > 1 && (
            <p style={{ padding: '8px 16px', textAlign: 'right' }}>
              <Button size="mini" variant="default" onClick={() => remove(i)}>
                删除随迁人员{i + 1}
              </Button>
            </p>
          )}
        </section>
      ))}
      {count < MAX_MEMBERS && (
        <div class="app-actions">
          <Button variant="default" onClick={() => flow.patch({ members: String(count + 1), ...emptyMember(count) })}>
            添加随迁人员
          </Button>
        </div>
      )}
    </>
  );
}

/** The household head's fields: the staff member themself (read only), or the proof a family member gives. */
function Head({ flow, head }: { flow: ServiceFormFlow; head: UserInfo | null }) {
  const groupId = fieldId(flow.formId, HEAD_GROUP);
  const error = flow.errors[HEAD_GROUP];
  return (
    <section aria-labelledby="head">
      {title('户主', 'head')}
      {error && (
        <p class="app-field__error" id={`${groupId}-error`} style={{ padding: '0 16px' }}>
          {error}
        </p>
      )}
      <div class="weui-cells weui-cells_form" id={groupId} tabIndex={-1} aria-describedby={error ? `${groupId}-error` : undefined}>
        {head ? (
          <>
            <TextField label="姓名" name="hzxm" value={head.xm} onValue={() => {}} readOnly />
            {text(flow, 'hzgzzh', '工作证号', limits.QianruAnswers.hzgzzh, {
              required: true,
              readOnly: Boolean(head.gzzh),
              hint: '以您本人为户主申请',
            })}
          </>
        ) : (
          <>
            {text(flow, 'hzxm', '姓名', limits.QianruAnswers.hzxm, { required: true })}
            {text(flow, 'hzgzzh', '工作证号', limits.QianruAnswers.hzgzzh, { required: true })}
            <TextField
              label="身份证件号"
              name="hzsfzjh"
              value={flow.values.hzsfzjh || ''}
              onValue={flow.set('hzsfzjh')}
              error={flow.errors.hzsfzjh}
              maxLength={limits.QianruAnswers.hzsfzjh}
              autoComplete="off"
              autoCapitalize="characters"
              hint={
                flow.editId
                  ? '为保护个人信息，修改申请时请重新填写户主的身份证件号码'
                  : '户主须为户口在本校教职工集体户的教职工。请填写户主本人的姓名、工作证号和完整的身份证件号码，三项须与户主在学校登记的一致，用于核对您与户主的关系。'
              }
              required
            />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * 家属随迁 (qrlx 3, /move-in-staff-m): the staff member is the household head, applying for one or more family
 * members; or a family member applies, naming the head by their name, staff number and full ID number.
 */
export const form = (user: UserInfo | null): MoveInForm => {
  const head = user?.rylb === '4' ? user : null;
  return define<FamilyChecked, Answers>({
    serviceCode: 'qianru-3',
    label: '家属随迁',
    next: STAGE_ONE,
    ready: () => loadDicts(['gx', 'xb', 'mz']),
    initial: {
      hzgzzh: head?.gzzh || '',
      ...(head ? {} : { hzxm: '', hzsfzjh: '' }),
      members: '1',
      ...emptyMember(0),
      ...fromRegion('yhkszd', null),
      yhkxxdz: '',
      yhkpcs: '',
      attachments: '[]',
    },
    schema: (values) => import('./move-in-schema').then((m) => m.family(countOf(values), !head)),
    toBody: (c, values) => {
      const people = Array.from({ length: countOf(values) }, (_, i) => c[`m${i}`]);
      return {
        qrlx: '3',
        hzgzzh: c.hzgzzh,
        ...(head ? {} : { hzxm: c.hzxm, hzsfzjh: c.hzsfzjh?.toUpperCase() }),
        ryxx: toPerson(people[0] as PersonInfo),
        ...(people.length > 1 ? { sqjs: people.slice(1).map((p) => toPerson(p as PersonInfo)) } : {}),
        yhkszd: toRegion(values, 'yhkszd'),
        yhkxxdz: c.yhkxxdz,
        ...opt('yhkpcs', c.yhkpcs),
        lxdh: c.lxdh,
        attachments: [
          ...people.flatMap((p, i) => attachmentRefs(values[`m${i}.files`], memberClmc(i, p.xm))),
          ...attachmentRefs(values.attachments, APPROVAL),
        ],
      };
    },
    send: addOrEdit('/api/qianru/add', '/api/qianru/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qianru');
      const people = [a.ryxx, ...(a.sqjs ?? [])].filter(Boolean) as PersonInfo[];
      const files = (i: number) => attachmentsValue(app.attachments.filter((f) => memberIndex(f.clmc) === i));
      return {
        hzgzzh: a.hzgzzh || '',
        // The head's ID number is never kept: a correction proves the head again.
        ...(head ? {} : { hzxm: a.hzxm || '', hzsfzjh: '' }),
        members: String(Math.max(1, people.length)),
        ...Object.assign({}, ...people.map((p, i) => ({ ...fromPerson(`m${i}`, p), [`m${i}.files`]: files(i) }))),
        ...fromRegion('yhkszd', a.yhkszd),
        yhkxxdz: a.yhkxxdz || '',
        yhkpcs: a.yhkpcs || '',
        lxdh: a.lxdh || '',
        attachments: filesFor(app, APPROVAL),
      };
    },
    onRefused: (failure) => ({
      ...regionErrors(failure.errors, ['yhkszd']),
      ...memberErrors(failure),
      ...(failure.msg === HEAD_MISMATCH ? { [HEAD_GROUP]: HEAD_MISMATCH } : {}),
    }),
    review: (values) => [
      ...(head ? [] : [{ name: 'hzxm', label: '姓名', value: values.hzxm, group: '户主' }]),
      { name: 'hzgzzh', label: '工作证号', value: values.hzgzzh, group: '户主' },
      ...(head ? [] : [{ name: 'hzsfzjh', label: '身份证件号', value: (values.hzsfzjh || '').toUpperCase(), group: '户主' }]),
      ...Array.from({ length: countOf(values) }, (_, i) => [
        ...personReview(values, `m${i}`, `随迁人员${i + 1}`),
        { ...filesReview(values, '证件材料', `m${i}.files`), group: `随迁人员${i + 1}` },
      ]).flat(),
      ...originReview(values),
      filesReview(values, APPROVAL, 'attachments'),
    ],
    Fields: ({ flow }) => (
      <>
        <Head flow={flow} head={head} />
        <Members flow={flow} />
        <Origin flow={flow} />
        <LazyAttachmentsField flow={flow} label={`${APPROVAL}（选填）`} hint="学校或人事部门出具的随迁批复，如有请上传。" />
      </>
    ),
  });
};
