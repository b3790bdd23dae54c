/** `node --import tsx src/db/migrate.ts`: applies the migrations to the configured database and exits. */
import path from 'node:path';
import { parseEnv } from '../config/env';
import { openDatabase } from './client';

// Migrations need only the database; the server's own requirements (SMTP_URL, AUTH_SECRET) are checked at its start.
const env = parseEnv(process.env, { server: false });
const handle = await openDatabase(
  env.databaseUrl ? { kind: 'pg', url: env.databaseUrl } : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
);
await handle.migrate();
await handle.close();
console.log('Migrationen angewendet.');
