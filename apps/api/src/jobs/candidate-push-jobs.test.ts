/**
 * The candidate notification jobs on pg-boss (PGlite, or PostgreSQL with TEST_DATABASE_URL): a
 * notice queued by the subscriber's queue reaches the test push service through the notify and
 * push queues; a 500 from the push service is retried by pg-boss (with its backoff) until the
 * push is taken; a 410 deletes the subscription and the notice becomes a fallback mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import {
  authAccounts,
  authUsers,
  candidateMailItems,
  organizations,
  pushSubscriptions,
  users,
} from '../db/schema/index';
import { createMemoryMailer } from '../mail/mailer';
import { createCandidateNotifier, createPushRepository, createPushSender, generateVapidKeys } from '../modules/push';
import { pushServiceAgent, startTestPushService, type TestPushService } from '../testing/push-service';
import { openTestDatabase, TEST_PUBLIC_URL } from '../testing/test-app';
import { createBoss, type Boss } from './boss';
import {
  CANDIDATE_QUEUES,
  createBossNoticeSchedule,
  createQueuedCandidateNotifications,
  startCandidatePushJobs,
} from './candidate-push-jobs';

const vapid = generateVapidKeys('mailto:support@matchwerk.example');
/**
 * Tomorrow at noon in Berlin: outside quiet hours (pushes go at once), and the fallback mail's
 * start (clock + 10 minutes) lies in the future whenever the test runs, so the mail worker leaves
 * its job in the queue for the test to find (a fixed date of the past let the worker take it first).
 */
const NOON_TOMORROW = (() => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(11, 0, 0, 0);
  return day;
})();
const agent = pushServiceAgent();
let database: { handle: DatabaseHandle; url?: string; dispose: () => Promise<void> };
let boss: Boss;
let pushService: TestPushService;
let organizationId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  pushService = await startTestPushService({ vapidPublicKey: vapid.publicKey });
  boss = createBoss({ database: database.handle, databaseUrl: database.url });
  await boss.start();
  const db = database.handle.db;
  const [organization] = await db
    .insert(organizations)
    .values({ name: 'Tischlerei Holzwurm', region: 'HORB' })
    .returning({ id: organizations.id });
  organizationId = organization!.id;
  const repository = createPushRepository(db);
  await startCandidatePushJobs(
    boss,
    createCandidateNotifier({
      repository,
      send: createPushSender({ vapid, agent }),
      schedule: createBossNoticeSchedule(boss),
      mailer: createMemoryMailer(),
      secret: TEST_AUTH_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      supportEmail: 'support@matchwerk.example',
      clock: () => NOON_TOMORROW,
    }),
    { pollingIntervalSeconds: 0.5 },
  );
}, 60_000);

afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  agent.destroy();
  await pushService.close();
  await database.handle.close();
  await database.dispose();
});

async function candidateWithDevice() {
  const db = database.handle.db;
  const id = crypto.randomUUID();
  await db.insert(authUsers).values({ id, email: `kandidat-${id.slice(0, 8)}@test.example`, name: 'Kim' });
  await db
    .insert(authAccounts)
    .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id });
  await db.insert(users).values({ id, type: 'APPLICANT' });
  const device = await pushService.subscribe();
  await createPushRepository(db).saveSubscription({ userId: id, endpoint: device.endpoint, ...device.keys });
  return { id, device };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('candidate notification jobs', () => {
  it('deliver a queued notice to the device, retrying after a 500 from the push service', async () => {
    const kim = await candidateWithDevice();
    pushService.answer(kim.device.id, [500]);
    await createQueuedCandidateNotifications(boss).notify([{ applicantId: kim.id, organizationId, kind: 'MESSAGE' }]);
    const attempts = await waitFor(
      () => Promise.resolve(pushService.attempts(kim.device.id)),
      (list) => list.includes(201),
    );
    expect(attempts).toEqual([500, 201]);
    const [push] = pushService.received.filter((received) => received.subscriptionId === kim.device.id);
    expect(JSON.parse(push!.payload)).toMatchObject({ kind: 'MESSAGE', company: 'Tischlerei Holzwurm' });
  }, 60_000);

  it('delete a subscription answered 410 and collect the notice for the fallback mail', async () => {
    const kim = await candidateWithDevice();
    pushService.answer(kim.device.id, [410]);
    await createQueuedCandidateNotifications(boss).notify([
      { applicantId: kim.id, organizationId, kind: 'MATCHING_ACCEPTED' },
    ]);
    const db = database.handle.db;
    const items = await waitFor(
      () => db.select().from(candidateMailItems).where(eq(candidateMailItems.userId, kim.id)),
      (rows) => rows.length > 0,
    );
    expect(items.map((item) => item.kind)).toEqual(['MATCHING_ACCEPTED']);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, kim.id))).toEqual([]);
    // The fallback mail's job is queued right after the item is stored, not with it: wait for it too.
    const queued: string[] = [];
    await waitFor(
      async () => {
        const jobs = await boss.fetch<{ userId: string }>(CANDIDATE_QUEUES.mail, {
          ignoreStartAfter: true,
          batchSize: 10,
        });
        queued.push(...jobs.map((job) => job.data.userId));
        return queued;
      },
      (userIds) => userIds.includes(kim.id),
    );
    expect(queued).toContain(kim.id);
  }, 60_000);
});
