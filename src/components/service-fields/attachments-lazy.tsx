import { lazy, Suspense } from 'react';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';
import { filesOf } from './attachments';
import type { AttachmentsFieldProps } from './attachments-field';

// The uploader loads with the form step, not with the screen (forms with several materials stay within budget).
const Field = lazy(() => import('./attachments-field').then((m) => ({ default: m.AttachmentsField })));

/** AttachmentsField, loaded on demand. */
export function LazyAttachmentsField(props: AttachmentsFieldProps) {
  return (
    <Suspense fallback={null}>
      <Field {...props} />
    </Suspense>
  );
}

/** The review item of an attachments field (the file names), without loading the uploader. */
export const filesReview = (values: Values, label: string, name: string): ReviewItem => ({
  name,
  label,
  value: filesOf(values[name])
    .map((f) => f.name)
    .join('、'),
});
