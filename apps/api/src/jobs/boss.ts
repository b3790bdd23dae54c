/**
 * pg-boss 10 on both databases (ARCHITECTURE §9): on PostgreSQL with its own small pool, on
 * the embedded PGlite through pg-boss's `db.executeSql` option — parameterised SQL goes to
 * `pglite.query`, multi-statement SQL (its schema and migrations) to `pglite.exec`.
 */
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

export type Boss = PgBoss;

/** The adapter pg-boss calls for every statement when it runs on PGlite. */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    // pg-boss's own type says `any[]` for values and rows. The rows are whatever its SQL selects.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async executeSql(text: string, values?: any[]): Promise<{ rows: any[] }> {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export interface BossOptions {
  database: DatabaseHandle;
  /** PostgreSQL connection string (when the app runs on PostgreSQL). */
  databaseUrl?: string | undefined;
  onError?: (error: Error) => void;
}

export function createBoss(options: BossOptions): Boss {
  const common = {
    schema: 'pgboss',
    // Keep finished jobs a week for support questions; pg-boss deletes them afterwards.
    deleteAfterDays: 7,
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
  } as const;
  let boss: PgBoss;
  if (options.database.driver === 'pglite') {
    if (!options.database.pglite) throw new Error('PGlite handle without its client');
    boss = new PgBoss({ ...common, db: pgliteExecutor(options.database.pglite) });
  } else {
    if (!options.databaseUrl) throw new Error('pg-boss on PostgreSQL needs the connection string');
    boss = new PgBoss({ ...common, connectionString: options.databaseUrl, max: 3 });
  }
  boss.on('error', (error) => options.onError?.(error));
  return boss;
}
