/**
 * CHECK constraints built from the shared enum arrays (ADR 0048): adding a value in
 * packages/shared changes the constraint here, so drizzle-kit generates the migration, and
 * the enum-constraints test fails until it exists.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

function literals(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
}

/** The column holds one of `values` (NULL passes, as in every CHECK; NOT NULL says otherwise). */
export function isOneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${literals(values)})`;
}

/** Every element of the text[] column is one of `values` (an empty array passes). */
export function hasOnly(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ ARRAY[${literals(values)}]::text[]`;
}
