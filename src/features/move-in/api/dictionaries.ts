import { client, unwrap } from '@/api/client';
import { genderOptions } from '@/components/service-fields/genders';
import type { SelectOption } from '@/components/ui/form-field';

const pair = (value: string, label: string): SelectOption => ({ value, label });

/** The move-in forms' dictionaries as options. */
export const dictionaryLoaders = {
  // Everyone here has an ID number: 男, 女 only.
  xb: () =>
    unwrap(client.POST('/api/dict/getAllXb', { body: {} })).then((r) =>
      r.ok ? genderOptions(r.data.map((d) => pair(d.xbm, d.xbmc))) : [],
    ),
  mz: () => unwrap(client.POST('/api/dict/getMz', { body: {} })).then((r) => (r.ok ? r.data.map((d) => pair(d.mzm, d.mzmc)) : [])),
  gx: () =>
    unwrap(client.POST('/api/qianchu/getGxList', { body: {} })).then((r) =>
      r.ok ? r.data.map((d) => ({ value: d.dictValue, label: d.dictLabel, disabled: d.switch === '0' })) : [],
    ),
  hyzk: () => unwrap(client.POST('/api/dict/getHyzk', { body: {} })).then((r) => (r.ok ? r.data.map((d) => pair(d.hyzkm, d.hyzkmc)) : [])),
  // Categories (level 1) head their levels and cannot be chosen.
  xl: () =>
    unwrap(client.POST('/api/dict/getXueLi', { body: {} })).then((r) =>
      r.ok ? r.data.map((d) => ({ value: d.xlm, label: d.level === 1 ? `【${d.xlmc}】` : d.xlmc, disabled: d.level === 1 })) : [],
    ),
  dw: () => unwrap(client.POST('/api/dict/getRsdw', { body: {} })).then((r) => (r.ok ? r.data.map((d) => pair(d.dwh, d.dwmc)) : [])),
};
