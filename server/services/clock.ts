// The time source of the services; tests pass a clock they can move.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** Midnight of the date's day in China Standard Time (UTC+8, no daylight saving). */
export function startOfChinaDay(date: Date): Date {
  const offset = 8 * 3600 * 1000;
  const local = new Date(date.getTime() + offset);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset);
}

/** YYYY-MM-DD in China Standard Time. */
export const chinaDate = (date: Date) => new Date(date.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);

/** ISO 8601 with the +08:00 offset, as the document's DateTime. */
export const chinaDateTime = (date: Date) => `${new Date(date.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19)}+08:00`;
