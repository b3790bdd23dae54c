/**
 * `npm run bench:push -w @matchwerk/api`: candidate push fan-out (issue 46): 10,000 notifications
 * delivered to the test push service (src/testing/push-service.ts, in a process of its own: it
 * verifies every VAPID JWT and decrypts every payload) through the server's own path — notices
 * queued as the domain-event subscriber queues them, the candidate-notify and candidate-push
 * workers on pg-boss, our real web-push call. Target: ≥ 300 notifications/s on 2 cores.
 *
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default the local server), a fresh
 * database; BENCH_PUSHES (default 10000) candidates with one device each, one message notice each;
 * BENCH_WORKERS (default 2) workers per queue, BENCH_BATCH (default 100) jobs per fetch.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_AUTH_SECRET } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { authUsers, organizations, pushSubscriptions, users } from '../src/db/schema/index';
import { createBoss } from '../src/jobs/boss';
import {
  CANDIDATE_QUEUES,
  createBossNoticeSchedule,
  createQueuedCandidateNotifications,
  startCandidatePushJobs,
} from '../src/jobs/candidate-push-jobs';
import { createMemoryMailer } from '../src/mail/mailer';
import {
  createCandidateNotifier,
  createPushRepository,
  createPushSender,
  generateVapidKeys,
} from '../src/modules/push';
import { pushServiceAgent, type TestSubscription } from '../src/testing/push-service';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';

const TARGET_PER_SECOND = 300;
const COUNT = Number(process.env.BENCH_PUSHES ?? 10_000);
/** Workers per queue and jobs per fetch (the server's defaults: 2 and 100). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface ServiceMessage {
  type: 'ready' | 'subscriptions' | 'received';
  origin?: string;
  subscriptions?: TestSubscription[];
  count?: number;
  refused?: number;
}

/** The push service in its own process (bench/push-service-process.ts), so it does not share the workers' core. */
function startService(
  vapidPublicKey: string,
): Promise<{ child: ChildProcess; ask: (message: object) => Promise<ServiceMessage> }> {
  const child = fork(fileURLToPath(new URL('./push-service-process.ts', import.meta.url)), [vapidPublicKey], {
    execArgv: ['--import', 'tsx'],
  });
  let waiting: ((message: ServiceMessage) => void) | null = null;
  child.on('message', (message: ServiceMessage) => {
    const resolve = waiting;
    waiting = null;
    resolve?.(message);
  });
  const ask = (message: object) =>
    new Promise<ServiceMessage>((resolve) => {
      waiting = resolve;
      if (Object.keys(message).length > 0) child.send(message);
    });
  return ask({}).then(() => ({ child, ask }));
}

const vapid = generateVapidKeys('mailto:support@matchwerk.example');
const name = await createDatabaseFromTemplate(serverUrl, 'template1');
const url = databaseUrlFor(serverUrl, name);
const database = await openDatabase({ kind: 'pg', url });
const { child, ask } = await startService(vapid.publicKey);
const agent = pushServiceAgent();
const boss = createBoss({ database, databaseUrl: url });
try {
  await database.migrate();
  const db = database.db;
  const [organization] = await db
    .insert(organizations)
    .values({ name: 'Bench-Bäckerei', region: 'HORB' })
    .returning({ id: organizations.id });
  const organizationId = organization!.id;

  console.log(`Push-Fan-out: ${COUNT} Benachrichtigungen, PostgreSQL, Push-Dienst im eigenen Prozess`);
  const { subscriptions = [] } = await ask({ type: 'subscribe', count: COUNT });
  const ids = subscriptions.map(() => crypto.randomUUID());
  for (let start = 0; start < COUNT; start += 1000) {
    const slice = ids.slice(start, start + 1000);
    await db.insert(authUsers).values(slice.map((id) => ({ id, email: `push-${id}@bench.example`, name: 'Bench' })));
    await db.insert(users).values(slice.map((id) => ({ id, type: 'APPLICANT' as const })));
    await db.insert(pushSubscriptions).values(
      slice.map((id, index) => {
        const device = subscriptions[start + index]!;
        return { userId: id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
      }),
    );
  }

  await boss.start();
  await startCandidatePushJobs(
    boss,
    createCandidateNotifier({
      repository: createPushRepository(db),
      send: createPushSender({ vapid, agent }),
      schedule: createBossNoticeSchedule(boss),
      mailer: createMemoryMailer(),
      secret: TEST_AUTH_SECRET,
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@matchwerk.example',
      // Noon in Berlin: no quiet hours hold anything back.
      clock: () => new Date('2026-12-07T11:00:00Z'),
    }),
    { pollingIntervalSeconds: 0.5, workers: WORKERS, batchSize: BATCH },
  );

  const queue = createQueuedCandidateNotifications(boss);
  const started = performance.now();
  for (let start = 0; start < COUNT; start += 1000) {
    await queue.notify(
      ids.slice(start, start + 1000).map((applicantId) => ({ applicantId, organizationId, kind: 'MESSAGE' as const })),
    );
  }
  const queuedMs = performance.now() - started;
  const progress = setInterval(() => {
    void Promise.all([boss.getQueueSize(CANDIDATE_QUEUES.notify), boss.getQueueSize(CANDIDATE_QUEUES.push)]).then(
      ([notify, push]) =>
        console.log(
          `  nach ${((performance.now() - started) / 1000).toFixed(0)} s: wartend notify ${notify}, push ${push}`,
        ),
    );
  }, 5000);
  const done = await ask({ type: 'until', count: COUNT });
  clearInterval(progress);
  const seconds = (performance.now() - started) / 1000;
  const perSecond = COUNT / seconds;
  console.log(`  eingereiht: ${COUNT} Hinweise in ${(queuedMs / 1000).toFixed(2)} s`);
  console.log(
    `  zugestellt: ${done.count} Pushes in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)}/s (Ziel ≥ ${TARGET_PER_SECOND}/s), abgewiesen: ${done.refused}`,
  );
  if (perSecond < TARGET_PER_SECOND || done.refused !== 0) process.exitCode = 1;
} finally {
  await boss.stop({ graceful: false, wait: true });
  agent.destroy();
  child.kill();
  await database.close();
  await dropDatabase(serverUrl, name);
}
