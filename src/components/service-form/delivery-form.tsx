import { FormField, Select, TextField } from '@/components/ui/form-field';
import { deliverySlots, PHONE_MAX } from '@/lib/rules';
import type { DeliveryFieldsProps } from './delivery-fields';

// Not imported from delivery-fields: a runtime import of the screen's chunk would make this chunk load it again.
const at = (name: string) => `yjxx.${name}`;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysFromNow = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

/** The delivery form of spec §5 (loaded by DeliveryFields). */
export default function DeliveryForm({ values, errors, set, onPickRegion }: DeliveryFieldsProps) {
  const text = (name: string, label: string, extra: { type?: 'tel'; maxLength?: number; autoComplete?: string; hint?: string } = {}) => (
    <TextField
      label={label}
      name={at(name)}
      value={values[at(name)] || ''}
      onValue={set(at(name))}
      error={errors[at(name)]}
      required
      inputMode={extra.type === 'tel' ? 'numeric' : undefined}
      {...extra}
    />
  );
  const phone = { type: 'tel' as const, maxLength: PHONE_MAX, autoComplete: 'tel' };
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
          name={at('pssd')}
          value={values[at('pssd')] || ''}
          options={deliverySlots}
          onValue={set(at('pssd'))}
          error={errors[at('pssd')]}
          required
        />
        {text('sslh', '宿舍楼号')}
        {text('lxdh', '派送电话', { ...phone, hint: '快递员派送时联系的电话' })}
        {text('sjrxm', '收件人姓名', { autoComplete: 'name' })}
        {text('sjrdh', '收件人电话', phone)}
        <FormField label="所在地区" name={at('qu')} error={errors[at('qu')]} required cellClass="weui-cell_access" extra={<span aria-hidden="true" />}>
          {(control) => (
            <button type="button" class="sf-region" {...control} onClick={onPickRegion}>
              {values[at('ssqmc')] || <span class="sf-placeholder">请选择省/市/区县</span>}
            </button>
          )}
        </FormField>
        {text('xxdz', '详细地址', { autoComplete: 'street-address' })}
      </div>
    </section>
  );
}
