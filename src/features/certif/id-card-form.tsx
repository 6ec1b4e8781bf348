import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { addOrEdit, answersOf } from '@/api/form-send';
import * as limits from '@shared/contract/limits';
import { emptyDelivery, fromDelivery, toDelivery, usablePhone } from '@/components/service-form/delivery-fields';
import { dictOptions, labelOf } from '@/components/service-form/options';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { MailingFields, PickupFields, pickupReview } from '@/components/service-fields/contact-fields';
import { Select, TextField, type SelectOption } from '@/components/ui/form-field';
import { $session } from '@/state/session';
import type { Checked } from './id-card-schema';
import { appointmentDates } from './api';

type Answers = Schemas['SfzblAnswers'];
type QuotaDate = Schemas['QuotaDateOption'];

/** Spec §9: the date option shows its remaining quota. */
const quotaLabel = (d: QuotaDate) => `${d.dateLabel}（剩余${d.remaining}个名额）`;

const NEXT = '请于预约日期本人携带所需材料到户籍办公室采集人像和指纹；制证完成后，按您选择的领取方式通知领取或寄出。';

/** 身份证办理 after its guide (id-card-page): reason, handling method, appointment date with quota, pickup or mailing. */
export default function IdCardForm() {
  const { userInfo } = useStore($session);
  const [reasons, setReasons] = useState<SelectOption[]>([]);
  const [methods, setMethods] = useState<Schemas['DictItem'][]>([]);
  const [dates, setDates] = useState<QuotaDate[] | null>(null);

  const flow = useServiceForm({
    serviceCode: 'sfzbl',
    initial: { blyy: '', blfs: '', yyrq: '', xphzh: '', lqfs: '0', lxdh: usablePhone(userInfo?.phone), ...emptyDelivery(userInfo ?? {}) },
    schema: (values) => import('./id-card-schema').then((m) => (values.lqfs === '1' ? m.mailed : m.answers)),
    toBody: (c: Checked, values): Answers => ({
      blyy: c.blyy,
      blfs: c.blfs,
      yyrq: c.yyrq,
      ...(c.xphzh ? { xphzh: c.xphzh } : {}),
      lqfs: c.lqfs,
      lxdh: c.lxdh,
      ...(c.yjxx ? { yjxx: toDelivery(c.yjxx, values) } : {}),
    }),
    send: addOrEdit('/api/daily/sfzbl/add', '/api/daily/sfzbl/edit'),
    fromApplication: (app) => {
      const a = answersOf(app, 'sfzbl');
      return {
        blyy: a.blyy || '',
        blfs: a.blfs || '',
        yyrq: a.yyrq || '',
        xphzh: a.xphzh || '',
        lqfs: a.lqfs ?? '0',
        lxdh: a.lxdh || '',
        ...fromDelivery(a.yjxx),
      };
    },
    onRefused: (failure) => {
      // 「该日期名额已满，请选择其他日期」: say it on the date, and show the quotas as they are now.
      if (!failure.msg.includes('名额')) return;
      void loadDates(flow.values.blfs);
      return { yyrq: failure.msg };
    },
  });
  const { values, errors, set } = flow;
  const own = flow.application ? answersOf(flow.application, 'sfzbl') : undefined;

  async function loadDates(blfs: string) {
    if (!blfs) return setDates(null);
    setDates(await appointmentDates(blfs));
  }

  useEffect(() => {
    void unwrap(client.GET('/api/dict/qh_identity_reason')).then((r) => r.ok && setReasons(dictOptions(r.data)));
    void unwrap(client.POST('/api/daily/sfzbl/blfslist', { body: {} })).then((r) => r.ok && setMethods(r.data));
    // Dictionaries load once.
  }, []);

  useEffect(() => {
    void loadDates(values.blfs);
  }, [values.blfs]);

  const method = methods.find((m) => m.dictValue === values.blfs);
  const ownDate = own && own.blfs === values.blfs ? own.yyrq : undefined;
  const dateOptions: SelectOption[] = (dates ?? []).map((d) => ({
    value: d.dateValue,
    label: d.dateValue === ownDate ? `${d.dateLabel}（您当前的预约）` : quotaLabel(d),
    disabled: d.remaining <= 0 && d.dateValue !== ownDate,
  }));

  useEffect(() => {
    // A date no longer offered (full, or another method) is cleared; its error, if any, stays to say why.
    if (dates && values.yyrq && !dateOptions.some((o) => o.value === values.yyrq && !o.disabled)) flow.patch({ yyrq: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dates]);

  return (
    <ServiceFlow
      flow={flow}
      label="身份证办理"
      next={NEXT}
      review={() => [
        { name: 'blyy', label: '办理原因', value: labelOf(reasons, values.blyy) },
        { name: 'blfs', label: '办理方式', value: method?.dictLabel },
        { name: 'yyrq', label: '预约日期', value: dates?.find((d) => d.dateValue === values.yyrq)?.dateLabel ?? values.yyrq },
        { name: 'xphzh', label: '相片回执号', value: values.xphzh },
        ...pickupReview(values),
      ]}
    >
      <div class="weui-cells weui-cells_form">
        <Select label="办理原因" name="blyy" value={values.blyy} options={reasons} onValue={set('blyy')} error={errors.blyy} required />
        <Select
          label="办理方式"
          name="blfs"
          value={values.blfs}
          options={dictOptions(methods)}
          onValue={set('blfs')}
          error={errors.blfs}
          required
        />
        {method?.remark && <p class="app-field__hint">{method.remark}</p>}
        <Select
          label="预约日期"
          name="yyrq"
          value={values.yyrq}
          options={dateOptions}
          onValue={set('yyrq')}
          error={errors.yyrq}
          required
          placeholder={!values.blfs ? '请先选择办理方式' : dates?.length === 0 ? '暂无可预约日期' : '请选择'}
        />
        <TextField
          label="相片回执号"
          name="xphzh"
          value={values.xphzh}
          onValue={set('xphzh')}
          error={errors.xphzh}
          maxLength={limits.SfzblAnswers.xphzh}
          placeholder="选填"
          hint="在照相馆拍摄数码相片的，填写其回执号"
        />
        <PickupFields flow={flow} />
      </div>
      <MailingFields flow={flow} />
    </ServiceFlow>
  );
}
