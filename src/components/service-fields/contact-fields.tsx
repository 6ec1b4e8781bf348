import { DeliveryFields, deliveryReview } from '@/components/service-form/delivery-fields';
import type { Values } from '@/components/service-form/draft';
import { labelOf } from '@/components/service-form/options';
import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { Select, type SelectOption } from '@/components/ui/form-field';
import { PhoneField } from './phone-field';

/** 现场领取 or 邮寄 (the contract's Lqfs). */
export const pickupOptions: SelectOption[] = [
  { value: '0', label: '现场领取' },
  { value: '1', label: '邮寄' },
];

/** An option mails the result: every option but 0 (现场领取), for Lqfs and for the courier dictionaries alike. */
export const mailedBy = (option: string | undefined) => Boolean(option) && option !== '0';

export interface PickupProps {
  flow: ServiceFormFlow;
  /** Field of the pickup option (lqfs; kdfs for 户籍证明). */
  name?: string;
  options?: readonly SelectOption[];
}

/** 领取方式 and 联系电话, inside the form's cells. */
export function PickupFields({ flow, name = 'lqfs', options = pickupOptions }: PickupProps) {
  return (
    <>
      <Select
        label="领取方式"
        name={name}
        value={flow.values[name]}
        options={options}
        onValue={flow.set(name)}
        error={flow.errors[name]}
        required
      />
      <PhoneField flow={flow} />
    </>
  );
}

/** The delivery form of spec §5 when the chosen option mails the result (after the form's cells). */
export function MailingFields({ flow, name = 'lqfs' }: Omit<PickupProps, 'options'>) {
  if (!mailedBy(flow.values[name])) return null;
  return <DeliveryFields values={flow.values} errors={flow.errors} set={flow.set} onPickRegion={() => flow.pickRegion('yjxx')} />;
}

/** Review items of 领取方式, 联系电话 and, when mailed, 邮寄信息. */
export function pickupReview(values: Values, name = 'lqfs', options: readonly SelectOption[] = pickupOptions): ReviewItem[] {
  return [
    { name, label: '领取方式', value: labelOf(options, values[name]) },
    { name: 'lxdh', label: '联系电话', value: values.lxdh },
    ...(mailedBy(values[name]) ? deliveryReview(values) : []),
  ];
}
