/** GB/T 2261.1 codes of a person: 1 男, 2 女; 0 未知的性别 and 9 未说明的性别 say nothing of someone with an ID number. */
const KNOWN = ['1', '2'];

/**
 * A gender list led by 男, 女; the other codes follow, or are left out where they are not meaningful (a person with a
 * resident ID number, whose 17th digit is the gender).
 */
export const genderOptions = <T extends { value: string }>(options: readonly T[], keepOthers = false): T[] => [
  ...KNOWN.flatMap((code) => options.filter((o) => o.value === code)),
  ...(keepOthers ? options.filter((o) => !KNOWN.includes(o.value)) : []),
];
