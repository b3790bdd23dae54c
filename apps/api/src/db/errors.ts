/** PostgreSQL error classification shared by repositories (both drivers report `code`). */

/**
 * True for a unique-constraint violation (SQLSTATE 23505), also when drizzle or a transaction
 * wrapped the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
