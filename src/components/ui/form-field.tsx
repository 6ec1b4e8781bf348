import type { SelectOption } from '@/lib/options';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';

const FormIdContext = createContext('form');

/** Gives the fields inside it ids unique to this form (the error summary links to them). */
export const FormIdProvider = FormIdContext.Provider;

/** Id of a form control, so an error summary can point at it. */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/** Ids and ARIA wiring the field hands to its control. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  name: string;
  error?: string;
  /** Text under the control (format hints). */
  hint?: ReactNode;
  /** Right-hand extra (an image code, a send-code button). */
  extra?: ReactNode;
  /** Extra classes for the cell, e.g. weui-cell_select. */
  cellClass?: string;
  required?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form row: the label is bound to the control (and has the id `${id}-label`), the error is shown inline. */
export function FormField({ label, name, error, hint, extra, cellClass, required, children }: FormFieldProps) {
  const id = fieldId(useContext(FormIdContext), name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="app-field">
      <div class={['weui-cell', 'weui-cell_active', error && 'weui-cell_warn', cellClass].filter(Boolean).join(' ')}>
        <div class="weui-cell__hd">
          <label class={required ? 'weui-label app-label_required' : 'weui-label'} for={id} id={`${id}-label`}>
            {label}
          </label>
        </div>
        <div class="weui-cell__bd">
          {children({
            id,
            name,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy,
            'aria-required': required ? true : undefined,
          })}
        </div>
        {extra && <div class="weui-cell__ft">{extra}</div>}
      </div>
      {hint && (
        <p class="app-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="app-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps {
  type?: 'text' | 'password' | 'tel' | 'email' | 'number' | 'date' | 'datetime-local' | 'search';
  placeholder?: string;
  autoComplete?: string;
  autoCapitalize?: 'none' | 'off' | 'on' | 'sentences' | 'words' | 'characters';
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'decimal' | 'search';
  maxLength?: number;
  readOnly?: boolean;
  disabled?: boolean;
  label: ReactNode;
  name: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  extra?: ReactNode;
  required?: boolean;
}

/** A labelled text input; a text without a placeholder of its own says 请输入 and its label. */
export function TextField({
  label,
  name,
  value,
  onValue,
  error,
  hint,
  extra,
  required,
  type = 'text',
  placeholder,
  ...input
}: TextFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  // A pre-rendered page (login.html, register.html…) can be typed into before the scripts arrive; hydration keeps the
  // text in the input but not in the form's state, which would clear it on the next render. So the state takes what
  // the input holds once the field is live (also what a browser restored or autofilled).
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed && typed !== value) onValue(typed);
    // Once, when the field first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FormField label={label} name={name} error={error} hint={hint} extra={extra} required={required}>
      {(control) => (
        <input
          ref={ref}
          class="weui-input"
          // Preact types <input> per type value; a union of them is not accepted as one.
          type={type as 'text'}
          placeholder={
            placeholder ?? (typeof label === 'string' && !input.readOnly && /^(text|tel|email)$/.test(type) ? `请输入${label}` : undefined)
          }
          {...input}
          {...control}
          value={value}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        />
      )}
    </FormField>
  );
}

export type { SelectOption } from '@/lib/options';

export interface SelectProps {
  label: ReactNode;
  name: string;
  value: string;
  options: readonly SelectOption[];
  onValue: (value: string) => void;
  error?: string;
  required?: boolean;
  /** Text of the empty first option. */
  placeholder?: string;
  disabled?: boolean;
}

/** A labelled native select (the phone's own picker, which also works in the WeChat webview). */
export function Select({ label, name, value, options, onValue, error, required, placeholder = '请选择', disabled }: SelectProps) {
  return (
    <FormField label={label} name={name} error={error} required={required} cellClass="app-cell_select">
      {(control) => (
        <select
          class="app-select"
          {...control}
          value={value}
          disabled={disabled}
          onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
