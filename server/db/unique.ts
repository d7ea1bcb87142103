/** The index name of a unique violation (SQLSTATE 23505), whether raised by node-postgres or PGlite and wrapped by drizzle or not. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}
