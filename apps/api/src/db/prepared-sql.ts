/**
 * A hand-written SQL statement prepared once under a name, for hot paths that Drizzle's query
 * builder cannot express (a data-modifying CTE): planning costs several times the execution on
 * PostgreSQL (issue #12). Values are passed with `sql.placeholder(name)`.
 */
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Database } from './client';

export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

export function prepareSql<Row>(db: Database, name: string, query: SQL): PreparedSql<Row> {
  // Drizzle's session and dialect are public at runtime but typed internal; `db.execute` would
  // re-render and re-plan the statement on every call. Both drivers (node-postgres, PGlite)
  // answer a prepared query without result fields with `{ rows }`.
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    async execute(values) {
      const result = (await prepared.execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}
