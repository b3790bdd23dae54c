/** Test databases: one migrated + seeded template per run, a fresh copy per test file. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the dumped PGlite data dir (migrated + demo-seeded). */
    pgliteTemplatePath: string;
    /** When TEST_DATABASE_URL is set: the server URL and the template database name. */
    pgTemplate: { url: string; template: string } | null;
    /** Folder with the image files of the seeded demo data (copied per test app). */
    uploadsTemplatePath: string;
  }
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE … TEMPLATE … (retried: PostgreSQL refuses while another copy is being made). */
export async function createDatabaseFromTemplate(serverUrl: string, template: string): Promise<string> {
  const name = randomDatabaseName('mw_test');
  await withAdminClient(serverUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  return name;
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
