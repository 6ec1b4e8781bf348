import * as v from 'valibot';
import { mobile } from '@/lib/validators';

/**
 * Parts of the service form schemas (loaded with them, on demand). Nothing here imports another chunk: every screen
 * lists the chunks of its schema for preloading, and each costs bytes there.
 */

export const contactPhone = mobile('请填写联系电话');

/** An optional text, trimmed, at most `max` characters. */
export const optionalText = (max: number, message: string) => v.pipe(v.string(), v.trim(), v.maxLength(max, message));

/** A required text, trimmed, at most `max` characters. */
export const requiredText = (message: string, max: number, tooLong: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong));

/** 份数: 1 to 5 copies. */
export const copies = v.picklist(['1', '2', '3', '4', '5'], '请选择份数');

/** An attachments field (its files as JSON, see attachments.ts) with at least one file. */
export const filesRequired = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((value) => {
      try {
        return (JSON.parse(value) as unknown[]).length > 0;
      } catch {
        return false;
      }
    }, message),
  );

/** Today in Beijing (UTC+8 all year), as service-fields/dates.ts counts it; not imported, to load no other chunk. */
const beijingToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** A date (YYYY-MM-DD) not after today (in Beijing). */
export const pastDate = (requiredMessage: string, futureMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.nonEmpty(requiredMessage),
    v.check((value) => value <= beijingToday(), futureMessage),
  );
