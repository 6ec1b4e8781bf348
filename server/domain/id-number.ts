/**
 * GB 11643-1999 公民身份号码 check digit (ISO 7064 MOD 11-2). Pure functions, no imports.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** Check character for the first 17 digits of an ID number. Throws on malformed input. */
export function idNumberCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('需要17位数字本体码');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** True when `id` is 18 characters with a valid birth date and a correct check character. */
export function isValidIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return idNumberCheckDigit(id.slice(0, 17)) === id[17];
}
