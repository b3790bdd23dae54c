/** Process entry: env, logging, database + migrations, demo seed, listen, graceful shutdown. */
import path from 'node:path';
import pino from 'pino';
import { buildApp, productionLoggerOptions } from './app';
import { EnvError, parseEnv, resolveAuthSecret, type Env } from './config/env';
import { openDatabase } from './db/client';
import { DRAIN_MS, startDraining } from './http/drain';
import { createBoss } from './jobs/boss';
import { createMailQueue } from './jobs/mail-jobs';
import { createQueuedNotificationEvents, startNotificationJobs } from './jobs/notification-jobs';
import { startApprovalJobs } from './jobs/approval-jobs';
import { startRetentionJobs } from './jobs/retention-jobs';
import { createRetentionRepository } from './modules/data-protection/retention.repository';
import { createRetentionService } from './modules/data-protection/retention.service';
import { createImagesService } from './modules/images/images.service';
import { startAnswerDeadlineJobs } from './jobs/answer-deadline-jobs';
import { createCandidateFollowUpRepository } from './modules/candidate-follow-up/candidate-follow-up.repository';
import { createAnswerDeadlineJob } from './modules/candidate-follow-up/candidate-follow-up.service';
import { startVacancyScheduleJobs } from './jobs/vacancy-schedule-jobs';
import { createVacancyScheduleService } from './modules/vacancies/vacancy-schedule';
import { createApprovalDigestService } from './modules/organizations/approval-digest';
import { createApprovalQueueRepository } from './modules/organizations/approval-queue.repository';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer';
import { createHttpGeocoder, createOfflineGeocoder } from './modules/geocoding/geocoder';
import { createDiskBlobStorage, type BlobStorage } from './modules/images/blob-storage';
import { createS3BlobStorage, type S3BlobStorage } from './modules/images/s3-blob-storage';
import { createRedisChatVersionStore } from './modules/messages/chat-version-store';
import { createRedisDataVersionStore } from './cache/data-versions';
import { createRedisRevocationBus } from './modules/sessions/redis-revocation-bus';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationsService } from './modules/notifications/notifications.service';
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

const logger = pino(productionLoggerOptions(env.logLevel));

// Images: an S3-compatible bucket when S3_BUCKET is set (several processes), else the disk.
const s3Storage: S3BlobStorage | undefined = env.s3 ? createS3BlobStorage(env.s3) : undefined;
if (s3Storage) {
  try {
    await s3Storage.checkBucket();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
const blobStorage: BlobStorage = s3Storage ?? createDiskBlobStorage(env.uploadDir);

const database = await openDatabase(
  env.databaseUrl
    ? {
        kind: 'pg',
        url: env.databaseUrl,
        onPoolError: (error) => logger.error({ err: error }, 'PostgreSQL pool error'),
      }
    : { kind: 'pglite', dataDir: path.join(env.dataDir, 'db') },
);
await database.migrate();

// Demo data in demo mode; outside it only on request (SEED_DEMO=1), and then with a warning.
const shouldSeed = env.demoMode || env.seedDemo;
const seeded = shouldSeed ? await seedDemoData(database.db, { blobStorage }) : false;
const hasDemo = seeded || (shouldSeed && (await hasDemoAccounts(database.db)));

const smtpMailer = env.smtpUrl ? createSmtpMailer(env.smtpUrl, env.mailFrom) : undefined;
// The public outbox exists only in demo mode without SMTP (parseEnv refuses to start otherwise).
const demoMailbox = env.demoMode && !smtpMailer;
const mailTransport = smtpMailer ?? createOutboxMailer(database.db);
const rateLimitStore = env.redisUrl
  ? createRedisRateLimitStore(env.redisUrl, undefined, (error) =>
      logger.error({ err: error }, 'Redis error (rate limits)'),
    )
  : undefined;

// Chat poll versions: shared through Redis when several instances run (ARCHITECTURE §13).
const chatVersionStore = env.redisUrl
  ? createRedisChatVersionStore(env.redisUrl, {
      onError: (error) => logger.error({ err: error }, 'Redis error (chat versions)'),
    })
  : undefined;
// Organisation data versions (ADR 0065): one write's answer retires what every instance keeps.
const dataVersionStore = env.redisUrl
  ? createRedisDataVersionStore(env.redisUrl, {
      onError: (error) => logger.error({ err: error }, 'Redis error (data versions)'),
    })
  : undefined;
// Session revocations reach every instance's poll cache through Redis pub/sub (ADR 0015).
const revocationBus = env.redisUrl
  ? createRedisRevocationBus(env.redisUrl, {
      onError: (error) => logger.error({ err: error }, 'Redis error (session revocations)'),
    })
  : undefined;
// Notification mails run on pg-boss in this database (PGlite through its executeSql adapter).
const boss = createBoss({
  database,
  databaseUrl: env.databaseUrl,
  onError: (error) => logger.error({ err: error }, 'pg-boss error'),
});
// Account mails: requests only enqueue; the worker delivers (same time for known and unknown addresses).
const mailQueue = createMailQueue({ boss, transport: mailTransport, log: logger });
const authSecret = resolveAuthSecret(env);

const { app, sessionRevocations, events } = await buildApp({
  database,
  mailer: mailQueue.mailer,
  authSecret,
  publicUrl: env.publicUrl,
  extraTrustedOrigins: env.nodeEnv === 'production' ? [] : ['http://localhost:5173'],
  supportEmail: env.supportEmail,
  demoMailbox,
  webDist: env.webDist,
  blobStorage,
  geocoder: env.geocoderUrl
    ? createHttpGeocoder({ baseUrl: env.geocoderUrl, userAgent: env.geocoderUserAgent })
    : createOfflineGeocoder(),
  rateLimitStore,
  rateLimits: env.authRateLimitPerIp ? { maxPerIp: env.authRateLimitPerIp } : undefined,
  trustedProxies: env.trustedProxies,
  chatVersionStore,
  dataVersionStore,
  responseCacheBytes: env.responseCacheBytes,
  revocationBus,
  notificationEvents: createQueuedNotificationEvents(boss),
  logger: productionLoggerOptions(env.logLevel),
});
// The jobs' writes are told on the app's event bus (ADR 0092): unread counts, chat versions, response cache.

let jobsRunning = false;
try {
  await boss.start();
  await mailQueue.start();
  await startNotificationJobs(
    boss,
    createNotificationsService({
      repository: createNotificationsRepository(database.db),
      // Already inside a job with its own retries: deliver directly.
      mailer: mailTransport,
      secret: authSecret,
      publicUrl: env.publicUrl,
      supportEmail: env.supportEmail,
      userChanged: (userId) => sessionRevocations.userChanged(userId),
      clock: () => new Date(),
      log: logger,
    }),
  );
  // The approval queue's daily mail to partners (ADR 0020).
  await startApprovalJobs(
    boss,
    createApprovalDigestService({
      repository: createApprovalQueueRepository(database.db),
      mailer: mailTransport,
      publicUrl: env.publicUrl,
      supportEmail: env.supportEmail,
      log: logger,
    }),
  );
  // Retention (issue #14, docs/data-protection.md): daily notices and deletions.
  await startRetentionJobs(
    boss,
    createRetentionService({
      repository: createRetentionRepository(database.db),
      mailer: mailTransport,
      publicUrl: env.publicUrl,
      supportEmail: env.supportEmail,
      clock: () => new Date(),
      discardFiles: createImagesService({ storage: blobStorage, log: logger }).discard,
      candidatesDeleted: async ({ ids }) => sessionRevocations.usersSignedOut(ids),
      events,
      log: logger,
    }),
  );
  // Answer deadlines (issue 14, ADR 0041): reminder after 3 days, automatic decline per region.
  await startAnswerDeadlineJobs(
    boss,
    createAnswerDeadlineJob({
      repository: createCandidateFollowUpRepository(database.db),
      mailer: mailTransport,
      publicUrl: env.publicUrl,
      supportEmail: env.supportEmail,
      clock: () => new Date(),
      events,
      log: logger,
    }),
  );
  // Publication days and application deadlines of postings (ADR 0042).
  await startVacancyScheduleJobs(boss, createVacancyScheduleService({ db: database.db, clock: () => new Date() }));
  jobsRunning = true;
} catch (error) {
  // The app works without mails; the error is logged and the next start tries again.
  logger.error(
    { err: error },
    'Jobs (pg-boss) konnten nicht gestartet werden: Konto-E-Mails werden direkt gesendet, keine Benachrichtigungs-E-Mails',
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'Matchwerk wird beendet');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    // Job workers stop taking jobs now and finish theirs while the requests drain.
    const jobsStopped = jobsRunning ? boss.stop({ graceful: true, wait: true, timeout: 5000 }) : Promise.resolve();
    // Behind a load balancer: finish the connections it holds before the port closes (http/drain.ts).
    if (env.trustedProxies) {
      startDraining(app.server);
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    }
    await app.close();
    await jobsStopped;
    await chatVersionStore?.close();
    await dataVersionStore?.close();
    await revocationBus?.close();
    await rateLimitStore?.close();
    smtpMailer?.close();
    s3Storage?.close();
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
lines.push(
  `  Datenbank: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `eingebettet (${path.join(env.dataDir, 'db')})`}`,
);
lines.push(
  `  Bilder: ${env.s3 ? `S3-Bucket ${env.s3.bucket}${env.s3.endpoint ? ` (${env.s3.endpoint})` : ''}` : env.uploadDir}`,
);
lines.push(
  `  E-Mails: ${smtpMailer ? 'SMTP (SMTP_URL)' : 'Demo-Postfach'}, ${jobsRunning ? 'über die Warteschlange (pg-boss)' : 'direkt (pg-boss nicht gestartet, siehe Log)'}`,
);
lines.push(
  `  Benachrichtigungs-E-Mails: ${jobsRunning ? 'pg-boss läuft' : 'AUS (pg-boss nicht gestartet, siehe Log)'}`,
);
lines.push(`  API-Dokumentation: ${env.publicUrl}/rest/docs`);
if (env.demoMode) {
  lines.push(
    '  DEMO-MODUS: nicht für den Produktivbetrieb (Produktivbetrieb: DATABASE_URL und SMTP_URL setzen, DEMO_MODE nicht).',
  );
  if (demoMailbox) lines.push(`  Demo-Postfach (alle E-Mails, öffentlich): ${env.publicUrl}/demo/postfach`);
  if (hasDemo) {
    lines.push(`  Demo-Konten (Passwort für alle: ${DEMO_PASSWORD}):`);
    const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(width)}  ${account.note}`);
  }
} else if (hasDemo) {
  // SEED_DEMO outside demo mode: the data is wanted, but its accounts share a published password.
  lines.push(
    '  WARNUNG: Diese Datenbank enthält die Demo-Konten (*@matchwerk.example) mit dem öffentlich bekannten Demo-Passwort. ' +
      'Löschen Sie sie oder ändern Sie deren Passwörter, bevor echte Nutzer Zugang haben. ' +
      '(Warning: demo accounts with the public demo password exist.)',
  );
}
console.log(lines.join('\n'));
