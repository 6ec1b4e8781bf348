import './service-steps.css';
import type { ReactNode } from 'react';
import ServiceReview, { type ReviewItem } from './service-review';
import SubmitConfirmation from './submit-confirmation';
import type { ServiceFormFlow } from './use-service-form';

export interface ServiceStepProps {
  flow: ServiceFormFlow;
  review: () => ReviewItem[];
  next: ReactNode;
  guideCode: string;
}

/** The steps after the form (review, confirmation): one chunk, fetched once the form shows. */
export default function ServiceStep({ flow, review, next, guideCode }: ServiceStepProps) {
  if (flow.step === 'review') return <ServiceReview flow={flow} items={review()} />;
  return <SubmitConfirmation flow={flow} next={next} guideCode={guideCode} />;
}
