import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { client, unwrap, type Schemas } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { usablePhone } from '@/components/service-form/delivery-fields';
import { dictOptions, labelOf } from '@/components/service-form/options';
import { ServiceFlow } from '@/components/service-form/service-flow';
import type { ReviewItem } from '@/components/service-form/service-review';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { PhoneField } from '@/components/service-fields/phone-field';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { LazyAttachmentsField, filesReview } from '@/components/service-fields/attachments-lazy';
import { TextArea } from '@/components/service-fields/text-area';
import { Select, TextField, type SelectOption } from '@/components/ui/form-field';
import { $session } from '@/state/session';
import type { Checked, RecordField } from './qtbs-schema';

/** 其他业务 (/other), or 其他信息变更 (/change/other: the change types, with their own guide). */
export type QtbsGroup = 'other' | 'change';

type Answers = Schemas['QtbsAnswers'];

/** The material name the optional uploads are sent as. */
const PROOF_MATERIAL = '证明材料';

/**
 * The office's record a change type may carry, as it should read (the office writes it when finishing the change):
 * 姓名变更 the name, 公民身份号码更正 the ID number, 人员类型变更 the person type, 其他 any of them.
 */
export const RECORD_FIELDS: Record<string, readonly RecordField[]> = {
  '101': ['bgxm'],
  '108': ['bgsfzjh'],
  '110': ['bgrylb'],
  '199': ['bgxm', 'bgrylb', 'bgsfzjh'],
};

interface Variant {
  /** Draft and guide code (其他信息变更 has its own guide, qtbs-change; qtbs-page names them too). */
  serviceCode: string;
  label: string;
  typeLabel: string;
  contentLabel: string;
  placeholder: string;
  next: string;
}

const variants: Record<QtbsGroup, Variant> = {
  other: {
    serviceCode: 'qtbs',
    label: '其他业务',
    typeLabel: '办事类型',
    contentLabel: '办事内容',
    placeholder: '需要办理的事项及相关情况',
    next: '户籍办受理后如需补充材料，会电话联系您。',
  },
  change: {
    serviceCode: 'qtbs-change',
    label: '其他信息变更',
    typeLabel: '变更项目',
    contentLabel: '变更内容',
    placeholder: '变更前后的信息及原因',
    next: '户籍办审核时如需核验原件，会电话联系您。',
  },
};

/**
 * 其他业务 (/other) and 其他信息变更 (/change/other, the change group) after the guide (qtbs-page): a type, what is asked,
 * optional proofs. A change of the office's record (name, ID number, person type) also takes the new value; `?bslx=`
 * opens it on a change type (/info's 申请变更信息).
 */
export default function QtbsForm({ group }: { group: QtbsGroup }) {
  const search = useSearch();
  const variant = variants[group];
  const { userInfo } = useStore($session);
  const [types, setTypes] = useState<SelectOption[]>([]);
  const [personTypes, setPersonTypes] = useState<SelectOption[]>([]);
  const recordFields = (bslx: string) => (group === 'change' ? (RECORD_FIELDS[bslx] ?? []) : []);

  const flow = useServiceForm({
    serviceCode: variant.serviceCode,
    initial: { bslx: '', bgxm: '', bgrylb: '', bgsfzjh: '', bsnr: '', lxdh: usablePhone(userInfo?.phone), attachments: '[]' },
    schema: (values) => {
      const fields = recordFields(values.bslx);
      return import('./qtbs-schema').then((m) =>
        m.schemaFor(
          group,
          fields,
          fields.some((f) => values[f].trim() !== ''),
        ),
      );
    },
    toBody: (c: Checked, values): Answers => {
      const attachments = attachmentRefs(values.attachments, PROOF_MATERIAL);
      const record = Object.fromEntries(
        recordFields(c.bslx).flatMap((f) => (c[f] ? [[f, f === 'bgsfzjh' ? c[f].toUpperCase() : c[f]]] : [])),
      );
      return { bslx: c.bslx, ...record, ...(c.bsnr ? { bsnr: c.bsnr } : {}), lxdh: c.lxdh, ...(attachments.length ? { attachments } : {}) };
    },
    send: addOrEdit('/api/qhqt/qtbs/add', '/api/qhqt/qtbs/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'qtbs');
      // The new ID number comes back masked: it is typed again.
      return {
        bslx: a.bslx || '',
        bgxm: a.bgxm || '',
        bgrylb: a.bgrylb || '',
        bgsfzjh: '',
        bsnr: a.bsnr || '',
        lxdh: a.lxdh || '',
        attachments: attachmentsValue(app.attachments),
      };
    },
  });
  const { values, errors, set } = flow;
  const shown = recordFields(values.bslx);

  useEffect(() => {
    void unwrap(client.POST('/api/qhqt/qtbs/typelist', { body: { group } })).then((r) => r.ok && setTypes(dictOptions(r.data)));
    // The person types as the office names them (dictionary qh_rylb), for 人员类型变更.
    if (group === 'change') {
      const rylb = client.POST('/api/dict/getSysDictByType', { body: { dictType: 'qh_rylb' }, loading: false, silent: true });
      void unwrap(rylb).then((r) => r.ok && setPersonTypes(dictOptions(r.data)));
    }
    // Opened on a change type (from /info): that type, unless correcting an application.
    const asked = new URLSearchParams(search).get('bslx');
    if (asked && group === 'change' && !flow.editId) flow.patch({ bslx: asked });
    // Once per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [group]);

  const review = (): ReviewItem[] => {
    const c = values;
    const record: ReviewItem[] = [
      ...(shown.includes('bgxm') && c.bgxm.trim() ? [{ name: 'bgxm', label: '变更后姓名', value: c.bgxm.trim() }] : []),
      ...(shown.includes('bgrylb') && c.bgrylb ? [{ name: 'bgrylb', label: '变更后人员类型', value: labelOf(personTypes, c.bgrylb) }] : []),
      // The owner reads the number in full before sending it (every answer shown back later is masked).
      ...(shown.includes('bgsfzjh') && c.bgsfzjh.trim()
        ? [{ name: 'bgsfzjh', label: '变更后身份证件号码', value: c.bgsfzjh.trim().toUpperCase() }]
        : []),
    ];
    return [
      { name: 'bslx', label: variant.typeLabel, value: labelOf(types, c.bslx) },
      ...record,
      ...(shown.length && !c.bsnr.trim() ? [] : [{ name: 'bsnr', label: variant.contentLabel, value: c.bsnr }]),
      { name: 'lxdh', label: '联系电话', value: c.lxdh },
      filesReview(values, PROOF_MATERIAL, 'attachments'),
    ];
  };

  return (
    <ServiceFlow flow={flow} label={variant.label} next={variant.next} review={review}>
      <div class="weui-cells weui-cells_form">
        <Select
          label={variant.typeLabel}
          name="bslx"
          value={values.bslx}
          options={types}
          onValue={set('bslx')}
          error={errors.bslx}
          required
        />
        {shown.includes('bgxm') && (
          <TextField
            label="变更后姓名"
            name="bgxm"
            autoComplete="off"
            maxLength={limits.QtbsAnswers.bgxm}
            value={values.bgxm}
            onValue={set('bgxm')}
            error={errors.bgxm}
            hint={userInfo?.xm ? `当前登记：${userInfo.xm}` : undefined}
          />
        )}
        {shown.includes('bgrylb') && (
          <Select
            label="变更后人员类型"
            name="bgrylb"
            value={values.bgrylb}
            options={personTypes}
            onValue={set('bgrylb')}
            error={errors.bgrylb}
            placeholder="请选择人员类型"
          />
        )}
        {shown.includes('bgsfzjh') && (
          <TextField
            label="变更后身份证件号码"
            name="bgsfzjh"
            autoComplete="off"
            maxLength={limits.QtbsAnswers.bgsfzjh}
            placeholder="18位身份证号码"
            value={values.bgsfzjh}
            onValue={set('bgsfzjh')}
            error={errors.bgsfzjh}
            hint={flow.editId ? '修改时请重新填写' : userInfo?.sfzjh ? `当前登记：${userInfo.sfzjh}` : undefined}
          />
        )}
        <TextArea
          label={variant.contentLabel}
          name="bsnr"
          value={values.bsnr}
          onValue={set('bsnr')}
          error={errors.bsnr}
          maxLength={limits.QtbsAnswers.bsnr}
          rows={shown.length ? 3 : 5}
          required={!shown.length}
          placeholder={shown.length ? '选填：变更原因等补充说明' : variant.placeholder}
        />
        <PhoneField flow={flow} />
      </div>
      <LazyAttachmentsField flow={flow} label={`${PROOF_MATERIAL}（选填）`} />
    </ServiceFlow>
  );
}
