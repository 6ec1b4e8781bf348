// Days for the forms, in Beijing whatever the phone's zone: Asia/Shanghai is UTC+8 all year (no daylight saving
// since 1991), so today there is the UTC day of now + 8 h. Kept free of Intl and of other chunks (src/lib/format.ts
// formats for display with Intl; its today() gives the same day).
const pad = (n: number) => String(n).padStart(2, '0');
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** Today in Beijing as YYYY-MM-DD. */
export const today = (now: number = Date.now()): string => new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

/** The day `days` after a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
