import './service-steps.css';
import type { ReactNode } from 'react';
import ServiceGuide from './service-guide';
import ServiceReview, { type ReviewItem } from './service-review';
import SubmitConfirmation from './submit-confirmation';
import type { ServiceFormFlow } from './use-service-form';

export interface ServiceStepProps {
  flow: ServiceFormFlow;
  review: () => ReviewItem[];
  next: ReactNode;
  guideCode: string;
}

/** The steps around the form (guide, review, confirmation): one chunk, loaded when the first of them shows. */
export default function ServiceStep({ flow, review, next, guideCode }: ServiceStepProps) {
  if (flow.step === 'guide') return <ServiceGuide serviceCode={guideCode} onStart={flow.start} resumed={flow.restored} />;
  if (flow.step === 'review') return <ServiceReview flow={flow} items={review()} />;
  return <SubmitConfirmation flow={flow} next={next} guideCode={guideCode} />;
}
