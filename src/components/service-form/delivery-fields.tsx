import { lazy, Suspense } from 'react';
import type { Schemas } from '@/api/client';
import { deliveryAddressKinds, deliverySlots, MOBILE_RE } from '@/lib/rules';
import type { DeliveryChecked } from './delivery-schema';
import type { Values } from './draft';
import { DELIVERY } from './form-names';
import type { ReviewItem } from './service-review';
import { fromRegion, toRegion } from '@/components/service-fields/region-values';
import type { DeliveryFieldsProps } from './delivery-form';

export type { DeliveryFieldsProps };

export type Delivery = Schemas['Delivery'];

const at = (name: string) => `${DELIVERY}.${name}`;

/** A phone to prefill a field with: only a full one (the user info may carry a masked 138****8001). */
export const usablePhone = (phone: string | null | undefined) => (phone && MOBILE_RE.test(phone) ? phone : '');

/**
 * The delivery part's fields: the form uses the wire's names (`yjxx.sjd`…), and keeps the region `ssq` the way every
 * region picker does (`yjxx.shen/.shi/.qu/.ssqmc`, see region-values).
 */
const scalars = ['pssj', 'sjd', 'dzlx', 'ssl', 'lxdh', 'sjrxm', 'sjrdh', 'xxdz'] as const satisfies readonly Exclude<
  keyof Delivery,
  'ssq'
>[];

/** Empty delivery fields (to the dormitory); the recipient defaults to the user. */
export function emptyDelivery(recipient: { xm?: string | null; phone?: string | null } = {}): Values {
  const phone = usablePhone(recipient.phone);
  return fromDelivery({ lxdh: phone, sjrxm: recipient.xm || '', sjrdh: phone } as Delivery);
}

/** The wire `yjxx` from the checked delivery part and the form values (for the region's name); no building for a home. */
export function toDelivery(checked: DeliveryChecked, values: Values): Delivery {
  const { ssl, ...rest } = Object.fromEntries(scalars.map((name) => [name, checked[name]])) as Omit<Delivery, 'ssq'>;
  return { ...rest, ...(checked.dzlx === '1' ? {} : { ssl }), ssq: toRegion(values, DELIVERY) };
}

/** Form values of a saved `yjxx` (correcting an application). */
export function fromDelivery(d: Delivery | null | undefined): Values {
  if (!d) return {};
  return {
    ...Object.fromEntries(scalars.map((name) => [at(name), d[name] || ''])),
    // Saved before the address kind was asked: it went to the dormitory.
    [at('dzlx')]: d.dzlx || '0',
    ...fromRegion(DELIVERY, d.ssq),
  };
}

/** The delivery answers for the review step (group 邮寄信息). */
export function deliveryReview(values: Values): ReviewItem[] {
  const item = (name: string, label: string, value = values[at(name)]) => ({ name: at(name), label, value, group: '邮寄信息' });
  const dorm = values[at('dzlx')] !== '1';
  return [
    item('pssj', '派送日期'),
    item('sjd', '派送时间', deliverySlots.find((s) => s.value === values[at('sjd')])?.label),
    item('dzlx', '寄送地址', deliveryAddressKinds.find((k) => k.value === values[at('dzlx')])?.label),
    ...(dorm ? [item('ssl', '宿舍楼号')] : []),
    item('lxdh', '派送电话'),
    item('sjrxm', '收件人姓名'),
    item('sjrdh', '收件人电话'),
    item('qu', '所在地区', values[at('ssqmc')]),
    item('xxdz', '详细地址'),
  ];
}

// The fields load when mailing is chosen, not with every screen that offers it.
const Fields = lazy(() => import('./delivery-form'));

/** The delivery form of spec §5, for services that offer mailing (fields named `yjxx.*`). */
export function DeliveryFields(props: DeliveryFieldsProps) {
  return (
    <Suspense fallback={null}>
      <Fields {...props} />
    </Suspense>
  );
}
