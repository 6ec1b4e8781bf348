/** Rules of borrowing the card that the form and its schema share (the server checks them too). */

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `days` after a YYYY-MM-DD day, in calendar days whatever the phone's zone (the screen and its schema load no other chunk for it). */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

export const borrowRules = {
  returnRule: '归还日期须在借用日期后7天内',
  /** The first and the last return day for a borrow day (the card goes back within 7 days). */
  returnWindow: (jyrq: string): [string, string] => [addDays(jyrq, 1), addDays(jyrq, 7)],
  /** Reason 其他: the explanation becomes required. */
  otherReason: '9',
};

export type BorrowRules = typeof borrowRules;
