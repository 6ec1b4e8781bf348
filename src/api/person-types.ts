import type { SelectOption } from '@/lib/options';
import { defaultPersonTypes } from '@/lib/person-types';

export { defaultPersonTypes };
import { client, unwrap } from './client';

/** The person-type options from dictionary qh_rylb, or the defaults when it cannot be read. */
export async function loadPersonTypes(): Promise<SelectOption[]> {
  const result = await unwrap(client.POST('/api/dict/getSysDictByType', { body: { dictType: 'qh_rylb' }, loading: false, silent: true }));
  if (!result.ok || !result.data.length) return defaultPersonTypes;
  return result.data.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' }));
}
