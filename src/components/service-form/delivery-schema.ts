import * as v from 'valibot';
import { deliverySchema } from '@/lib/validators';

/**
 * The delivery part of a form schema (spec §5 messages), for the `yjxx.*` fields. The region is picked whole on
 * /address, so one field (`qu`, the last level) carries its 请选择.
 */
export const deliveryPart = v.omit(deliverySchema, ['shen', 'shi']);

export type DeliveryChecked = v.InferOutput<typeof deliveryPart>;
