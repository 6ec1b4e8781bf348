// Masking of personal data in answers: ID numbers and phones.

/** 110105194912310029 → 1101**********0029 */
export const maskIdNumber = (id: string | null | undefined): string | null =>
  id ? (id.length <= 8 ? '*'.repeat(id.length) : `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`) : null;

/** 13800138000 → 138****8000 */
export const maskPhone = (phone: string | null | undefined): string | null =>
  phone ? (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '*'.repeat(phone.length)) : null;
