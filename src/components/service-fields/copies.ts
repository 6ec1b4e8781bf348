import type { SelectOption } from '@/components/ui/form-field';

/** 份数: 1 to 5 copies (the contract's fs). */
export const copyOptions: SelectOption[] = ['1', '2', '3', '4', '5'].map((n) => ({ value: n, label: `${n}份` }));
