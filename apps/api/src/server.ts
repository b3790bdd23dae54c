/** Process entry: env, logging, database + migrations, demo seed, listen, graceful shutdown. */
import path from 'node:path';
import pino from 'pino';
import { buildApp, REDACT_PATHS } from './app';
import { EnvError, parseEnv, resolveAuthSecret, type Env } from './config/env';
import { openDatabase } from './db/client';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer';
import { createHttpGeocoder, createOfflineGeocoder } from './modules/geocoding/geocoder';
import { createDiskBlobStorage } from './modules/images/blob-storage';
import { createRedisRateLimitStore } from './plugins/rate-limit-store';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, hasDemoAccounts, seedDemoData } from './seed/demo-data';

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({ level: env.logLevel, redact: { paths: REDACT_PATHS, censor: '[entfernt]' } });

const database = await openDatabase(
  env.databaseUrl
    ? { kind: 'pg', url: env.databaseUrl, onPoolError: (error) => logger.error({ err: error }, 'PostgreSQL pool error') }
    : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
);
await database.migrate();

const shouldSeed = !env.databaseUrl || env.seedDemo;
const blobStorage = createDiskBlobStorage(env.uploadDir);
const seeded = shouldSeed ? await seedDemoData(database.db, { blobStorage }) : false;
const showDemoAccounts = seeded || (shouldSeed && (await hasDemoAccounts(database.db)));

const smtpMailer = env.smtpUrl ? createSmtpMailer(env.smtpUrl, env.mailFrom) : undefined;
const mailer = smtpMailer ?? createOutboxMailer(database.db);
const rateLimitStore = env.redisUrl
  ? createRedisRateLimitStore(env.redisUrl, undefined, (error) => logger.error({ err: error }, 'Redis error (rate limits)'))
  : undefined;

const { app } = await buildApp({
  database,
  mailer,
  authSecret: resolveAuthSecret(env),
  publicUrl: env.publicUrl,
  extraTrustedOrigins: env.nodeEnv === 'production' ? [] : ['http://localhost:5173'],
  supportEmail: env.supportEmail,
  demoMailbox: !env.smtpUrl,
  webDist: env.webDist,
  blobStorage,
  geocoder: env.geocoderUrl ? createHttpGeocoder({ baseUrl: env.geocoderUrl, userAgent: env.geocoderUserAgent }) : createOfflineGeocoder(),
  rateLimitStore,
  rateLimits: env.authRateLimitPerIp ? { maxPerIp: env.authRateLimitPerIp } : undefined,
  trustedProxies: env.trustedProxies,
  logger: { level: env.logLevel, redact: { paths: REDACT_PATHS, censor: '[entfernt]' } },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'Matchwerk wird beendet');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await rateLimitStore?.close();
    smtpMailer?.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'Fehler beim Beenden');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.port, host: env.host });
const lines = [`Matchwerk läuft auf ${env.publicUrl}`];
lines.push(`  Datenbank: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `eingebettet (${path.join(env.dataDir, 'db')})`}`);
lines.push(`  Bilder: ${env.uploadDir}`);
lines.push(`  API-Dokumentation: ${env.publicUrl}/rest/docs`);
if (!env.smtpUrl) lines.push(`  Demo-Postfach (alle E-Mails): ${env.publicUrl}/demo/postfach`);
if (showDemoAccounts) {
  lines.push(`  Demo-Konten (Passwort für alle: ${DEMO_PASSWORD}):`);
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(width)}  ${account.note}`);
}
console.log(lines.join('\n'));
