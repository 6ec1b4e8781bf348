// Masking of personal data in answers: ID numbers and phones.

/** 110105194912310029 → 1101**********0029 */
export const maskIdNumber = (id: string | null | undefined): string | null =>
  id ? (id.length <= 8 ? '*'.repeat(id.length) : `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`) : null;

/** 13800138000 → 138****8000 */
export const maskPhone = (phone: string | null | undefined): string | null =>
  phone ? (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '*'.repeat(phone.length)) : null;

/**
 * Free text that may hold what a person typed (a search term in an audit summary): every ID number and mobile phone in
 * it masked, so the audit log (and its backups and exports) keeps no personal number in clear.
 */
export const maskNumbersIn = (text: string): string =>
  text
    .replace(/(?<![0-9A-Za-z])[0-9]{17}[0-9Xx](?![0-9A-Za-z])/g, (id) => maskIdNumber(id)!)
    .replace(/(?<![0-9])1[3-9][0-9]{9}(?![0-9])/g, (phone) => maskPhone(phone)!);
