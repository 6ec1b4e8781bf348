import type { SelectOption } from '@/lib/options';
import { defaultPersonTypes } from '@/lib/person-types';
import { dictionary } from './dictionaries';

export { defaultPersonTypes };

/** The person-type options from dictionary qh_rylb, or the defaults when it cannot be read. */
export async function loadPersonTypes(): Promise<SelectOption[]> {
  const result = await dictionary('qh_rylb', true);
  if (!result.ok || !result.data.length) return defaultPersonTypes;
  return result.data.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' }));
}
