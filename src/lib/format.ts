const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a timestamp or date string (local time); '' when it cannot be read. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** YYYY-MM-DD HH:mm (local time). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(value)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Masks an ID number as 1101**********1234 (services.md: ID numbers are personal data). */
export function maskIdNumber(value: string | null | undefined): string {
  if (!value) return '';
  if (value.includes('*') || value.length <= 8) return value;
  return value.slice(0, 4) + '*'.repeat(value.length - 8) + value.slice(-4);
}
