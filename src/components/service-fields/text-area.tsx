import { FormField } from '@/components/ui/form-field';

export interface TextAreaProps {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  /** 请输入 and the label unless given. */
  placeholder?: string;
  /** The field's maxLength in the contract (shared/contract/limits.ts): enforced while typing, counted under the text. */
  maxLength: number;
  required?: boolean;
  rows?: number;
}

/** A labelled multi-line text with its character count (WeUI textarea); the count turns red at the limit. */
export function TextArea({
  label,
  name,
  value,
  onValue,
  error,
  hint,
  placeholder = `请输入${label}`,
  maxLength,
  required,
  rows = 3,
}: TextAreaProps) {
  return (
    // Label at the top of the text, not beside its middle.
    <FormField label={label} name={name} error={error} hint={hint} required={required} cellClass="weui-cell_primary">
      {(control) => (
        <>
          <textarea
            class="weui-textarea"
            rows={rows}
            maxLength={maxLength}
            placeholder={placeholder}
            {...control}
            value={value}
            onInput={(e) => onValue((e.currentTarget as HTMLTextAreaElement).value)}
          />
          <div class={value.length >= maxLength ? 'weui-textarea-counter app-counter_full' : 'weui-textarea-counter'} aria-hidden="true">
            {value.length}/{maxLength}
          </div>
        </>
      )}
    </FormField>
  );
}
