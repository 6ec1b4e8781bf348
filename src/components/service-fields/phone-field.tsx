import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { TextField } from '@/components/ui/form-field';
import { PHONE_MAX } from '@/lib/rules';

// Its own module: the forms that only ask a phone (no pickup, no mailing) do not fetch the delivery fields.
/** 联系电话 (every service asks it). */
export function PhoneField({ flow }: { flow: ServiceFormFlow }) {
  return (
    <TextField
      label="联系电话"
      name="lxdh"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={PHONE_MAX}
      value={flow.values.lxdh}
      onValue={flow.set('lxdh')}
      error={flow.errors.lxdh}
      required
    />
  );
}
