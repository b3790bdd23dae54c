/** PostgreSQL error classification shared by repositories (both drivers report `code`). */

/**
 * True for a unique-constraint violation (SQLSTATE 23505), also when drizzle or a transaction
 * wrapped the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** True for a CHECK-constraint violation (SQLSTATE 23514), e.g. a value outside a shared enum (ADR 0048). */
export function isCheckViolation(error: unknown): boolean {
  return hasSqlState(error, '23514');
}

function hasSqlState(error: unknown, sqlState: string): boolean {
  for (
    let current: unknown = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === sqlState) return true;
  }
  return false;
}
