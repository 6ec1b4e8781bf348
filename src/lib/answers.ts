// The answers of an application as labelled rows (the student's details and the staff console).
import { client, unwrap, type Schemas } from '@/api/client';
import { maskIdNumber } from './format';
import { deliverySlots } from './rules';

type ServiceCode = Schemas['ServiceCode'];

/**
 * Chinese labels of the answer fields of every kind (the contract's descriptions, shortened), in the order the
 * forms ask them; `part.field` overrides a label inside a nested part.
 */
const labels: Record<string, string> = {
  blyy: '办理原因', blfs: '办理方式', yyrq: '预约日期', xphzh: '相片回执号', lqfs: '领取方式', lxdh: '联系电话',
  yjxx: '邮寄信息', pssj: '派送日期', sjd: '派送时间', ssl: '宿舍楼号', 'yjxx.lxdh': '派送电话', sjrxm: '收件人姓名',
  sjrdh: '收件人电话', ssq: '所在地区', xxdz: '详细地址',
  jyyy: '借用原因', jysm: '借用说明', jyrq: '借用日期', ghrq: '预计归还日期', bbyy: '补办原因',
  zmlx: '证明类型', yt: '用途', jsdw: '接收单位', fs: '份数', kdfs: '领取方式', bllx: '办理原因',
  zxyy: '注销原因说明', qwgj: '前往国家或地区',
  bghyzkm: '变更后婚姻状况', djrq: '登记日期', poxm: '配偶姓名',
  bgxlm: '变更后学历', byyx: '毕业院校', byrq: '毕业日期', zsbh: '毕业证书编号',
  bslx: '办事类型', bsnr: '办事内容',
  qrlx: '迁入类型', ryxx: '人员信息', xm: '姓名', xbm: '性别', mzm: '民族', csrq: '出生日期', sfzjh: '身份证件号',
  yhzgx: '与户主关系', hyzkm: '婚姻状况', xlm: '学历', dwh: '所在单位', rzrq: '入职/进站日期', hzgzzh: '户主工作证号',
  yhkszd: '原户口所在地', yhkxxdz: '原户口详细地址', yhkpcs: '原户口派出所', sqjs: '随迁家属',
  qyzbh: '迁移证编号', qyzqfrq: '迁移证签发日期', qyzqfjg: '迁移证签发机关', sfqr: '是否迁入',
  sub: '迁出类型', qwdq: '迁往地区', qwxxdz: '迁往详细地址', qwpcs: '迁往地派出所', qcyy: '迁出原因',
  yqcid: '原迁出申请', sqcjs: '随迁出家属',
  yyxqz: '原有效期至', yqyy: '延期原因', ydz: '原迁往地址', xqwdq: '新迁往地区', xqwxxdz: '新迁往详细地址',
  bgyy: '变更原因', yqyzbh: '原迁移证编号',
};

type Choices = Record<string, string>;

/** Values with a fixed meaning in the contract. */
const fixed: Record<string, Choices> = {
  sjd: Object.fromEntries(deliverySlots.map((s) => [s.value, s.label])),
  lqfs: { 0: '现场领取', 1: '邮寄' },
  sfqr: { 1: '迁入', 0: '不迁入' },
  qrlx: { 1: '博士后迁入', 2: '教职工迁入', 3: '教职工家属随迁' },
  sub: { graduate: '毕业生迁出', 'post-doctoral': '博士后迁出', staff: '教职工(含家属)迁出', 'leave-school': '退学休学迁出', 'move-out': '迁出', reassignment: '毕业生改派' },
};

/** Dictionary types (getSysDictByType) of coded answers, per field, where the kind decides. */
export function dictTypeOf(kind: ServiceCode, field: string): string | undefined {
  if (field === 'blyy') return 'qh_identity_reason';
  if (field === 'jyyy') return 'qh_hkk_reason';
  if (field === 'lqfs' && kind === 'hkkjy') return 'qh_hkk_kd';
  if (field === 'yhzgx') return 'qh_yhzgx';
  if (field === 'bslx') return 'qh_qtbs_type';
  if (field === 'zmlx') return 'qh_hjzm_type';
  if (field === 'kdfs') return 'qh_hjzm_kd';
  if (field === 'bllx') return { wfzzmkj: 'qh_zm_reason_c', wwfzmkj: 'qh_zm_reason_n', zxhkzmkj: 'qh_zxhk_reason' }[kind as string];
  return undefined;
}

export interface AnswerRow {
  label: string;
  value: string;
}

export interface AnswerGroup {
  title?: string;
  rows: AnswerRow[];
}

type LookupFn = (field: string, value: string) => string | undefined;

/** Readable text of one answer: labels for codes, region names, ID numbers masked unless `mask` is false. */
function text(field: string, value: unknown, lookup: LookupFn, mask: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map((x) => text(field, x, lookup, mask)).join('、');
  if (typeof value === 'object') return String((value as { name?: unknown }).name ?? '');
  const s = String(value);
  if (mask && (field === 'sfzjh' || /^\d{17}[\dXx]$/.test(s))) return maskIdNumber(s);
  return lookup(field, s) ?? fixed[field]?.[s] ?? s;
}

const order = Object.keys(labels);
/** Position of a field (of a nested part) in the label table; unknown fields last. */
function rank(field: string, part = ''): number {
  const at = order.indexOf(`${part}.${field}`);
  if (at >= 0) return at;
  return order.includes(field) ? order.indexOf(field) : order.length;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && !('code' in x && 'name' in x);

/**
 * The answers as groups of labelled rows (nested parts and lists of people get their own groups); staff see
 * ID numbers in full (`mask` false) to check them.
 */
export function answerGroups(answers: Record<string, unknown>, lookup: LookupFn = () => undefined, mask = true): AnswerGroup[] {
  const main: AnswerGroup = { rows: [] };
  const groups: AnswerGroup[] = [main];
  const rowsOf = (obj: Record<string, unknown>, part = '') =>
    Object.entries(obj)
      .sort(([a], [b]) => rank(a, part) - rank(b, part))
      .map(([field, value]) => ({ label: labels[`${part}.${field}`] ?? labels[field] ?? field, value: text(field, value, lookup, mask) }))
      .filter((r) => r.value);
  for (const [field, value] of Object.entries(answers).sort(([a], [b]) => rank(a) - rank(b))) {
    if (field === 'attachments') continue;
    const title = labels[field] ?? field;
    if (isPlainObject(value)) groups.push({ title, rows: rowsOf(value, field) });
    else if (Array.isArray(value) && value.some(isPlainObject)) {
      value.forEach((member, i) => isPlainObject(member) && groups.push({ title: `${title} ${i + 1}`, rows: rowsOf(member, field) }));
    } else main.rows.push(...rowsOf({ [field]: value }));
  }
  return groups.filter((g) => g.rows.length);
}

export type Lookup = Record<string, Record<string, string>>;

/** A dictionary as a code → label table. */
export const toTable = (items: Schemas['DictItem'][]): Record<string, string> => Object.fromEntries(items.map((d) => [d.dictValue, d.dictLabel]));

/**
 * The code → label tables (public dictionaries) the answers need, by field; `extra` names dictionary types of
 * further fields.
 */
export async function loadAnswerLookup(kind: ServiceCode, answers: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Lookup> {
  const fields = Object.keys(answers).flatMap((f) => {
    const v = answers[f];
    return v && typeof v === 'object' && !Array.isArray(v) ? [f, ...Object.keys(v)] : [f];
  });
  const lookup: Lookup = {};
  await Promise.all(
    fields.map(async (field) => {
      const dictType = dictTypeOf(kind, field) ?? extra[field];
      if (!dictType) return;
      const r = await unwrap(client.POST('/api/dict/getSysDictByType', { body: { dictType }, loading: false, silent: true }));
      if (r.ok) lookup[field] = toTable(r.data);
    }),
  );
  return lookup;
}
