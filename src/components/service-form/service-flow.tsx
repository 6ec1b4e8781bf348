// Styles of the form step and of the delivery fields (the other steps bring theirs).
import './service-form.css';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import type { ReviewItem } from './service-review';
import type { ServiceFormFlow } from './use-service-form';

// The review and the confirmation load once the form shows, while the user types. The guide is not here: the screen
// (service-screen.tsx) shows it before it loads the form.
const laterSteps = () => import('./service-steps');
const ServiceStep = lazy(laterSteps);

export interface ServiceFlowProps {
  flow: ServiceFormFlow;
  /** Accessible name of the form (the service). */
  label: string;
  /** The answers for the review step (called only on that step). */
  review: () => ReviewItem[];
  /** What happens after submitting, and when (shown with the reference number). */
  next: ReactNode;
  /** Guide code when it differs from the service code (qianchu-<sub>, qianru-<qrlx>). */
  guideCode?: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A service's steps after its guide (form, review, confirmation): renders the step the flow is on. */
export function ServiceFlow({ flow, label, review, next, guideCode = flow.formId, children }: ServiceFlowProps) {
  useEffect(() => {
    if (flow.step === 'form') void laterSteps();
  }, [flow.step]);
  return (
    <Suspense fallback={null}>
      {flow.step === 'guide' ? null : flow.step !== 'form' ? (
        <ServiceStep flow={flow} review={review} next={next} guideCode={guideCode} />
      ) : (
        <div class="app-page" onPaste={flow.paste}>
          {flow.restored && (
            <p class="sf-note" role="status">
              已恢复您上次填写的内容
            </p>
          )}
          <Form id={flow.formId} label={label} onSubmit={() => void flow.next()} errors={flow.errors} focusKey={flow.focusKey}>
            {children}
            <div class="app-actions">
              <Button type="submit">下一步</Button>
            </div>
          </Form>
        </div>
      )}
    </Suspense>
  );
}
