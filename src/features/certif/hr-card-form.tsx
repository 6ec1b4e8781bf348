import { useStore } from '@nanostores/react';
import type { Schemas } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { filesReview, LazyAttachmentsField } from '@/components/service-fields/attachments-lazy';
import * as limits from '@shared/contract/limits';
import { emptyDelivery, fromDelivery, toDelivery, usablePhone } from '@/components/service-form/delivery-fields';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { MailingFields, PickupFields, pickupReview } from '@/components/service-fields/contact-fields';
import { TextArea } from '@/components/service-fields/text-area';
import { $session } from '@/state/session';
import type { Checked } from './hr-card-schema';

type Answers = Schemas['HkkbbAnswers'];

/** The guide's material (issue 25: the guide asked for it and the form could not take it); the server requires it. */
export const LOSS_STATEMENT = '遗失情况说明';

const NEXT = '户籍办审核您的补办申请后报派出所补打户口卡；制好后按您选择的领取方式通知您到户籍办公室领取或寄出。';

/** 户口卡补办 after its guide (hr-card-page): reason, pickup or mailing. */
export default function HrCardForm() {
  const { userInfo } = useStore($session);
  const flow = useServiceForm({
    serviceCode: 'hkkbb',
    initial: { bbyy: '', attachments: '[]', lqfs: '0', lxdh: usablePhone(userInfo?.phone), ...emptyDelivery(userInfo ?? {}) },
    schema: (values) => import('./hr-card-schema').then((m) => (values.lqfs === '1' ? m.mailed : m.answers)),
    toBody: (c: Checked, values): Answers => ({
      bbyy: c.bbyy,
      lqfs: c.lqfs,
      lxdh: c.lxdh,
      ...(c.yjxx ? { yjxx: toDelivery(c.yjxx, values) } : {}),
      attachments: attachmentRefs(values.attachments, LOSS_STATEMENT),
    }),
    send: addOrEdit('/api/daily/hkkbb/add', '/api/daily/hkkbb/update'),
    fromApplication: (app) => {
      const a = answersOf(app, 'hkkbb');
      return {
        bbyy: a.bbyy || '',
        attachments: attachmentsValue(app.attachments),
        lqfs: a.lqfs ?? '0',
        lxdh: a.lxdh || '',
        ...fromDelivery(a.yjxx),
      };
    },
  });
  const { values, errors, set } = flow;
  return (
    <ServiceFlow
      flow={flow}
      label="户口卡补办"
      next={NEXT}
      review={() => [
        { name: 'bbyy', label: '补办原因', value: values.bbyy },
        filesReview(values, LOSS_STATEMENT, 'attachments'),
        ...pickupReview(values),
      ]}
    >
      <div class="weui-cells weui-cells_form">
        <TextArea
          label="补办原因"
          name="bbyy"
          value={values.bbyy}
          onValue={set('bbyy')}
          error={errors.bbyy}
          maxLength={limits.HkkbbAnswers.bbyy}
          required
          placeholder="如：户口卡遗失、损坏，或登记信息变更"
        />
      </div>
      <LazyAttachmentsField
        flow={flow}
        label={LOSS_STATEMENT}
        required
        hint="本人签字的遗失情况说明，拍照或扫描上传；损坏的，上传原户口卡的照片，原卡到户籍办公室交回。"
      />
      <div class="weui-cells weui-cells_form">
        <PickupFields flow={flow} />
      </div>
      <MailingFields flow={flow} />
    </ServiceFlow>
  );
}
