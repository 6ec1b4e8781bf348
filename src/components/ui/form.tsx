import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import type { ApiResult } from '@/api/types';
import type { FieldErrors } from '@/lib/validators';
import { EARLY_SUBMIT_ATTRIBUTE } from '@shared/pages/page-data';

/** Validation (valibot and the schemas) is needed at the first submit, not for the first paint. */
const loadValidators = () => import('@/lib/validators');
import { ErrorSummary } from './error-summary';
import { FormIdProvider } from './form-field';

export interface FormProps {
  id: string;
  onSubmit: () => void;
  errors: FieldErrors;
  focusKey: number;
  children: ReactNode;
  /** Accessible name of the form. */
  label?: string;
}

/** A form with an error summary; the browser's own validation bubbles are off (ours are in Chinese). */
export function Form({ id, onSubmit, errors, focusKey, children, label }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Sent on a pre-rendered page before the app was live (shared/pages/boot-script.ts): sent now, once the fields have
    // taken what was typed (after this render's updates), through the form's own submit handler.
    const form = ref.current;
    if (!form?.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    form.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
    const id = setTimeout(() => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })), 0);
    return () => clearTimeout(id);
  }, []);
  return (
    <FormIdProvider value={id}>
      <form
        ref={ref}
        id={id}
        noValidate
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <ErrorSummary formId={id} errors={errors} focusKey={focusKey} />
        {children}
      </form>
    </FormIdProvider>
  );
}

/** Values kept elsewhere (a draft: service-form/use-draft), which the form reads and writes instead of its own. */
export interface FormValues<T> {
  values: T;
  update: (patch: Partial<T>) => void;
}

/**
 * Form state: values (never reset on failure), field errors, and a submit that validates first and
 * never runs twice at once (a double tap submits once).
 */
export function useForm<T extends Record<string, string>>(initial: T, kept?: FormValues<T>) {
  const [own, setValues] = useState<T>(initial);
  const values = kept ? kept.values : own;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusKey, setFocusKey] = useState(0);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const set = (name: keyof T & string) => (value: string) => {
    if (kept) kept.update({ [name]: value } as Partial<T>);
    else setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const { [name]: _cleared, ...rest } = prev;
      return rest;
    });
  };

  const fail = (next: FieldErrors) => {
    setErrors(next);
    setFocusKey((k) => k + 1);
  };

  useEffect(() => {
    // Fetched while the user types, so the first submit does not wait for it.
    void loadValidators();
  }, []);

  /**
   * Validates with the schema (or a loader of it), then runs the action; server errors[] land on
   * their fields.
   */
  async function submit<S extends v.GenericSchema>(
    schema: S | (() => Promise<S>),
    action: (value: v.InferOutput<S>) => Promise<ApiResult<unknown> | void>,
  ): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    try {
      const [{ validate, serverFieldErrors }, resolved] = await Promise.all([
        loadValidators(),
        typeof schema === 'function' ? schema() : schema,
      ]);
      const checked = validate(resolved, values);
      if (!checked.ok) {
        fail(checked.errors);
        return;
      }
      setErrors({});
      setPending(true);
      const result = await action(checked.value);
      if (result && !result.ok && result.errors.length) fail(serverFieldErrors(result.errors));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return { values, setValues, set, errors, fail, focusKey, pending, submit };
}
