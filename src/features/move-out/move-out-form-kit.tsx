import type { ComponentType, ReactNode } from 'react';
import type * as v from 'valibot';
import type { ApiFailure, Schemas } from '@/api/client';
import type { FormSend } from '@/api/form-send';
import { TextArea } from '@/components/service-fields/text-area';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { TextField } from '@/components/ui/form-field';

/**
 * What every move-out form is made of: its shape as its steps (move-out-flow) run it, and the field helpers.
 * The forms themselves are in two modules, each loaded with its screens only: qianchu-form (the six /api/qianchu
 * sub-services) and certificate-forms (the four 迁移证 services).
 */

/** The kinds of the move-out forms. */
export type MoveOutKind = 'qianchu' | 'qyzyq' | 'qyzbg' | 'qykbb' | 'zxhkzmkj';

export type FlowProps = { flow: ServiceFormFlow };

/** A move-out form as the screen runs it (types erased: each definition is typed where it is written). */
export interface MoveOutForm {
  serviceCode: string;
  label: string;
  /** The material uploaded (its clmc, the guide's name), what to upload, what happens next. */
  material: string;
  /** The material may be left out (the schema does not ask for it; its hint says 选填). */
  optionalMaterial?: boolean;
  hint: string;
  next: string;
  initial: Values;
  schema: (values: Values, mailed: boolean) => Promise<v.GenericSchema<unknown, never>>;
  /** The form's own part of the body. */
  toBody: (checked: never, values: Values) => object;
  send: FormSend<never>;
  /** The kind of its applications (their answers' shape). */
  kind: MoveOutKind;
  fromApplication: (application: Schemas['Application']) => Values;
  onRefused?: (failure: ApiFailure) => Record<string, string>;
  review: (values: Values) => ReviewItem[];
  Fields: ComponentType<FlowProps>;
}

interface Definition<C, B> extends Omit<MoveOutForm, 'schema' | 'toBody' | 'send'> {
  schema: (values: Values, mailed: boolean) => Promise<v.GenericSchema<unknown, C>>;
  toBody: (checked: C, values: Values) => B;
  /** addOrEdit(add, edit) of the form's operations (the body is this form's part and the shared fields). */
  send: FormSend<never>;
}

export const define = <C, B>(d: Definition<C, B>): MoveOutForm => d as unknown as MoveOutForm;

export const schemas = () => import('./move-out-schema');
export const DONE = '开具后按您选择的领取方式通知您领取或寄出';

export const text = (
  flow: ServiceFormFlow,
  name: string,
  label: string,
  maxLength: number,
  extra: { placeholder?: string; required?: boolean } = {},
) => (
  <TextField
    label={label}
    name={name}
    value={flow.values[name] || ''}
    onValue={flow.set(name)}
    error={flow.errors[name]}
    maxLength={maxLength}
    {...extra}
  />
);

export const area = (flow: ServiceFormFlow, name: string, label: string, placeholder: string, maxLength: number) => (
  <TextArea
    label={label}
    name={name}
    value={flow.values[name] || ''}
    onValue={flow.set(name)}
    error={flow.errors[name]}
    maxLength={maxLength}
    placeholder={placeholder}
    required
  />
);

export const cells = (children: ReactNode) => <div class="weui-cells weui-cells_form">{children}</div>;

export const item = (name: string, label: string, value: string | undefined) => ({ name, label, value });

export const qyzbh = (flow: ServiceFormFlow, maxLength: number) => text(flow, 'qyzbh', '迁移证编号', maxLength, { required: true });

export interface Context {
  /** The last finished move-out (prefill, and the one reassigned), or null. */
  last: Schemas['Application'] | null;
  /** The guard's answer handed over as query dizhi: the current 迁移证 (address, number, validity) once moved out. */
  verdict: Schemas['MoveOutCheck'] | null;
  userId: string | null;
  /** Correcting an application (edit=1): no prefill. */
  editing: boolean;
}
