import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '@/lib/validators';
import { fieldId } from './form-field';

export interface ErrorSummaryProps {
  formId: string;
  errors: FieldErrors;
  /** Changes on every failed submit: the summary takes focus again. */
  focusKey: number;
  title?: string;
}

/** A message that names no field (the spec's 请选择 of the region): the summary, far from the field, adds its label. */
const BARE = /^请(选择|填写)$/;

/** Lists a form's errors after a failed submit and takes focus so screen readers announce it. */
export function ErrorSummary({ formId, errors, focusKey, title = '请检查以下内容' }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The labels are read from the page: drawn again once the fields are in it (they may arrive with the summary).
  const [, redraw] = useState(0);
  const entries = Object.entries(errors);
  useEffect(() => {
    redraw((n) => n + 1);
    if (entries.length) ref.current?.focus();
    // Focus follows each failed submit, not each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  if (!entries.length) return null;
  const titleId = `${formId}-summary-title`;
  return (
    <div class="app-error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 class="app-error-summary__title" id={titleId}>
        {title}
      </h2>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a
              href={`#${fieldId(formId, field)}`}
              onClick={(e) => {
                const target = document.getElementById(fieldId(formId, field));
                if (target) {
                  e.preventDefault();
                  target.focus();
                }
              }}
            >
              {message}
              {BARE.test(message) && document.querySelector(`label[for="${fieldId(formId, field)}"]`)?.textContent}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
