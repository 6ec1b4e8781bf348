// GB 11643 citizen ID numbers: birth date and gender (the checksum lives with the seed data, shared).
export { isValidIdNumber } from '../domain/id-number.ts';

/** YYYY-MM-DD from positions 7–14 (the number is already validated). */
export const birthDateOf = (id: string) => `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;

/** GB/T 2261.1 gender code: the 17th digit is odd for men ('1'), even for women ('2'). */
export const genderCodeOf = (id: string): '1' | '2' => (Number(id[16]) % 2 === 1 ? '1' : '2');
