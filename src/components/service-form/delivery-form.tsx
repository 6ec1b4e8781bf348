import * as limits from '@shared/contract/limits';
import { FormField, Select, TextField } from '@/components/ui/form-field';
import { addDays, today } from '@/components/service-fields/dates';
import { deliveryAddressKinds, deliverySlots } from '@/lib/rules';
import type { FieldErrors } from '@/lib/validators';
import type { Values } from './draft';

// Not imported from delivery-fields: a runtime import of the screen's chunk would make this chunk load it again.

/** What the lazily loaded fields take (delivery-fields.tsx passes them on). */
export interface DeliveryFieldsProps {
  values: Values;
  errors: FieldErrors;
  set: (name: string) => (value: string) => void;
  /** Opens /address for the region (the form is saved first). */
  onPickRegion: () => void;
}

const at = (name: string) => `yjxx.${name}`;

/** The day n days from today, in Beijing. */
const daysFromNow = (n: number) => addDays(today(), n);

/** The delivery form of spec §5 (loaded by DeliveryFields); the dormitory building only when mailed to the dormitory. */
export default function DeliveryForm({ values, errors, set, onPickRegion }: DeliveryFieldsProps) {
  const text = (
    name: string,
    label: string,
    maxLength: number,
    extra: { type?: 'tel'; autoComplete?: string; hint?: string; placeholder?: string } = {},
  ) => (
    <TextField
      label={label}
      name={at(name)}
      value={values[at(name)] || ''}
      onValue={set(at(name))}
      error={errors[at(name)]}
      required
      maxLength={maxLength}
      inputMode={extra.type === 'tel' ? 'numeric' : undefined}
      {...extra}
    />
  );
  const phone = { type: 'tel' as const, autoComplete: 'tel' };
  const dorm = values[at('dzlx')] !== '1';
  return (
    <section class="weui-cells__group" aria-labelledby="delivery-title">
      <h2 class="weui-cells__title" id="delivery-title">
        邮寄信息
      </h2>
      <div class="weui-cells weui-cells_form">
        <FormField label="派送日期" name={at('pssj')} error={errors[at('pssj')]} hint="今天之后14天内的工作日" required>
          {(control) => (
            <input
              class="weui-input"
              type="date"
              min={daysFromNow(1)}
              max={daysFromNow(14)}
              {...control}
              value={values[at('pssj')] || ''}
              onInput={(e) => set(at('pssj'))((e.currentTarget as HTMLInputElement).value)}
            />
          )}
        </FormField>
        <Select
          label="派送时间"
          name={at('sjd')}
          value={values[at('sjd')] || ''}
          options={deliverySlots}
          onValue={set(at('sjd'))}
          error={errors[at('sjd')]}
          required
        />
        <Select
          label="寄送地址"
          name={at('dzlx')}
          value={values[at('dzlx')] || ''}
          options={deliveryAddressKinds}
          onValue={set(at('dzlx'))}
          error={errors[at('dzlx')]}
          required
        />
        {dorm && text('ssl', '宿舍楼号', limits.Delivery.ssl, { placeholder: '如：学生公寓5号楼' })}
        {text('lxdh', '派送电话', limits.Delivery.lxdh, { ...phone, hint: '快递员派送时联系的电话' })}
        {text('sjrxm', '收件人姓名', limits.Delivery.sjrxm, { autoComplete: 'name' })}
        {text('sjrdh', '收件人电话', limits.Delivery.sjrdh, phone)}
        <FormField
          label="所在地区"
          name={at('qu')}
          error={errors[at('qu')]}
          required
          cellClass="weui-cell_access"
          extra={<span aria-hidden="true" />}
        >
          {({ 'aria-required': _required, ...control }) => (
            // A button takes no aria-required; its name is the label and what it shows.
            <button
              type="button"
              class="sf-region"
              {...control}
              aria-labelledby={`${control.id}-label ${control.id}`}
              onClick={onPickRegion}
            >
              {values[at('ssqmc')] || <span class="sf-placeholder">请选择省/市/区县</span>}
            </button>
          )}
        </FormField>
        {text('xxdz', '详细地址', limits.Delivery.xxdz, {
          autoComplete: 'street-address',
          placeholder: dorm ? '如：学生公寓5号楼312室' : '街道、小区、楼栋及门牌号',
        })}
      </div>
    </section>
  );
}
