import { client, unwrap, type Schemas } from '@/api/client';
import * as limits from '@shared/contract/limits';
import { attachmentRefs } from '@/components/service-fields/attachments';
import { filesReview, LazyAttachmentsField } from '@/components/service-fields/attachments-lazy';
import { DateField } from '@/components/service-fields/date-field';
import { today } from '@/components/service-fields/dates';
import type { Values } from '@/components/service-form/draft';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { TextField as TextInput } from '@/components/ui/form-field';
import type { ContinueChecked } from './move-in-schema';

/** The material the server asks for by this name. */
const QYZ = '迁移证';

/** 迁入信息确认, stage 2: the 迁移证 obtained at the origin, sent with continueSubmit. */
export default function ContinueForm({ id }: { id: number }) {
  const flow = useServiceForm({
    serviceCode: 'qianru-continue',
    guide: false,
    initial: { qyzbh: '', qyzqfrq: '', qyzqfjg: '', qyz: '[]' } as Values,
    schema: () => import('./move-in-schema').then((m) => m.continued),
    toBody: (c: ContinueChecked, values): Schemas['QianruContinue'] => ({
      id,
      qyzbh: c.qyzbh,
      qyzqfrq: c.qyzqfrq,
      ...(c.qyzqfjg ? { qyzqfjg: c.qyzqfjg } : {}),
      attachments: attachmentRefs(values.qyz, QYZ),
    }),
    send: (body, header) => unwrap(client.POST('/api/qianru/continueSubmit', { body, params: { header } })),
  });
  const { values, errors, set } = flow;
  const text = (name: 'qyzbh' | 'qyzqfjg', label: string, extra: { required?: boolean; placeholder?: string }) => (
    <TextInput
      label={label}
      name={name}
      value={values[name]}
      onValue={set(name)}
      error={errors[name]}
      maxLength={limits.QianruContinue[name]}
      {...extra}
    />
  );
  return (
    <ServiceFlow
      flow={flow}
      label="迁入信息确认"
      next="户籍办将核对您的迁移证信息并办理落户，办结后可在“迁入办理记录”或申请详情中下载迁入凭证（户口卡）。"
      review={() => [
        { name: 'qyzbh', label: '迁移证编号', value: values.qyzbh },
        { name: 'qyzqfrq', label: '签发日期', value: values.qyzqfrq },
        { name: 'qyzqfjg', label: '签发机关', value: values.qyzqfjg },
        filesReview(values, QYZ, 'qyz'),
      ]}
    >
      <h2 class="weui-cells__title">户口迁移证</h2>
      <div class="weui-cells weui-cells_form">
        {text('qyzbh', '迁移证编号', { required: true })}
        <DateField
          label="签发日期"
          name="qyzqfrq"
          value={values.qyzqfrq}
          onValue={set('qyzqfrq')}
          error={errors.qyzqfrq}
          max={today()}
          required
        />
        {text('qyzqfjg', '签发机关', { placeholder: '选填' })}
      </div>
      <LazyAttachmentsField flow={flow} name="qyz" label={QYZ} required hint="户口迁移证的照片，须能看清编号与各项内容。" />
    </ServiceFlow>
  );
}
