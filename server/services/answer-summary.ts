// The answers of an application as people read them: an ordered list of { label, value, group } in the order the
// forms ask them, every code turned into its words (dictionaries, GB/T 2260 regions, police stations, family member
// ids to names, the application an answer refers to), dates written out, yes/no as 是/否 and ID numbers masked for
// the applicant; the sub-service is the application's kindName. The one mapping behind the app's 申请详情, the
// console's application page and the last finished move-out.
import type { components } from '../../shared/contract/schema';
import { maskIdNumber } from '../lib/masks.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import { kindName } from '../domain/index.ts';

export type SummaryItem = components['schemas']['AnswerSummaryItem'];

/** What a value needs to be read: the kind and sub-service of the application and whether ID numbers are masked. */
interface Context {
  kind: string;
  sub: string;
  mask: boolean;
  /** The console: each masked ID number carries the key that reveals it (idKey). */
  revealKeys: boolean;
  repos: Repositories;
  /** Lookups of this summary (the same dictionary entry is read once). */
  memo: Map<string, Promise<string | null>>;
}

type Reader = (value: unknown, ctx: Context) => Promise<string | null> | string | null;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ID_NUMBER = /^\d{17}[\dXx]$/;

/** 2026-11-25 → 2026年11月25日. */
export function dateText(value: string): string {
  const m = ISO_DATE.exec(value);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : value;
}

/** A booked day: 2026-11-25 → 2026年11月25日（星期三）. */
export function dayText(value: string): string {
  const m = ISO_DATE.exec(value);
  if (!m) return value;
  const weekday = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return `${dateText(value)}（星期${WEEKDAYS[weekday]}）`;
}

const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

function memo(ctx: Context, key: string, load: () => Promise<string | null>): Promise<string | null> {
  let hit = ctx.memo.get(key);
  if (!hit) ctx.memo.set(key, (hit = load()));
  return hit;
}

/** The label of a code in the first of the dictionaries that has it; a code no dictionary knows says so. */
function dict(...types: (string | ((ctx: Context) => string | undefined))[]): Reader {
  return async (value, ctx) => {
    const code = str(value);
    if (code === null) return null;
    for (const t of types) {
      const type = typeof t === 'string' ? t : t(ctx);
      if (!type) continue;
      const label = await memo(ctx, `dict:${type}:${code}`, async () => (await ctx.repos.dict.find(type, code))?.label ?? null);
      if (label) return label;
    }
    return `未知（${code}）`;
  };
}

/** Fixed meanings of the contract (enums), e.g. lqfs 0 现场领取 / 1 邮寄. */
const fixed =
  (labels: Record<string, string>): Reader =>
  (value) => {
    const code = str(value);
    return code === null ? null : (labels[code] ?? `未知（${code}）`);
  };

const text: Reader = (value, ctx) => {
  const s = str(value);
  return s !== null && ctx.mask && ID_NUMBER.test(s) ? maskIdNumber(s) : s;
};

const date: Reader = (value) => {
  const s = str(value);
  return s === null ? null : dateText(s);
};

const day: Reader = (value) => {
  const s = str(value);
  return s === null ? null : dayText(s);
};

const idNumber: Reader = (value, ctx) => {
  const s = str(value);
  return s === null ? null : ctx.mask ? maskIdNumber(s) : s;
};

const copies: Reader = (value) => (str(value) === null ? null : `${String(value)}份`);

const yesNo: Reader = (value) => (str(value) === null ? null : value === true || value === '1' ? '是' : '否');

/** A GB/T 2260 region by its code, named from the divisions (北京市海淀区; placeholder levels dropped). */
const region: Reader = async (value, ctx) => {
  if (!value || typeof value !== 'object') return str(value);
  const { code, name } = value as { code?: string; name?: string };
  const resolved = code
    ? await memo(ctx, `region:${code}`, async () => {
        const parts: string[] = [];
        let at = await ctx.repos.divisions.find(code);
        for (let hops = 0; at && hops < 4; hops += 1) {
          parts.unshift(at.name);
          at = at.parentCode ? await ctx.repos.divisions.find(at.parentCode) : null;
        }
        return parts.length ? parts.filter((p) => p !== '市辖区' && p !== '县').join('') : null;
      })
    : null;
  return (
    resolved ??
    ((name ?? '')
      .split('/')
      .filter((p) => p && p !== '市辖区' && p !== '县')
      .join('') ||
      null)
  );
};

/** A police station: typed or chosen by name; an id of the stations the server knows is named. */
const police: Reader = async (value, ctx) => {
  const s = str(value);
  if (s === null) return null;
  return memo(ctx, `police:${s}`, async () => (await ctx.repos.policeStations.find(s))?.name ?? s);
};

/** Family members by user id → their names (赵敏、刘子轩). */
const people: Reader = async (value, ctx) => {
  const ids = (Array.isArray(value) ? value : [value]).filter((id): id is number => Number.isInteger(id));
  if (!ids.length) return null;
  const names = await Promise.all(ids.map((id) => memo(ctx, `user:${id}`, async () => (await ctx.repos.users.findById(id))?.name ?? null)));
  return names.map((n) => n ?? '未知人员').join('、');
};

/** The application an answer refers to (改派 of a finished move-out) by its kind and reference number. */
const application: Reader = async (value, ctx) => {
  if (!Number.isInteger(value)) return str(value);
  return memo(ctx, `app:${String(value)}`, async () => {
    const row = await ctx.repos.applications.findById(value as number);
    return row ? `${kindName(row.kind, row.sub)}（${row.referenceNo}）` : '原申请不存在';
  });
};

/** A courier dictionary for hkkjy (qh_hkk_kd), else 现场领取 / 邮寄. */
const lqfs: Reader = (value, ctx) =>
  ctx.kind === 'hkkjy' ? dict('qh_hkk_kd')(value, ctx) : fixed({ 0: '现场领取', 1: '邮寄' })(value, ctx);

interface Field {
  label: string | ((ctx: Context) => string);
  read: Reader;
}

/** The fields of a person (ryxx, sqjs[i]) as the 迁移证 lists them. */
const PERSON: Record<string, Field> = {
  yhzgx: { label: '与户主关系', read: dict('qh_yhzgx', 'gb_relation') },
  xm: { label: '姓名', read: text },
  xbm: { label: '性别', read: dict('qh_gender', 'gb_xb') },
  mzm: { label: '民族', read: dict('gb_mz') },
  csrq: { label: '出生日期', read: date },
  sfzjh: { label: '身份证件号', read: idNumber },
};

/** The delivery form (yjxx), as the form reviews it. */
const DELIVERY: Record<string, Field> = {
  pssj: { label: '派送日期', read: day },
  sjd: { label: '派送时间', read: dict('qh_delivery_slot') },
  dzlx: { label: '寄送地址', read: fixed({ 0: '校内宿舍', 1: '家庭住址等校外地址' }) },
  ssl: { label: '宿舍楼号', read: text },
  lxdh: { label: '派送电话', read: text },
  sjrxm: { label: '收件人姓名', read: text },
  sjrdh: { label: '收件人电话', read: text },
  ssq: { label: '所在地区', read: region },
  xxdz: { label: '详细地址', read: text },
};

/** The 迁移证 of stage 2 of a move-in (qyz). */
const CERTIFICATE: Record<string, Field> = {
  qyzbh: { label: '迁移证编号', read: text },
  qyzqfrq: { label: '签发日期', read: date },
  qyzqfjg: { label: '签发机关', read: text },
};

const isStaffMoveIn = (ctx: Context) => ctx.kind === 'qianru' && ctx.sub === '2';
const isPostdocMoveIn = (ctx: Context) => ctx.kind === 'qianru' && ctx.sub === '1';

/**
 * Every top-level answer field of every kind, in the order the forms ask them (one order serves every kind: a field
 * shared by several kinds sits where each of them asks it).
 */
const FIELDS: Record<string, Field> = {
  sfqr: { label: '户口是否迁入学校', read: yesNo },
  // 借用户口卡
  jyyy: { label: '借用原因', read: dict('qh_hkk_reason') },
  jysm: { label: '借用说明', read: text },
  jyrq: { label: '借用日期', read: day },
  ghrq: { label: '预计归还日期', read: day },
  // 身份证办理
  blyy: { label: '办理原因', read: dict('qh_identity_reason') },
  blfs: { label: '办理方式', read: dict('qh_sfz_blfs') },
  yyrq: { label: '预约日期', read: day },
  xphzh: { label: '相片回执号', read: text },
  // 补办
  bbyy: { label: '补办原因', read: text },
  yqyzbh: { label: '原迁移证编号', read: text },
  // 证明, 注销
  zmlx: { label: '证明类型', read: dict('qh_hjzm_type') },
  bllx: {
    label: (ctx) => (ctx.kind === 'zxhkzmkj' ? '注销原因' : '办理原因'),
    read: dict((ctx) => ({ wfzzmkj: 'qh_zm_reason_c', wwfzmkj: 'qh_zm_reason_n', zxhkzmkj: 'qh_zxhk_reason' })[ctx.kind]),
  },
  zxyy: { label: '注销原因说明', read: text },
  qwgj: { label: '前往国家或地区', read: text },
  // 变更
  bghyzkm: { label: '变更后婚姻状况', read: dict('gb_hyzk') },
  djrq: { label: '登记日期', read: date },
  poxm: { label: '配偶姓名', read: text },
  bgxlm: { label: '变更后学历', read: dict('gb_xl') },
  byyx: { label: '毕业院校', read: text },
  byrq: { label: '毕业日期', read: date },
  zsbh: { label: '毕业证书编号', read: text },
  bslx: {
    // As the form asks it: 其他信息变更 (sub change) 变更项目, 其他业务 办事类型 (issue 25: the details said 办事类型 for both).
    label: (ctx) => (ctx.sub === 'change' ? '变更项目' : '办事类型'),
    read: dict((ctx) => (ctx.sub === 'change' ? 'qh_change_type' : 'qh_qtbs_type'), 'qh_qtbs_type', 'qh_change_type'),
  },
  // 其他信息变更 of the office's record
  bgxm: { label: '变更后姓名', read: text },
  bgrylb: { label: '变更后人员类型', read: dict('qh_rylb') },
  bgsfzjh: { label: '变更后身份证件号码', read: idNumber },
  bsnr: { label: '办事内容', read: text },
  // 迁入
  hzgzzh: { label: '户主工作证号', read: text },
  hzxm: { label: '户主姓名', read: text },
  hyzkm: { label: '婚姻状况', read: dict('gb_hyzk') },
  xlm: { label: '学历', read: dict('gb_xl') },
  dwh: { label: (ctx) => (isPostdocMoveIn(ctx) ? '进站单位' : '所在单位'), read: dict('dw_rsYx', 'dw_jwYx') },
  rzrq: { label: (ctx) => (isPostdocMoveIn(ctx) ? '进站日期' : isStaffMoveIn(ctx) ? '入职日期' : '入职/进站日期'), read: date },
  yhkszd: { label: '原户口所在地', read: region },
  yhkxxdz: { label: '原户口详细地址', read: text },
  yhkpcs: { label: '原户口所在地派出所', read: police },
  qyzbh: { label: '迁移证编号', read: text },
  qyzqfjg: { label: '迁移证签发机关', read: text },
  // 迁出
  yqcid: { label: '原迁出申请', read: application },
  qwdq: { label: '迁往地区', read: region },
  qwxxdz: { label: '迁往详细地址', read: text },
  qwpcs: { label: '迁往地派出所', read: police },
  qcyy: { label: '迁出原因', read: text },
  // 证明的用途 and 接收单位 (also the employer of a move-out), 份数; the family moving out along
  yt: { label: '用途', read: text },
  jsdw: { label: '接收单位', read: text },
  fs: { label: '份数', read: copies },
  sqcjs: { label: '同时迁出的家属', read: people },
  // 迁移证
  yyxqz: { label: '原有效期至', read: date },
  yqyy: { label: '延期原因', read: text },
  ydz: { label: '原迁往地址', read: text },
  xqwdq: { label: '新迁往地区', read: region },
  xqwxxdz: { label: '新迁往详细地址', read: text },
  bgyy: { label: '变更原因', read: text },
  // 领取
  kdfs: { label: '领取方式', read: dict('qh_hjzm_kd') },
  lqfs: { label: '领取方式', read: lqfs },
  lxdh: { label: '联系电话', read: text },
};

/** Sub-service codes (qianchu sub, qianru qrlx): the application's kindName already names them, no row repeats it. */
const NAMED_BY_KIND = ['sub', 'qrlx'];

/** Parts with their own group, after the main answers: the person, family members, the 迁移证, the delivery. */
const PARTS = ['ryxx', 'sqjs', 'qyz', 'yjxx'] as const;

/** Every answer field the summary knows (top level and inside its parts), for the tests. */
export const KNOWN_FIELDS = {
  top: [...Object.keys(FIELDS), ...PARTS, ...NAMED_BY_KIND],
  person: Object.keys(PERSON),
  delivery: Object.keys(DELIVERY),
  certificate: Object.keys(CERTIFICATE),
};

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** Whether a row shows a masked ID number: the value read is the mask of the answer. */
const maskedIdNumber = (raw: unknown, value: string) => typeof raw === 'string' && raw !== value && maskIdNumber(raw) === value;

/** The rows of some answers; `path` (ryxx., sqjs.0.) prefixes the reveal keys of the part. */
async function rows(
  values: Record<string, unknown>,
  fields: Record<string, Field>,
  group: string | null,
  ctx: Context,
  path = '',
): Promise<SummaryItem[]> {
  const items = await Promise.all(
    Object.entries(fields).map(async ([field, spec]): Promise<SummaryItem | null> => {
      const value = field in values ? await spec.read(values[field], ctx) : null;
      if (!value) return null;
      const item: SummaryItem = { label: typeof spec.label === 'string' ? spec.label : spec.label(ctx), value, group };
      return ctx.revealKeys && maskedIdNumber(values[field], value) ? { ...item, idKey: `${path}${field}` } : item;
    }),
  );
  return items.filter((i): i is SummaryItem => i !== null);
}

/**
 * The summary of an application's answers. `mask` masks ID numbers as everywhere in the app (the applicant's view
 * and the console alike); `revealKeys` (the console) gives each masked one its `idKey`, the answer's path
 * (bgsfzjh, ryxx.sfzjh, sqjs.0.sfzjh), which 显示 sends to adminRevealIdNumber. Attachments are not answers: both
 * screens list them by name apart.
 */
export async function answerSummary(
  repos: Repositories,
  app: Pick<ApplicationRow, 'kind' | 'sub' | 'answers'>,
  opts: { mask: boolean; revealKeys?: boolean },
): Promise<SummaryItem[]> {
  const answers = isRecord(app.answers) ? app.answers : {};
  const ctx: Context = {
    kind: app.kind,
    sub: app.sub ?? '',
    mask: opts.mask,
    revealKeys: opts.mask && !!opts.revealKeys,
    repos,
    memo: new Map(),
  };
  const familyMoveIn = app.kind === 'qianru' && ctx.sub === '3';
  const items = await rows(answers, FIELDS, null, ctx);
  if (isRecord(answers.ryxx)) items.push(...(await rows(answers.ryxx, PERSON, familyMoveIn ? '随迁人员1' : '本人信息', ctx, 'ryxx.')));
  if (Array.isArray(answers.sqjs)) {
    for (const [i, member] of answers.sqjs.entries()) {
      if (isRecord(member))
        items.push(...(await rows(member, PERSON, familyMoveIn ? `随迁人员${i + 2}` : `随迁家属${i + 1}`, ctx, `sqjs.${i}.`)));
    }
  }
  if (isRecord(answers.qyz)) items.push(...(await rows(answers.qyz, CERTIFICATE, '迁移证', ctx, 'qyz.')));
  if (isRecord(answers.yjxx)) items.push(...(await rows(answers.yjxx, DELIVERY, '邮寄信息', ctx, 'yjxx.')));
  return items;
}

/** The answer a reveal key names (an idKey of the summary), when it is a string. */
export function answerAt(answers: unknown, key: string): string | null {
  let at: unknown = answers;
  for (const part of key.split('.')) {
    if (Array.isArray(at) && /^\d+$/.test(part)) at = at[Number(part)];
    else if (isRecord(at) && Object.hasOwn(at, part)) at = at[part];
    else return null;
  }
  return typeof at === 'string' ? at : null;
}
