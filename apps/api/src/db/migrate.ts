/** `node --import tsx src/db/migrate.ts`: applies the migrations to the configured database and exits. */
import path from 'node:path';
import { parseEnv } from '../config/env';
import { openDatabase } from './client';

const env = parseEnv();
const handle = await openDatabase(
  env.databaseUrl ? { kind: 'pg', url: env.databaseUrl } : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
);
await handle.migrate();
await handle.close();
console.log('Migrationen angewendet.');
