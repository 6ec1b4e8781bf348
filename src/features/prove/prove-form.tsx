import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { answersOf } from '@/api/form-send';
import type { Schemas } from '@/api/client';
import * as limits from '@shared/contract/limits';
import { emptyDelivery, fromDelivery, toDelivery, usablePhone } from '@/components/service-form/delivery-fields';
import { dictOptions, labelOf, type DictItem } from '@/components/service-form/options';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { mailedBy, MailingFields, PickupFields, pickupOptions, pickupReview } from '@/components/service-fields/contact-fields';
import { copyOptions } from '@/components/service-fields/copies';
import { TextArea } from '@/components/service-fields/text-area';
import { Select, TextField, type SelectOption } from '@/components/ui/form-field';
import { $session } from '@/state/session';
import { loadCouriers, send, typesOf, type Kind } from './api';
import type { Checked } from './prove-schema';

type HjzmAnswers = Schemas['HjzmkjAnswers'];
type ProofAnswers = Schemas['ProofAnswers'];

interface Proof {
  label: string;
  /** Field of the type or reason (zmlx from typelist, bllx from bllxlist) and its label. */
  type: 'zmlx' | 'bllx';
  typeLabel: string;
  /** Field of the pickup option: kdfs (kdlist: 0 or a courier) or lqfs (0 or 1). */
  pick: 'kdfs' | 'lqfs';
  next: string;
}

const READY = '开具后按您选择的领取方式通知您到户籍办公室领取或寄出。';
const proofs: Record<Kind, Proof> = {
  hjzmkj: {
    label: '户籍证明开具',
    type: 'zmlx',
    typeLabel: '证明类型',
    pick: 'kdfs',
    next: `户籍办审核后开具证明，${READY}`,
  },
  wfzzmkj: {
    label: '无犯罪记录证明开具',
    type: 'bllx',
    typeLabel: '办理原因',
    pick: 'lqfs',
    next: `户籍办报派出所核查后开具证明，${READY}`,
  },
  wwfzmkj: {
    label: '无违法证明开具',
    type: 'bllx',
    typeLabel: '办理原因',
    pick: 'lqfs',
    next: `户籍办报派出所核查后开具证明，${READY}`,
  },
};

/**
 * 户籍证明, 无犯罪记录证明, 无违法证明 after the guide (prove-form-page, by route): type or reason, purpose, copies,
 * pickup or mailing.
 */
export default function ProveForm({ kind }: { kind: Kind }) {
  const proof = proofs[kind];
  const { type, pick } = proof;
  const { userInfo } = useStore($session);
  const [types, setTypes] = useState<DictItem[]>([]);
  const [couriers, setCouriers] = useState<SelectOption[]>(pickupOptions);

  const flow = useServiceForm({
    serviceCode: kind,
    initial: { [type]: '', yt: '', jsdw: '', fs: '1', [pick]: '0', lxdh: usablePhone(userInfo?.phone), ...emptyDelivery(userInfo ?? {}) },
    schema: (values) => import('./prove-schema').then((m) => m.schemaFor(kind, mailedBy(values[pick]))),
    toBody: (c: Checked, values) =>
      ({
        [type]: c[type],
        yt: c.yt,
        ...(c.jsdw ? { jsdw: c.jsdw } : {}),
        fs: Number(c.fs),
        [pick]: c[pick],
        lxdh: c.lxdh,
        ...(c.yjxx ? { yjxx: toDelivery(c.yjxx, values) } : {}),
      }) as HjzmAnswers | ProofAnswers,
    send: (body, header, editId) => send(kind, body, header, editId),
    fromApplication: (app) => {
      const a: Partial<HjzmAnswers & ProofAnswers> = { ...answersOf(app, 'hjzmkj'), ...answersOf(app, ['wfzzmkj', 'wwfzmkj']) };
      return {
        [type]: a[type] || '',
        yt: a.yt || '',
        jsdw: a.jsdw || '',
        fs: String(a.fs ?? 1),
        [pick]: a[pick] ?? '0',
        lxdh: a.lxdh || '',
        ...fromDelivery(a.yjxx),
      };
    },
  });
  const { values, errors, set } = flow;

  useEffect(() => {
    void typesOf(kind).then((r) => r.ok && setTypes(r.data));
    if (kind === 'hjzmkj') void loadCouriers().then((r) => r.ok && setCouriers(dictOptions(r.data)));
  }, [kind]);

  const typeOptions = dictOptions(types);
  const max = kind === 'hjzmkj' ? limits.HjzmkjAnswers : limits.ProofAnswers;
  const remark = types.find((t) => t.dictValue === values[type])?.remark;
  return (
    <ServiceFlow
      flow={flow}
      label={proof.label}
      next={proof.next}
      review={() => [
        { name: type, label: proof.typeLabel, value: labelOf(typeOptions, values[type]) },
        { name: 'yt', label: '用途', value: values.yt },
        { name: 'jsdw', label: '接收单位', value: values.jsdw },
        { name: 'fs', label: '份数', value: labelOf(copyOptions, values.fs) },
        ...pickupReview(values, pick, couriers),
      ]}
    >
      <div class="weui-cells weui-cells_form">
        <Select
          label={proof.typeLabel}
          name={type}
          value={values[type]}
          options={typeOptions}
          onValue={set(type)}
          error={errors[type]}
          required
        />
        {remark && <p class="app-field__hint">{remark}</p>}
        <TextArea
          label="用途"
          name="yt"
          value={values.yt}
          onValue={set('yt')}
          error={errors.yt}
          maxLength={max.yt}
          rows={2}
          required
          placeholder={type === 'zmlx' ? '如：办理护照、入职、落户' : '如：某单位入职政审'}
        />
        <TextField
          label="接收单位"
          name="jsdw"
          value={values.jsdw}
          onValue={set('jsdw')}
          error={errors.jsdw}
          maxLength={max.jsdw}
          placeholder="选填"
        />
        <Select label="份数" name="fs" value={values.fs} options={copyOptions} onValue={set('fs')} error={errors.fs} required />
        <PickupFields flow={flow} name={pick} options={couriers} />
      </div>
      <MailingFields flow={flow} name={pick} />
    </ServiceFlow>
  );
}
