import { statusOf } from './kinds';

/** A status label in its colour (the server's name: borrowing says 已借出, 已归还). */
export function StatusBadge({ status, name }: { status: number; name?: string }) {
  const s = statusOf(status);
  return (
    <span class="apps-badge" style={{ color: s?.color, borderColor: s?.color }}>
      {name || s?.label}
    </span>
  );
}
