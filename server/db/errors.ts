/** The constraint a unique violation (PostgreSQL 23505) names ('' when none), directly or as the cause drizzle wraps; else null. */
export const uniqueViolation = (err: unknown): string | null => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
};

/** A unique constraint refused the write. */
export const isUniqueViolation = (err: unknown): boolean => uniqueViolation(err) !== null;
