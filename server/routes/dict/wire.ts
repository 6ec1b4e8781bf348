// Wire shapes of dictionary entries, code lists, divisions and units.
import type { DictItemRow } from '../../repositories/reference.ts';

export const dictItemWire = (row: DictItemRow) => ({
  dictLabel: row.label,
  dictValue: row.value,
  dictSort: row.sort,
  switch: row.enabled ? ('1' as const) : ('0' as const),
  remark: row.remark,
});

export const mzWire = (row: DictItemRow) => ({ mzm: row.value, mzmc: row.label });
export const xbWire = (row: DictItemRow) => ({ xbm: row.value, xbmc: row.label });
export const hyzkWire = (row: DictItemRow) => ({ hyzkm: row.value, hyzkmc: row.label });
export const xlWire = (row: DictItemRow) => ({
  xlm: row.value,
  xlmc: row.label,
  level: ((row.extra as { level?: number } | null)?.level === 1 ? 1 : 2) as 1 | 2,
  parentXlm: row.parentValue,
});
export const dwWire = (row: DictItemRow) => ({ dwh: row.value, dwmc: row.label });
export const dzWire = (row: { code: string; name: string; hasChildren: boolean }) => ({
  displayName: row.name,
  factValue: row.code,
  hasChildren: row.hasChildren,
});
