import { FormField } from '@/components/ui/form-field';

export interface DateFieldProps {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  /** Earliest and latest day (YYYY-MM-DD). */
  min?: string;
  max?: string;
  required?: boolean;
}

/** A labelled date (the phone's own date picker). */
export function DateField({ label, name, value, onValue, error, hint, min, max, required }: DateFieldProps) {
  return (
    <FormField label={label} name={name} error={error} hint={hint} required={required}>
      {(control) => (
        <input
          class="weui-input"
          type="date"
          min={min}
          max={max}
          {...control}
          value={value}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        />
      )}
    </FormField>
  );
}
