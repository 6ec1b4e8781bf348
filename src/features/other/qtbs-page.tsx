import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { client, unwrap, type Schemas } from '@/api/client';
import { usablePhone } from '@/components/service-form/delivery-fields';
import { dictOptions, labelOf } from '@/components/service-form/options';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { PhoneField } from '@/components/service-fields/contact-fields';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { LazyAttachmentsField, filesReview } from '@/components/service-fields/attachments-lazy';
import { TextArea } from '@/components/service-fields/text-area';
import { Select, type SelectOption } from '@/components/ui/form-field';
import { $session } from '@/stores/session';
import type { Checked } from './qtbs-schema';

type Answers = Schemas['QtbsAnswers'];

/** The material name the optional uploads are sent as. */
const PROOF_MATERIAL = '证明材料';

interface Variant {
  /** Draft and guide code (其他信息变更 has its own guide, qtbs-change). */
  serviceCode: string;
  label: string;
  typeLabel: string;
  contentLabel: string;
  placeholder: string;
  next: string;
}

const variants: Record<'other' | 'change', Variant> = {
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

/** 其他业务 (/other) and 其他信息变更 (/change/other, the change group): a type, what is asked, optional proofs. */
export default function QtbsPage() {
  const [path] = useLocation();
  const [group] = useState<'other' | 'change'>(() => (path.startsWith('/change/') ? 'change' : 'other'));
  const variant = variants[group];
  const { userInfo } = useStore($session);
  const [types, setTypes] = useState<SelectOption[]>([]);

  const flow = useServiceForm({
    serviceCode: variant.serviceCode,
    initial: { bslx: '', bsnr: '', lxdh: usablePhone(userInfo?.phone), attachments: '[]' },
    schema: () => import('./qtbs-schema').then((m) => m.schemaFor(group)),
    toBody: (c: Checked, values): Answers => {
      const attachments = attachmentRefs(values.attachments, PROOF_MATERIAL);
      return { bslx: c.bslx, bsnr: c.bsnr, lxdh: c.lxdh, ...(attachments.length ? { attachments } : {}) };
    },
    send: (body, header, editId) =>
      unwrap(
        editId
          ? client.POST('/api/qhqt/qtbs/edit', { body: { ...body, id: editId }, params: { header } })
          : client.POST('/api/qhqt/qtbs/add', { body, params: { header } }),
      ),
    fromApplication: (app) => {
      const a = app.answers as Partial<Answers>;
      return { bslx: a.bslx || '', bsnr: a.bsnr || '', lxdh: a.lxdh || '', attachments: attachmentsValue(app.attachments) };
    },
  });
  const { values, errors, set } = flow;

  useEffect(() => {
    void unwrap(client.POST('/api/qhqt/qtbs/typelist', { body: { group } })).then((r) => r.ok && setTypes(dictOptions(r.data)));
  }, [group]);

  return (
    <ServiceFlow
      flow={flow}
      label={variant.label}
      next={variant.next}
      review={() => [
        { name: 'bslx', label: variant.typeLabel, value: labelOf(types, values.bslx) },
        { name: 'bsnr', label: variant.contentLabel, value: values.bsnr },
        { name: 'lxdh', label: '联系电话', value: values.lxdh },
        filesReview(values, PROOF_MATERIAL, 'attachments'),
      ]}
    >
      <div class="weui-cells weui-cells_form">
        <Select label={variant.typeLabel} name="bslx" value={values.bslx} options={types} onValue={set('bslx')} error={errors.bslx} required />
        <TextArea
          label={variant.contentLabel}
          name="bsnr"
          value={values.bsnr}
          onValue={set('bsnr')}
          error={errors.bsnr}
          maxLength={1000}
          rows={5}
          required
          placeholder={variant.placeholder}
        />
        <PhoneField flow={flow} />
      </div>
      <LazyAttachmentsField flow={flow} label={`${PROOF_MATERIAL}（选填）`} />
    </ServiceFlow>
  );
}
