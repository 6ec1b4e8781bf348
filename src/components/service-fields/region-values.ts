import type { Schemas } from '@/api/client';
import type { Values } from '@/components/service-form/draft';
import type { ReviewItem } from '@/components/service-form/service-review';

type Region = Schemas['Region'];

/**
 * A region picked on /address for any form field (not only the delivery's `yjxx`): the form keeps
 * `${prefix}.shen/.shi/.qu/.ssqmc` (as regionValues writes them); the wire has `{ code, name }`.
 */

/** The wire region of a picked region (`qu` is the last level chosen). */
export const toRegion = (values: Values, prefix: string): Region => ({
  code: values[`${prefix}.qu`] || '',
  name: values[`${prefix}.ssqmc`] || '',
});

/** Form values of a saved region (GB/T 2260: the province and city codes are prefixes of the district's). */
export function fromRegion(prefix: string, region: Partial<Region> | null | undefined): Values {
  const code = region?.code || '';
  return {
    [`${prefix}.shen`]: code && `${code.slice(0, 2)}0000`,
    [`${prefix}.shi`]: code && `${code.slice(0, 4)}00`,
    [`${prefix}.qu`]: code,
    [`${prefix}.ssqmc`]: region?.name || '',
  };
}

/** The review item of a region field. */
export const regionReview = (values: Values, prefix: string, label: string): ReviewItem => ({
  name: `${prefix}.qu`,
  label,
  value: values[`${prefix}.ssqmc`],
});

/**
 * Field errors of a server answer about regions (`qwdq`, `qwdq.code`, `/qwdq/name`) for the given prefixes, on
 * their pickers.
 */
export function regionErrors(errors: readonly { field: string; message: string }[], prefixes: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const top = e.field.replace(/^\//, '').split(/[./]/)[0];
    if (prefixes.includes(top)) out[`${top}.qu`] ??= e.message;
  }
  return out;
}
