// How a service form names its fields where the names come from elsewhere: a region picked on /address, a server
// error's field. Needed by every form (use-service-form), unlike the delivery fields (delivery-fields).
import type { Values } from './draft';
import type { RegionChoice } from './region';

/** Wire name of the delivery part of every answers body, and the prefix of its form fields. */
export const DELIVERY = 'yjxx';

/** Form values of a region picked on /address (its `field` is the prefix of the form's fields). */
export function regionValues({ field: prefix, codes, names }: RegionChoice): Values {
  return {
    [`${prefix}.shen`]: codes[0] || '',
    [`${prefix}.shi`]: codes[1] || codes[0] || '',
    [`${prefix}.qu`]: codes[codes.length - 1] || '',
    [`${prefix}.ssqmc`]: names.join('/'),
  };
}

/** Form field of a server error's field (`yjxx.sjd`, `/yjxx/ssq/code`, `yjxx` alone). */
export function deliveryFieldOf(field: string): string {
  const name = field.replace(/^\//, '').replace(/\//g, '.');
  if (name === DELIVERY) return `${DELIVERY}.pssj`;
  if (!name.startsWith(`${DELIVERY}.`)) return name;
  // The region's errors (ssq, ssq.code, ssq.name) show on its picker.
  const rest = name.slice(DELIVERY.length + 1);
  return `${DELIVERY}.${rest.split('.')[0] === 'ssq' ? 'qu' : rest}`;
}
