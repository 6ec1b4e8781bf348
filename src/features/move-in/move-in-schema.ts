import * as v from 'valibot';
import { contactPhone, filesRequired, optionalText, pastDate, requiredText } from '@/components/service-fields/schema-parts';
import { ID_INVALID, idNumberValid, required } from '@/lib/validators';

/** Answers of the move-in forms (loaded on demand: valibot stays out of the screens' chunks). */

/** The date of birth an 18-digit ID number carries (YYYY-MM-DD). */
const birthOf = (id: string) => `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;

const personEntries = {
  xm: requiredText('请填写姓名', 30, '姓名不能超过30个字'),
  xbm: required('请选择性别'),
  mzm: required('请选择民族'),
  csrq: pastDate('请选择出生日期', '出生日期不能晚于今天'),
  sfzjh: v.pipe(required('请填写身份证件号'), v.check(idNumberValid, ID_INVALID)),
};

const BIRTH_MISMATCH = '出生日期与身份证件号码不一致';
const GENDER_MISMATCH = '性别与身份证件号码不一致';

/** GB/T 2261.1 gender (1 男, 2 女) the 17th digit of an ID number carries (odd: male); unknown codes are not checked. */
const genderFits = (id: string, xbm: string) => !['1', '2'].includes(xbm) || Number(id[16]) % 2 === (xbm === '1' ? 1 : 0);

/** A person as the 迁移证 lists them; the date of birth must be the one in the ID number. */
export const person = v.pipe(
  v.object(personEntries),
  v.forward(
    v.partialCheck([['csrq'], ['sfzjh']], (p) => birthOf(p.sfzjh) === p.csrq, BIRTH_MISMATCH),
    ['csrq'],
  ),
  v.forward(
    v.partialCheck([['xbm'], ['sfzjh']], (p) => genderFits(p.sfzjh, p.xbm), GENDER_MISMATCH),
    ['xbm'],
  ),
);

/** A new student whose account holds an ID number: it is not typed (the server checks the rest against it). */
const { sfzjh: _typed, ...knownEntries } = personEntries;
const accountPerson = v.object(knownEntries);

/** A family member moving in: the relation to the head, the person, their documents. */
const member = v.intersect([
  v.object({ yhzgx: required('请选择与户主关系') }),
  person,
  v.object({ files: filesRequired('请上传随迁人员的证件材料') }),
]);

/** A region picked on /address: the last level is what counts. */
const region = (message: string) => v.object({ qu: required(message) });

const origin = {
  yhkszd: region('请选择原户口所在地'),
  yhkxxdz: requiredText('请填写原户口所在地详细地址', 200, '详细地址不能超过200字'),
  yhkpcs: optionalText(100, '派出所名称不能超过100字'),
};

const yingxinBase = { sfqr: v.picklist(['0', '1'], '请选择是否将户口迁入学校'), lxdh: contactPhone };
const yingxinMoving = (accountId: boolean) =>
  v.object({
    ...yingxinBase,
    ryxx: accountId ? accountPerson : person,
    xlm: required('请选择学历'),
    qyzbh: requiredText('请填写迁移证编号', 40, '迁移证编号不能超过40位'),
    qyzqfjg: optionalText(100, '签发机关不能超过100字'),
    yhkszd: origin.yhkszd,
    yhkxxdz: origin.yhkxxdz,
    yhkpcs: requiredText('请填写原户口所在地派出所', 100, '派出所名称不能超过100字'),
    qyz: filesRequired('请上传迁移证照片'),
    lqtzs: filesRequired('请上传录取通知书'),
  });
type YingxinMoving = v.InferOutput<ReturnType<typeof yingxinMoving>>;
export type YingxinChecked = Pick<YingxinMoving, 'sfqr' | 'lxdh'> & Partial<YingxinMoving>;

/** 新生迁入: only the choice and a phone when not moving in; no ID number to type when the account holds one. */
export const yingxin = (moving: boolean, accountId = false) =>
  (moving ? yingxinMoving(accountId) : v.object(yingxinBase)) as v.GenericSchema<unknown, YingxinChecked>;

/** 博士后迁入 (1) and 教职工迁入 (2): the person, unit and start date, the origin, the approval. */
export const qianru = (qrlx: '1' | '2') =>
  v.object({
    ryxx: person,
    hyzkm: required('请选择婚姻状况'),
    xlm: required('请选择学历'),
    dwh: required(qrlx === '1' ? '请选择进站单位' : '请选择所在单位'),
    rzrq: required(qrlx === '1' ? '请选择进站日期' : '请选择入职日期'),
    ...origin,
    lxdh: contactPhone,
    attachments: filesRequired(qrlx === '1' ? '请上传博士后进站审批表' : '请上传落户批复或人才引进批准文件'),
  });

export type MemberChecked = v.InferOutput<typeof member>;
const familyBase = v.object({
  hzgzzh: requiredText('请填写户主工作证号', 20, '工作证号不能超过20位'),
  ...origin,
  lxdh: contactPhone,
});
/** What a family member proves the household head with (with the staff number): the name and the full ID number. */
const headProof = {
  hzxm: requiredText('请填写户主姓名', 30, '姓名不能超过30个字'),
  hzsfzjh: v.pipe(required('请填写户主身份证件号码'), v.check(idNumberValid, ID_INVALID)),
};
export type FamilyChecked = v.InferOutput<typeof familyBase> &
  Partial<{ hzxm: string; hzsfzjh: string }> &
  Record<`m${number}`, MemberChecked>;

/**
 * 家属随迁: the household head's staff number (and, when a family member applies, the head's name and full ID number)
 * and `count` members (m0, m1…), each with documents.
 */
export const family = (count: number, proveHead = false) =>
  v.object({
    hzgzzh: familyBase.entries.hzgzzh,
    ...(proveHead ? headProof : {}),
    ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`m${i}`, member])),
    ...origin,
    lxdh: contactPhone,
  }) as unknown as v.GenericSchema<unknown, FamilyChecked>;

/** 迁入信息确认: the 迁移证 obtained at the origin. */
export const continued = v.object({
  qyzbh: requiredText('请填写迁移证编号', 40, '迁移证编号不能超过40位'),
  qyzqfrq: pastDate('请选择迁移证签发日期', '签发日期不能晚于今天'),
  qyzqfjg: optionalText(100, '签发机关不能超过100字'),
  qyz: filesRequired('请上传迁移证照片'),
});

export type QianruChecked = v.InferOutput<ReturnType<typeof qianru>>;
export type ContinueChecked = v.InferOutput<typeof continued>;
