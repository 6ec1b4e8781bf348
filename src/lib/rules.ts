import { PERSON_TYPES } from '@shared/contract/person-types';

/**
 * Rules and messages shared by the form schemas (lib/validators) and the screens, without valibot,
 * so a screen can show a hint without loading the validation code.
 */

export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const PHONE_MAX = 11;
export const PHONE_INVALID = '手机号格式错误';
export const PASSWORD_RULE = '密码至少8位，且须同时包含字母和数字';
export const PASSWORD_MISMATCH = '两次输入的密码不一致';
export const RYLB_REQUIRED = '请选择人员类型';
export const ID_INVALID = '身份证件号码格式错误';

const identifierOf = (rylb: string) => PERSON_TYPES.find((p) => p.value === rylb)?.identifier;
/** Person types identified by student number (xh): 0, 1, 2, 7 (the contract's table). */
export const usesXh = (rylb: string) => identifierOf(rylb) === 'xh';
/** Person types identified by staff number (gzzh): 3, 4. */
export const usesGzzh = (rylb: string) => identifierOf(rylb) === 'gzzh';

/** GB 11643 check digit of an 18-character resident ID number. */
export function idNumberValid(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17].toUpperCase();
}

/** Delivery time slots (spec §5). */
export const deliverySlots = [
  { label: '上午(12-13点)', value: '0' },
  { label: '下午(17-18点)', value: '1' },
] as const;

/** 寄送地址 of a delivery (dzlx): the campus dormitory (its building asked) or a home address. */
export const deliveryAddressKinds = [
  { label: '校内宿舍', value: '0' },
  { label: '家庭住址等校外地址', value: '1' },
] as const;
