import { PERSON_TYPES } from '@shared/contract/person-types';
import type { SelectOption } from './options';
import { usesGzzh, usesXh } from './rules';

/** Person types (the contract's table, generated from the server's); the server's dictionary qh_rylb may relabel them. */
export const defaultPersonTypes: SelectOption[] = PERSON_TYPES.map(({ value, label }) => ({ value, label }));

export const personTypeLabel = (rylb: string | null | undefined, options = defaultPersonTypes) =>
  options.find((o) => o.value === rylb)?.label ?? '';

/** Label of the campus ID of a person type: 学号 (0, 1, 2, 7), 工作证号 (3, 4), none (5). */
export function campusIdLabel(rylb: string | null | undefined): '学号' | '工作证号' | null {
  if (rylb && usesXh(rylb)) return '学号';
  if (rylb && usesGzzh(rylb)) return '工作证号';
  return null;
}
