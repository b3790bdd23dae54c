/** Process entry: env, logging, database + migrations, demo seed, listen, graceful shutdown. */
import { Agent as HttpsAgent } from 'node:https';
import path from 'node:path';
import pino from 'pino';
import { buildApp, productionLoggerOptions } from './app';
import { EnvError, parseEnv, resolveAuthSecret, startWarnings, type Env } from './config/env';
import { openDatabase } from './db/client';
import { DRAIN_MS, startDraining } from './http/drain';
import { createBoss } from './jobs/boss';
import { createFailedMailStore } from './jobs/failed-mails';
import { createMailQueue, createMailSentLog } from './jobs/mail-jobs';
import { createShutdown, JOBS_STOP_TIMEOUT_MS } from './server-shutdown';
import { objectStoreProbe, redisProbe } from './modules/system/readiness-probes';
import { createQueuedNotificationEvents, startNotificationJobs } from './jobs/notification-jobs';
import { startApprovalJobs } from './jobs/approval-jobs';
import { startRetentionJobs } from './jobs/retention-jobs';
import { deleteExpiredSignInCounters } from './plugins/durable-rate-limiter';
import { deleteExpiredVerificationClaims } from './plugins/verification-links';
import { createRetentionRepository } from './modules/data-protection/retention.repository';
import { createRetentionService } from './modules/data-protection/retention.service';
import { createImagesService } from './modules/images/images.service';
import { startAnswerDeadlineJobs } from './jobs/answer-deadline-jobs';
import { createCandidateFollowUpRepository } from './modules/candidate-follow-up/candidate-follow-up.repository';
import { createAnswerDeadlineJob } from './modules/candidate-follow-up/candidate-follow-up.service';
import { startVacancyScheduleJobs } from './jobs/vacancy-schedule-jobs';
import {
  createBossNoticeSchedule,
  createQueuedCandidateNotifications,
  startCandidatePushJobs,
} from './jobs/candidate-push-jobs';
import { createCandidateNotifier, createPushRepository, createPushSender, resolveVapidKeys } from './modules/push';
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
for (const warning of startWarnings(env)) logger.warn(warning);

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
// Delivered mails are logged by job id (never sent twice); MAIL_HOLD=1 queues without sending (issue 49).
const mailSentLog = createMailSentLog(database.db);
const mailQueue = createMailQueue({
  boss,
  transport: mailTransport,
  log: logger,
  sentLog: mailSentLog,
  hold: env.mailHold,
});
const authSecret = resolveAuthSecret(env);
// Candidate push (ADR 0098): VAPID keys from the environment, or kept in DATA_DIR (demo, development).
const vapid = resolveVapidKeys({ configured: env.vapid, dataDir: env.dataDir, subject: env.vapidSubject });

const { app, sessionRevocations, events, sendOutstandingConsentMails } = await buildApp({
  database,
  mailer: mailQueue.mailer,
  authSecret,
  publicUrl: env.publicUrl,
  extraTrustedOrigins: env.nodeEnv === 'production' ? [] : ['http://localhost:5173'],
  supportEmail: env.supportEmail,
  demoMailbox,
  webDist: env.webDist,
  candidateDist: env.candidateDist,
  legalFiles: env.legalFiles,
  blobStorage,
  geocoder: env.geocoderUrl
    ? createHttpGeocoder({ baseUrl: env.geocoderUrl, userAgent: env.geocoderUserAgent })
    : createOfflineGeocoder(),
  rateLimitStore,
  rateLimits: {
    ...(env.authRateLimitPerIp ? { maxPerIp: env.authRateLimitPerIp } : {}),
    ...(env.interestDailyCap ? { interestsPerDay: env.interestDailyCap } : {}),
    ...(env.signupLimitPerRange ? { signupsPerRange: env.signupLimitPerRange } : {}),
    ...(env.signupLimitPerRangePerDay ? { signupsPerRangePerDay: env.signupLimitPerRangePerDay } : {}),
  },
  trustedProxies: env.trustedProxies,
  chatVersionStore,
  dataVersionStore,
  responseCacheBytes: env.responseCacheBytes,
  candidateMinimumAge: env.candidateMinimumAge,
  revocationBus,
  // GET /rest/ready reports these (issue 49): Redis as its stores see it, the bucket, the mail queue.
  readinessProbes: {
    redis: env.redisUrl ? redisProbe([rateLimitStore, chatVersionStore, dataVersionStore, revocationBus]) : undefined,
    objectStore: s3Storage ? objectStoreProbe(s3Storage) : () => 'ok',
    mailQueue: () => (jobsRunning ? mailQueue.health() : 'degraded'),
  },
  // The admins' list of failed account mails and "erneut senden" (ADR 0119).
  failedMails: createFailedMailStore(boss, database.db, () => jobsRunning),
  notificationEvents: createQueuedNotificationEvents(boss),
  candidateNotifications: createQueuedCandidateNotifications(boss),
  vapid,
  logger: productionLoggerOptions(env.logLevel),
});
// The jobs' writes are told on the app's event bus (ADR 0092): unread counts, chat versions, response cache.

let jobsRunning = false;
try {
  await boss.start();
  await mailQueue.start();
  await mailSentLog.prune();
  // The freshly seeded demo's 14-year-old: her parent's first mail, with its link, into the outbox or SMTP.
  if (seeded) await sendOutstandingConsentMails();
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
    [
      () => deleteExpiredSignInCounters(database.db, new Date()),
      () => deleteExpiredVerificationClaims(database.db, new Date()),
    ],
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
  // Candidate notifications (issue 46, ADR 0099): push to each device or the fallback mail in "du".
  await startCandidatePushJobs(
    boss,
    createCandidateNotifier({
      repository: createPushRepository(database.db),
      send: createPushSender({ vapid, agent: new HttpsAgent({ keepAlive: true, maxSockets: 64 }) }),
      schedule: createBossNoticeSchedule(boss),
      mailer: mailTransport,
      secret: authSecret,
      publicUrl: env.publicUrl,
      supportEmail: env.supportEmail,
      clock: () => new Date(),
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

// Drain, wait for the requests in flight, then stop the job queue, then the clients (server-shutdown.ts).
const shutdown = createShutdown({
  app,
  drainMs: env.trustedProxies ? DRAIN_MS : 0,
  startDraining,
  stopJobs: () =>
    jobsRunning ? boss.stop({ graceful: true, wait: true, timeout: JOBS_STOP_TIMEOUT_MS }) : Promise.resolve(),
  closers: [
    () => chatVersionStore?.close(),
    () => dataVersionStore?.close(),
    () => revocationBus?.close(),
    () => rateLimitStore?.close(),
    () => smtpMailer?.close(),
    () => s3Storage?.close(),
    () => database.close(),
  ],
  log: logger,
  exit: (code) => process.exit(code),
});
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
