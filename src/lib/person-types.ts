import { client, unwrap } from '@/api/client';
import type { SelectOption } from '@/components/ui/form-field';
import { usesGzzh, usesXh } from './rules';

/** Person types (services.md); the server's dictionary qh_rylb may relabel them. */
export const defaultPersonTypes: SelectOption[] = [
  { value: '0', label: '本科生' },
  { value: '1', label: '硕士研究生' },
  { value: '2', label: '博士研究生' },
  { value: '3', label: '博士后' },
  { value: '4', label: '教职工' },
  { value: '5', label: '教职工家属' },
  { value: '7', label: '本科新生' },
];

/** The person-type options from dictionary qh_rylb, or the defaults when it cannot be read. */
export async function loadPersonTypes(): Promise<SelectOption[]> {
  const result = await unwrap(client.POST('/api/dict/getSysDictByType', { body: { dictType: 'qh_rylb' }, loading: false, silent: true }));
  if (!result.ok || !result.data.length) return defaultPersonTypes;
  return result.data.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' }));
}

export const personTypeLabel = (rylb: string | null | undefined, options = defaultPersonTypes) =>
  options.find((o) => o.value === rylb)?.label ?? '';

/** Label of the campus ID of a person type: 学号 (0, 1, 2, 7), 工作证号 (3, 4), none (5). */
export function campusIdLabel(rylb: string | null | undefined): '学号' | '工作证号' | null {
  if (rylb && usesXh(rylb)) return '学号';
  if (rylb && usesGzzh(rylb)) return '工作证号';
  return null;
}
