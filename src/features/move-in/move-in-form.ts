import type { ComponentType } from 'react';
import type * as v from 'valibot';
import type { ApiFailure, Schemas } from '@/api/client';
import type { FormSend } from '@/api/form-send';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';

/**
 * A move-in form as its steps (move-in-flow) run it; each form's module defines one. Why a form cannot be started is
 * told before its guide (move-in-services).
 */
export interface MoveInForm {
  serviceCode: string;
  label: string;
  next: string;
  /** Loads what the form needs before it is shown (its dictionaries). */
  ready: () => Promise<unknown>;
  initial: Values;
  schema: (values: Values) => Promise<v.GenericSchema<unknown, never>>;
  toBody: (checked: never, values: Values) => object;
  send: FormSend<never>;
  fromApplication: (application: Schemas['Application']) => Values;
  onRefused?: (failure: ApiFailure) => Record<string, string>;
  review: (values: Values) => ReviewItem[];
  Fields: ComponentType<{ flow: ServiceFormFlow }>;
}

export type Definition<C, B> = Omit<MoveInForm, 'schema' | 'toBody' | 'send'> & {
  schema: (values: Values) => Promise<v.GenericSchema<unknown, C>>;
  toBody: (checked: C, values: Values) => B;
  /** addOrEdit(add, edit) of the form's operations. */
  send: FormSend<B>;
};

/** A typed definition, as the screen runs it. */
export const define = <C, B>(d: Definition<C, B>): MoveInForm => d as unknown as MoveInForm;
