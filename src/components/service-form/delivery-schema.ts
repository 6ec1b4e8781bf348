import * as v from 'valibot';
import { deliverySchema } from '@/lib/validators';

const { pssj, sjd, ssl, lxdh, sjrxm, sjrdh, qu, xxdz } = deliverySchema.entries;
/** In the form's order (the error summary lists them so), with the building between the address kind and the phone. */
const part = <K extends '0' | '1', B extends v.GenericSchema<unknown, string>>(dzlx: K, building: B) =>
  v.object({ pssj, sjd, dzlx: v.literal(dzlx), ssl: building, lxdh, sjrxm, sjrdh, qu, xxdz });

/**
 * The delivery part of a form schema (spec §5 messages), for the `yjxx.*` fields. The region is picked whole on
 * /address, so one field (`qu`, the last level) carries its 请选择. The dormitory building is asked only when mailing
 * to the campus dormitory (dzlx 0), not to a home address (dzlx 1), as the server rules.
 */
export const deliveryPart = v.variant('dzlx', [part('0', ssl), part('1', v.optional(v.string(), ''))], '请选择寄送地址');

export type DeliveryChecked = v.InferOutput<typeof deliveryPart>;
