// Beijing dates and times as the console's inputs read and write them (datetime-local, date), whatever the computer's
// zone: Asia/Shanghai is UTC+8 all year.
import { addDays, today } from '@/components/service-fields/dates';
import { formatDateTime } from '@/lib/format';

/** A datetime-local value typed as Beijing time (YYYY-MM-DDTHH:mm[:ss]) → ISO 8601 instant, whatever the computer's zone. */
export function chinaInputToIso(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}+08:00`).toISOString();
}

/** An ISO date-time as the value of a datetime-local input (Beijing time; chinaInputToIso reads it back). */
export function toLocalInput(iso: string): string {
  const time = formatDateTime(iso);
  return time && time.replace(' ', 'T');
}

/** YYYY-MM-DD of today plus some days, in Beijing. */
export const isoDay = (offsetDays = 0): string => addDays(today(), offsetDays);
