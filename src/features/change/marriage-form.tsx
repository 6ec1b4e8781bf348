import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { usablePhone } from '@/components/service-form/delivery-fields';
import { labelOf } from '@/components/service-form/options';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { filesReview, LazyAttachmentsField } from '@/components/service-fields/attachments-lazy';
import { PhoneField } from '@/components/service-fields/phone-field';
import { DateField } from '@/components/service-fields/date-field';
import { Select, TextField, type SelectOption } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/validators';
import { $session } from '@/state/session';
import type { MarriageChecked } from './change-schema';

type Answers = Schemas['HyzkbgAnswers'];

/** The material the certificate is sent as (the guide's name for it; the server asks for it by this name). */
const CERTIFICATE = '婚姻状况证明';

/** GB/T 2261.2 已婚 (20) and its kinds 初婚, 再婚, 复婚 (21-23): the spouse's name is asked. */
const isMarried = (code: string) => ['20', '21', '22', '23'].includes(code);

const NEXT = '户籍办核验婚姻状况证明后办结，您的户口登记婚姻状况随之更新。';

/** 婚姻状况变更 after its guide (change-form-page): the new status (GB/T 2261.2), registration date, spouse, the certificate uploaded. */
export default function MarriageForm() {
  const { userInfo } = useStore($session);
  const [statuses, setStatuses] = useState<Schemas['HyzkItem'][]>([]);

  const flow = useServiceForm({
    serviceCode: 'hyzkbg',
    initial: { bghyzkm: '', djrq: '', poxm: '', lxdh: usablePhone(userInfo?.phone), attachments: '[]' },
    schema: () => import('./change-schema').then((m) => m.marriage(isMarried)),
    toBody: (c: MarriageChecked, values): Answers => ({
      bghyzkm: c.bghyzkm,
      djrq: c.djrq,
      ...(isMarried(c.bghyzkm) ? { poxm: c.poxm } : {}),
      lxdh: c.lxdh,
      attachments: attachmentRefs(values.attachments, CERTIFICATE),
    }),
    send: addOrEdit('/api/daily/hyzkbg/add', '/api/daily/hyzkbg/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'hyzkbg');
      return {
        bghyzkm: a.bghyzkm || '',
        djrq: a.djrq || '',
        poxm: a.poxm || '',
        lxdh: a.lxdh || '',
        attachments: attachmentsValue(app.attachments),
      };
    },
    // 「变更后的婚姻状况与当前相同」 belongs to the status.
    onRefused: (failure): FieldErrors | void => (failure.msg.includes('相同') ? { bghyzkm: failure.msg } : undefined),
  });
  const { values, errors, set } = flow;

  useEffect(() => {
    void unwrap(client.POST('/api/dict/getHyzk', { body: {} })).then((r) => r.ok && setStatuses(r.data));
  }, []);

  const mine = userInfo?.hyzkm;
  // The current status is shown, and cannot be chosen as the new one.
  const options: SelectOption[] = statuses.map((s) => ({ value: s.hyzkm, label: s.hyzkmc, disabled: s.hyzkm === mine }));
  const current = labelOf(options, mine);
  const married = isMarried(values.bghyzkm);
  return (
    <ServiceFlow
      flow={flow}
      label="婚姻状况变更"
      next={NEXT}
      review={() => [
        { name: 'bghyzkm', label: '变更后婚姻状况', value: labelOf(options, values.bghyzkm) },
        { name: 'djrq', label: '登记日期', value: values.djrq },
        ...(married ? [{ name: 'poxm', label: '配偶姓名', value: values.poxm }] : []),
        { name: 'lxdh', label: '联系电话', value: values.lxdh },
        filesReview(values, CERTIFICATE, 'attachments'),
      ]}
    >
      <div class="weui-cells weui-cells_form">
        {current && <TextField label="当前婚姻状况" name="current" value={current} onValue={() => {}} readOnly />}
        <Select
          label="变更后婚姻状况"
          name="bghyzkm"
          value={values.bghyzkm}
          options={options}
          onValue={set('bghyzkm')}
          error={errors.bghyzkm}
          required
        />
        <DateField
          label="登记日期"
          name="djrq"
          value={values.djrq}
          onValue={set('djrq')}
          error={errors.djrq}
          hint="证件上的登记日期"
          required
        />
        {married && (
          <TextField
            label="配偶姓名"
            name="poxm"
            value={values.poxm}
            onValue={set('poxm')}
            error={errors.poxm}
            maxLength={limits.HyzkbgAnswers.poxm}
            required
          />
        )}
        <PhoneField flow={flow} />
      </div>
      <LazyAttachmentsField flow={flow} label={CERTIFICATE} hint="结婚证、离婚证等的照片或扫描件" required />
    </ServiceFlow>
  );
}
