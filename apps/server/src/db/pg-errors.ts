/** PostgreSQL unique-violation, on both node-postgres and PGlite (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint;
}

/** PostgreSQL foreign-key violation (a row is still referenced, or references nothing). */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  if (e?.code !== '23503') return false;
  return constraint === undefined || e.constraint === constraint;
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code?: string; constraint?: string };
    }
    current = candidate.cause;
  }
  return undefined;
}
