import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { dictionary } from '@/api/dictionaries';
import { addOrEdit, answersOf } from '@/api/form-send';
import { attachmentRefs, attachmentsValue, filesOf } from '@/components/service-fields/attachments';
import { filesReview, LazyAttachmentsField } from '@/components/service-fields/attachments-lazy';
import * as limits from '@shared/contract/limits';
import { emptyDelivery, fromDelivery, toDelivery, usablePhone } from '@/components/service-form/delivery-fields';
import { dictOptions, labelOf } from '@/components/service-form/options';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { MailingFields, mailedBy, PickupFields, pickupReview } from '@/components/service-fields/contact-fields';
import { TextArea } from '@/components/service-fields/text-area';
import { FormField, Select, type SelectOption } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/validators';
import { $session } from '@/state/session';
import { $borrowCount, loadBorrowCount } from './borrow-count';
import { borrowRules } from './borrow-rules';
import type { Checked } from './borrow-schema';

type Answers = Schemas['HkkjyAnswers'];
type DateOption = Schemas['DateOption'];

/**
 * What happens next, true for a card picked up and for one mailed (issue 25: a mailed loan was told to come for it on
 * the borrow date); shown after sending, when the form's answers are gone.
 */
/** The guide's material, asked as the purpose needs it (issue 25: the guide asked for it and the form could not take it). */
const PURPOSE_PROOF = '用途证明材料';

const NEXT = '审核通过后，“消息通知”会告诉您领取的时间地点，邮寄的会告诉您快递单号；请按时归还，到期前会提醒您。';

/** 借用户口卡 after its guide (borrow-page): reason, borrow date, return date, pickup or courier; the yearly count shown. */
export default function BorrowForm() {
  const { userInfo } = useStore($session);
  const [reasons, setReasons] = useState<SelectOption[]>([]);
  const [couriers, setCouriers] = useState<SelectOption[]>([]);
  const [dates, setDates] = useState<DateOption[] | null>(null);
  const count = useStore($borrowCount);

  const loadDates = () => unwrap(client.GET('/api/daily/hkkjy/getDateList')).then((r) => setDates(r.ok ? r.data : []));

  const flow = useServiceForm({
    serviceCode: 'hkkjy',
    initial: {
      jyyy: '',
      jysm: '',
      jyrq: '',
      ghrq: '',
      attachments: '[]',
      lqfs: '0',
      lxdh: usablePhone(userInfo?.phone),
      ...emptyDelivery(userInfo ?? {}),
    },
    schema: (values) => import('./borrow-schema').then((m) => m.schemaFor(mailedBy(values.lqfs), borrowRules)),
    toBody: (c: Checked, values): Answers => ({
      jyyy: c.jyyy,
      ...(c.jysm ? { jysm: c.jysm } : {}),
      jyrq: c.jyrq,
      ghrq: c.ghrq,
      lqfs: c.lqfs,
      lxdh: c.lxdh,
      ...(c.yjxx ? { yjxx: toDelivery(c.yjxx, values) } : {}),
      ...(filesOf(values.attachments).length ? { attachments: attachmentRefs(values.attachments, PURPOSE_PROOF) } : {}),
    }),
    send: addOrEdit('/api/daily/hkkjy/add', '/api/daily/hkkjy/update'),
    fromApplication: (app) => {
      const a = answersOf(app, 'hkkjy');
      return {
        jyyy: a.jyyy || '',
        jysm: a.jysm || '',
        jyrq: a.jyrq || '',
        ghrq: a.ghrq || '',
        attachments: attachmentsValue(app.attachments),
        lqfs: a.lqfs ?? '0',
        lxdh: a.lxdh || '',
        ...fromDelivery(a.yjxx),
      };
    },
    onRefused: (failure): FieldErrors | void => {
      // A full day: said on the date, with the days as they are now.
      if (failure.msg.includes('名额')) {
        void loadDates();
        return { jyrq: failure.msg };
      }
      if (failure.msg.includes('归还日期')) return { ghrq: failure.msg };
      // No loans left: the screen (borrow-page) says so instead of the form.
      if (failure.msg.includes('次数')) void loadBorrowCount();
    },
  });
  const { values, errors, set } = flow;
  const own = answersOf(flow.application, 'hkkjy').jyrq;

  useEffect(() => {
    void dictionary('qh_hkk_reason').then((r) => r.ok && setReasons(dictOptions(r.data)));
    void dictionary('qh_hkk_kd').then((r) => r.ok && setCouriers(dictOptions(r.data)));
    void loadDates();
  }, []);

  // The day of the loan being corrected stays selectable although a full day is no longer listed.
  const dateOptions: SelectOption[] = (dates ?? []).map((d) => ({ value: d.dateValue, label: d.dateLabel }));
  if (own && !dateOptions.some((o) => o.value === own)) dateOptions.unshift({ value: own, label: `${own}（您当前的借用日期）` });

  useEffect(() => {
    // A day no longer offered is cleared; its error, if any, stays to say why.
    if (dates && values.jyrq && !dateOptions.some((o) => o.value === values.jyrq)) flow.patch({ jyrq: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dates, own]);

  const other = values.jyyy === borrowRules.otherReason;
  const [firstReturn, lastReturn] = values.jyrq ? borrowRules.returnWindow(values.jyrq) : [];
  return (
    <ServiceFlow
      flow={flow}
      label="借用户口卡"
      next={NEXT}
      review={() => [
        { name: 'jyyy', label: '借用原因', value: labelOf(reasons, values.jyyy) },
        { name: 'jysm', label: '借用说明', value: values.jysm },
        { name: 'jyrq', label: '借用日期', value: labelOf(dateOptions, values.jyrq) },
        { name: 'ghrq', label: '预计归还日期', value: values.ghrq },
        filesReview(values, PURPOSE_PROOF, 'attachments'),
        ...pickupReview(values, 'lqfs', couriers),
      ]}
    >
      {count && (
        <p class="sf-note" role="status">
          本年度还可借用{count.remaining}次（每年{count.limit}次）
        </p>
      )}
      <div class="weui-cells weui-cells_form">
        <Select label="借用原因" name="jyyy" value={values.jyyy} options={reasons} onValue={set('jyyy')} error={errors.jyyy} required />
        <TextArea
          label="借用说明"
          name="jysm"
          value={values.jysm}
          onValue={set('jysm')}
          error={errors.jysm}
          maxLength={limits.HkkjyAnswers.jysm}
          rows={2}
          required={other}
          placeholder="办理何种业务、在何处办理"
        />
        <Select
          label="借用日期"
          name="jyrq"
          value={values.jyrq}
          options={dateOptions}
          onValue={set('jyrq')}
          error={errors.jyrq}
          required
          placeholder={dates?.length === 0 ? '暂无可借用日期' : undefined}
        />
        <FormField label="归还日期" name="ghrq" error={errors.ghrq} hint="借用日期后7天内" required>
          {(control) => (
            <input
              class="weui-input"
              type="date"
              min={firstReturn}
              max={lastReturn}
              {...control}
              value={values.ghrq}
              onInput={(e) => set('ghrq')((e.currentTarget as HTMLInputElement).value)}
            />
          )}
        </FormField>
      </div>
      <LazyAttachmentsField flow={flow} label={`${PURPOSE_PROOF}（选填）`} hint="按用途提供，如护照或通行证的预约单、用人单位的证明。" />
      <div class="weui-cells weui-cells_form">
        <PickupFields flow={flow} options={couriers} />
      </div>
      <MailingFields flow={flow} />
    </ServiceFlow>
  );
}
