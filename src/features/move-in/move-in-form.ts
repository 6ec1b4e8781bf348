import type { ComponentType } from 'react';
import type * as v from 'valibot';
import type { ApiFailure, Schemas, UserInfo } from '@/api/client';
import type { FormSend } from '@/api/form-send';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import type { SectorsState } from '@/stores/sectors';

/** A move-in form as the screen (move-in-form-page) runs it; each form's module defines one. */
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
  /** Why the user cannot start this form now (told instead of the form), or null. */
  refusal?: (context: RefusalContext) => Refusal | null;
  /** The refusal reads the sectors (the new-student window): they are loaded first. */
  needsSectors?: boolean;
}

export interface RefusalContext {
  user: UserInfo | null;
  sectors: SectorsState;
}

export interface Refusal {
  title: string;
  description?: string;
  /** A route to go on with instead, and its button. */
  link?: [href: string, label: string];
}

export type Definition<C, B> = Omit<MoveInForm, 'schema' | 'toBody' | 'send'> & {
  schema: (values: Values) => Promise<v.GenericSchema<unknown, C>>;
  toBody: (checked: C, values: Values) => B;
  /** addOrEdit(add, edit) of the form's operations. */
  send: FormSend<B>;
};

/** A typed definition, as the screen runs it. */
export const define = <C, B>(d: Definition<C, B>): MoveInForm => d as unknown as MoveInForm;
