import type { Schemas } from '@/api/client';
import type { SelectOption } from '@/components/ui/form-field';

export type DictItem = Schemas['DictItem'];

/** Select options of a dictionary (switch "0": shown but not selectable). */
export const dictOptions = (items: readonly DictItem[]): SelectOption[] =>
  items.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' }));

/** Label of a value among options ('' when unknown). */
export const labelOf = (options: readonly SelectOption[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label || '';
