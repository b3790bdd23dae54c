import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { runtimeFile } from '../config/runtime-files';
import {
  listenOnPglite,
  listenOnPostgres,
  type ListenHandlers,
  type NotificationListener,
} from './notification-listener';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One handle type for both drivers (embedded PGlite and node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = runtimeFile('db/migrations');

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Runs the committed drizzle-kit migrations with the driver's own migrator. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** LISTENs on a notification channel (PostgreSQL: on a connection of its own, reconnecting). */
  listen(channel: string, handlers: ListenHandlers): Promise<NotificationListener>;
  /** The embedded database, when that is the driver (tests dump and reload it). */
  pglite?: PGlite;
}

export type DatabaseOptions =
  | { kind: 'pg'; url: string; onPoolError?: (error: Error) => void }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pg') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener a lost idle backend would crash the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      driver: 'pg',
      migrate: () => migrateUnderLock(pool, () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR })),
      ping: () => ping(db),
      close: () => pool.end(),
      listen: (channel, handlers) => Promise.resolve(listenOnPostgres(options.url, channel, handlers)),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs the list searches (migration 0008, ADR 0028); an extension must be loaded every
  // time PGlite starts, also from a dumped data dir.
  const extensions = { pg_trgm };
  const client = options.dataDir
    ? new PGlite(options.dataDir, { extensions })
    : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
  };
}

/** Any constant: the key of the advisory lock every Matchwerk process takes to migrate. */
const MIGRATION_LOCK_KEY = 7_270_202_611;

/**
 * Drizzle's migrator takes no lock: two processes starting together would both apply a new
 * migration, and one would fail half-way. A session-level advisory lock makes them wait for each
 * other; the second then finds everything applied.
 */
async function migrateUnderLock(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const lockClient = await pool.connect();
  let released = false;
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await run();
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    // Destroying the connection ends its session, and with it the lock.
    lockClient.release(error instanceof Error ? error : new Error(String(error)));
    released = true;
    throw error;
  } finally {
    if (!released) lockClient.release();
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
