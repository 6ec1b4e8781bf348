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
import { $session } from '@/state/session';
import type { EducationChecked } from './change-schema';

type Answers = Schemas['XlzkbgAnswers'];

/** The material the diploma is sent as (the guide's name for it; the server asks for it by this name). */
const DIPLOMA = '学历证明';

const NEXT = '户籍办核验学历证明后办结，您的户口登记学历随之更新。';

/** 学历变更 after its guide (change-form-page): the new level (GB/T 4658), school, graduation date, the diploma uploaded. */
export default function EducationForm() {
  const { userInfo } = useStore($session);
  const [levels, setLevels] = useState<Schemas['XlItem'][]>([]);

  const flow = useServiceForm({
    serviceCode: 'xlzkbg',
    initial: { bgxlm: '', byyx: '', byrq: '', zsbh: '', lxdh: usablePhone(userInfo?.phone), attachments: '[]' },
    schema: () => import('./change-schema').then((m) => m.education),
    toBody: (c: EducationChecked, values): Answers => ({
      bgxlm: c.bgxlm,
      byyx: c.byyx,
      byrq: c.byrq,
      ...(c.zsbh ? { zsbh: c.zsbh } : {}),
      lxdh: c.lxdh,
      attachments: attachmentRefs(values.attachments, DIPLOMA),
    }),
    send: addOrEdit('/api/daily/xlzkbg/add', '/api/daily/xlzkbg/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'xlzkbg');
      return {
        bgxlm: a.bgxlm || '',
        byyx: a.byyx || '',
        byrq: a.byrq || '',
        zsbh: a.zsbh || '',
        lxdh: a.lxdh || '',
        attachments: attachmentsValue(app.attachments),
      };
    },
  });
  const { values, errors, set } = flow;

  useEffect(() => {
    void unwrap(client.POST('/api/dict/getXueLi', { body: {} })).then((r) => r.ok && setLevels(r.data));
  }, []);

  // Categories (level 1) head their levels and cannot be chosen.
  const options: SelectOption[] = levels.map((l) => ({
    value: l.xlm,
    label: l.level === 1 ? `【${l.xlmc}】` : l.xlmc,
    disabled: l.level === 1,
  }));
  const current = labelOf(options, userInfo?.zhxlm);
  return (
    <ServiceFlow
      flow={flow}
      label="学历变更"
      next={NEXT}
      review={() => [
        { name: 'bgxlm', label: '变更后学历', value: labelOf(options, values.bgxlm) },
        { name: 'byyx', label: '毕业院校', value: values.byyx },
        { name: 'byrq', label: '毕业日期', value: values.byrq },
        { name: 'zsbh', label: '毕业证书编号', value: values.zsbh },
        { name: 'lxdh', label: '联系电话', value: values.lxdh },
        filesReview(values, DIPLOMA, 'attachments'),
      ]}
    >
      <div class="weui-cells weui-cells_form">
        {current && <TextField label="当前学历" name="current" value={current} onValue={() => {}} readOnly />}
        <Select
          label="变更后学历"
          name="bgxlm"
          value={values.bgxlm}
          options={options}
          onValue={set('bgxlm')}
          error={errors.bgxlm}
          required
        />
        <TextField
          label="毕业院校"
          name="byyx"
          value={values.byyx}
          onValue={set('byyx')}
          error={errors.byyx}
          maxLength={limits.XlzkbgAnswers.byyx}
          required
        />
        <DateField label="毕业日期" name="byrq" value={values.byrq} onValue={set('byrq')} error={errors.byrq} required />
        <TextField
          label="毕业证书编号"
          name="zsbh"
          value={values.zsbh}
          onValue={set('zsbh')}
          error={errors.zsbh}
          maxLength={limits.XlzkbgAnswers.zsbh}
          placeholder="选填"
        />
        <PhoneField flow={flow} />
      </div>
      <LazyAttachmentsField flow={flow} label={DIPLOMA} hint="毕业证书照片或扫描件" required />
    </ServiceFlow>
  );
}
