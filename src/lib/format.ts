/** The office's time zone: every date the app shows or compares is a date in Beijing, wherever the phone is. */
export const TIME_ZONE = 'Asia/Shanghai';

let china: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD HH:mm' of an instant in Asia/Shanghai (the Swedish style is ISO-like). */
function inChina(d: Date): string {
  china ??= new Intl.DateTimeFormat('sv-SE', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return china.format(d);
}

const read = (value: string) => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** YYYY-MM-DD of a timestamp (in Beijing) or of a date string as it is; '' when it cannot be read. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = read(value);
  return d ? inChina(d).slice(0, 10) : '';
}

/** YYYY-MM-DD HH:mm in Beijing. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = read(value);
  return d ? inChina(d) : '';
}

/** Today in Beijing as YYYY-MM-DD (the forms count days with service-fields/dates, which gives the same day). */
export const today = (now: number = Date.now()): string => inChina(new Date(now)).slice(0, 10);

/** Masks an ID number as 1101**********1234 (services.md: ID numbers are personal data). */
export function maskIdNumber(value: string | null | undefined): string {
  if (!value) return '';
  if (value.includes('*') || value.length <= 8) return value;
  return value.slice(0, 4) + '*'.repeat(value.length - 8) + value.slice(-4);
}
