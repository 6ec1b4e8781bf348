import { FormField } from '@/components/ui/form-field';

export interface TextAreaProps {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  maxLength: number;
  required?: boolean;
  rows?: number;
}

/** A labelled multi-line text with its character count (WeUI textarea). */
export function TextArea({ label, name, value, onValue, error, hint, placeholder, maxLength, required, rows = 3 }: TextAreaProps) {
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
          <div class="weui-textarea-counter" aria-hidden="true">
            {value.length}/{maxLength}
          </div>
        </>
      )}
    </FormField>
  );
}
