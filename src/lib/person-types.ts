import type { SelectOption } from './options';
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

export const personTypeLabel = (rylb: string | null | undefined, options = defaultPersonTypes) =>
  options.find((o) => o.value === rylb)?.label ?? '';

/** Label of the campus ID of a person type: 学号 (0, 1, 2, 7), 工作证号 (3, 4), none (5). */
export function campusIdLabel(rylb: string | null | undefined): '学号' | '工作证号' | null {
  if (rylb && usesXh(rylb)) return '学号';
  if (rylb && usesGzzh(rylb)) return '工作证号';
  return null;
}
