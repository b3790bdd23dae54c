/**
 * Candidate notifications end to end without the internet (issue 46, ADR 0098/0099): our real
 * web-push call against the test push service (testing/push-service.ts), which verifies the VAPID
 * JWT and decrypts the payload with the keys this test made itself. The notices are dispatched
 * like the jobs do; the pg-boss path with its retries is its own test below.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../config/env';
import { applicantProfiles } from '../../db/schema/marketplace';
import { pushSubscriptions } from '../../db/schema/candidate-push';
import { users } from '../../db/schema/users';
import { createMemoryMailer, extractLinks } from '../../mail/mailer';
import { createTestUser } from '../../testing/actors';
import { insertOrganization } from '../../testing/fixtures';
import { pushServiceAgent, startTestPushService, type TestPushService } from '../../testing/push-service';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';
import { chatTopic, PUSH_TTL_SECONDS, type CandidateNotice } from './candidate-notices';
import { createCandidateNotifier, type PushJob } from './candidate-notifier';
import { createPushSender } from './push-sender';
import { createPushRepository, DEFAULT_SETTINGS } from './push.repository';
import { generateVapidKeys } from './vapid';

const vapid = generateVapidKeys('mailto:support@matchwerk.example');
/** 12:00 in Berlin (winter): outside quiet hours. */
const NOON = new Date('2026-12-07T11:00:00Z');
/** 21:30 in Berlin: quiet hours until 07:00 the next morning (06:00 UTC). */
const EVENING = new Date('2026-12-07T20:30:00Z');

let testApp: TestApp;
let pushService: TestPushService;
let organizationId: string;
let otherOrganizationId: string;
const agent = pushServiceAgent();

beforeAll(async () => {
  testApp = await createTestApp();
  pushService = await startTestPushService({ vapidPublicKey: vapid.publicKey });
  organizationId = await insertOrganization(testApp.database.db, { name: 'Bäckerei Sonnenschein', region: 'HORB' });
  otherOrganizationId = await insertOrganization(testApp.database.db, { name: 'Autohaus Kolb', region: 'HORB' });
});

afterAll(async () => {
  agent.destroy();
  await pushService.close();
  await testApp.close();
});

function setUp(now: Date = NOON) {
  const pushes: { jobs: PushJob[]; startAfter: Date | null }[] = [];
  const mails: { userId: string; startAfter: Date }[] = [];
  const mailer = createMemoryMailer();
  const repository = createPushRepository(testApp.database.db);
  const notifier = createCandidateNotifier({
    repository,
    send: createPushSender({ vapid, agent }),
    schedule: {
      push: (jobs, startAfter) => {
        pushes.push({ jobs, startAfter });
        return Promise.resolve();
      },
      mail: (userId, startAfter) => {
        mails.push({ userId, startAfter });
        return Promise.resolve();
      },
    },
    mailer,
    secret: TEST_AUTH_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    supportEmail: 'support@matchwerk.example',
    clock: () => now,
  });
  /** Delivers every push job dispatch scheduled so far. */
  async function deliverAll() {
    const jobs = pushes.flatMap((batch) => batch.jobs);
    pushes.length = 0;
    return Promise.all(jobs.map((job) => notifier.deliver(job)));
  }
  return { notifier, repository, pushes, mails, mailer, deliverAll };
}

/** A candidate (adult unless a birth date says otherwise) with `devices` subscriptions at the push service. */
async function candidate(options: { devices?: number; dateOfBirth?: string } = {}) {
  const user = await createTestUser(testApp, { type: 'APPLICANT', name: 'Mia Musterfrau' });
  await testApp.database.db.insert(applicantProfiles).values({
    userId: user.id,
    names: ['Mia'],
    familyNames: ['Musterfrau'],
    dateOfBirth: options.dateOfBirth ?? '2000-01-15',
  });
  const repository = createPushRepository(testApp.database.db);
  const devices = [];
  for (let index = 0; index < (options.devices ?? 1); index++) {
    const subscription = await pushService.subscribe();
    await repository.saveSubscription({ userId: user.id, endpoint: subscription.endpoint, ...subscription.keys });
    devices.push(subscription);
  }
  return { ...user, devices };
}

function notice(applicantId: string, kind: CandidateNotice['kind'], org = organizationId): CandidateNotice {
  return { applicantId, kind, organizationId: org };
}

describe('push to the candidate’s devices', () => {
  it('carries kind, company and a path inside /app/ — no names, no message text — with TTL, Urgency and one Topic per chat', async () => {
    const { notifier, deliverAll } = setUp();
    const mia = await candidate({ devices: 2 });
    const [phone, laptop] = mia.devices as [(typeof mia.devices)[0], (typeof mia.devices)[0]];

    expect(await notifier.dispatch(notice(mia.id, 'MESSAGE'))).toBe('PUSH');
    expect(await deliverAll()).toEqual(['DELIVERED', 'DELIVERED']);

    const [push] = pushService.received.filter((received) => received.subscriptionId === phone.id);
    expect(JSON.parse(push!.payload)).toEqual({
      v: 1,
      kind: 'MESSAGE',
      company: 'Bäckerei Sonnenschein',
      url: `/app/#/nachrichten/${organizationId}`,
      tag: `chat-${organizationId}`,
    });
    expect(push!.payload).not.toMatch(/Mia|Musterfrau/);
    expect(push).toMatchObject({ ttl: PUSH_TTL_SECONDS, urgency: 'high', topic: chatTopic(organizationId) });
    expect(push!.claims).toMatchObject({ aud: pushService.origin, sub: 'mailto:support@matchwerk.example' });
    expect(pushService.received.some((received) => received.subscriptionId === laptop.id)).toBe(true);
    const [subscription] = await testApp.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(subscription!.lastSuccessAt).toEqual(NOON);
  });

  it('collapses messages per chat: a newer one replaces the waiting one of that chat, other chats stay', async () => {
    const { notifier, deliverAll } = setUp();
    const mia = await candidate();
    const device = mia.devices[0]!;
    await notifier.dispatch(notice(mia.id, 'MESSAGE'));
    await deliverAll();
    await notifier.dispatch(notice(mia.id, 'MESSAGE'));
    await deliverAll();
    await notifier.dispatch(notice(mia.id, 'MESSAGE', otherOrganizationId));
    await deliverAll();

    expect(pushService.received.filter((push) => push.subscriptionId === device.id)).toHaveLength(3);
    const waiting = pushService.waiting(device.id).map((push) => JSON.parse(push.payload) as { tag: string });
    expect(waiting.map((payload) => payload.tag)).toEqual([`chat-${organizationId}`, `chat-${otherOrganizationId}`]);
    expect(chatTopic(organizationId)).not.toBe(chatTopic(otherOrganizationId));
    expect(chatTopic(organizationId)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('tells decisions with normal urgency and no topic; a declined one opens the candidate’s Anfragen', async () => {
    const { notifier, deliverAll } = setUp();
    const mia = await candidate();
    await notifier.dispatch(notice(mia.id, 'MATCHING_ACCEPTED'));
    await notifier.dispatch(notice(mia.id, 'MATCHING_DECLINED', otherOrganizationId));
    await deliverAll();
    // Both pushes go out side by side: compare them in the order of their kind (accepted, declined).
    const pushes = pushService.received
      .filter((push) => push.subscriptionId === mia.devices[0]!.id)
      .map((push) => [JSON.parse(push.payload) as { kind: string }, push.urgency, push.topic] as const)
      .sort(([a], [b]) => a.kind.localeCompare(b.kind));
    expect(pushes).toEqual([
      [
        {
          v: 1,
          kind: 'MATCHING_ACCEPTED',
          company: 'Bäckerei Sonnenschein',
          url: `/app/#/nachrichten/${organizationId}`,
          tag: `matching-${organizationId}`,
        },
        'normal',
        undefined,
      ],
      [
        {
          v: 1,
          kind: 'MATCHING_DECLINED',
          company: 'Autohaus Kolb',
          url: '/app/#/anfragen',
          tag: `matching-${otherOrganizationId}`,
        },
        'normal',
        undefined,
      ],
    ]);
  });

  it('deletes a subscription the push service calls gone (410) and mails instead when it was the last device', async () => {
    const { notifier, deliverAll, repository, mails } = setUp();
    const mia = await candidate();
    pushService.answer(mia.devices[0]!.id, [410]);
    await notifier.dispatch(notice(mia.id, 'MESSAGE'));
    expect(await deliverAll()).toEqual(['GONE']);
    expect(await repository.subscriptionsOf(mia.id)).toEqual([]);
    expect(mails.map((mail) => mail.userId)).toEqual([mia.id]);
  });

  it('throws on a 500 so the job is tried again, and the next try delivers', async () => {
    const { notifier, pushes } = setUp();
    const mia = await candidate();
    const device = mia.devices[0]!;
    pushService.answer(device.id, [500]);
    await notifier.dispatch(notice(mia.id, 'MESSAGE'));
    const job = pushes[0]!.jobs[0]!;
    await expect(notifier.deliver(job)).rejects.toMatchObject({ statusCode: 500 });
    expect(await notifier.deliver(job)).toBe('DELIVERED');
    expect(pushService.attempts(device.id)).toEqual([500, 201]);
  });

  it('is refused by the push service when signed with another VAPID key', async () => {
    const mia = await candidate();
    const send = createPushSender({ vapid: generateVapidKeys('mailto:fremd@example.org'), agent });
    const [subscription] = await createPushRepository(testApp.database.db).subscriptionsOf(mia.id);
    await expect(send(subscription!, '{}', { ttlSeconds: 60, urgency: 'normal' })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(pushService.refused.at(-1)).toMatchObject({ status: 403, reason: 'unknown VAPID key' });
  });
});

describe('settings and quiet hours', () => {
  it('holds a minor’s pushes in quiet hours until 07:00 Berlin; an adult’s go at once', async () => {
    const { notifier, pushes } = setUp(EVENING);
    const minor = await candidate({ dateOfBirth: '2010-05-01' });
    const adult = await candidate();
    await notifier.dispatch(notice(minor.id, 'MESSAGE'));
    await notifier.dispatch(notice(adult.id, 'MESSAGE'));
    expect(pushes.map((batch) => batch.startAfter)).toEqual([new Date('2026-12-08T06:00:00Z'), null]);
  });

  it('follows the candidate’s switches: push off → mail; mail off too → nothing; quiet hours chosen by an adult', async () => {
    const { notifier, repository, pushes, mails } = setUp(EVENING);
    const mia = await candidate();
    await repository.saveSettings(
      mia.id,
      { ...DEFAULT_SETTINGS, push: { ...DEFAULT_SETTINGS.push, MESSAGE: false }, quietHours: true },
      EVENING,
    );
    expect(await notifier.dispatch(notice(mia.id, 'MESSAGE'))).toBe('MAIL');
    expect(pushes).toEqual([]);
    // The mail waits for the end of the quiet hours too.
    expect(mails).toEqual([{ userId: mia.id, startAfter: new Date('2026-12-08T06:00:00Z') }]);
    expect(await notifier.dispatch(notice(mia.id, 'MATCHING_ACCEPTED'))).toBe('PUSH');

    await repository.saveSettings(
      mia.id,
      {
        ...DEFAULT_SETTINGS,
        push: { ...DEFAULT_SETTINGS.push, MESSAGE: false },
        email: { ...DEFAULT_SETTINGS.email, MESSAGE: false },
        quietHours: false,
      },
      EVENING,
    );
    expect(await notifier.dispatch(notice(mia.id, 'MESSAGE'))).toBe('NONE');
  });

  it('sends nothing for a disabled candidate', async () => {
    const { notifier } = setUp();
    const mia = await candidate();
    await testApp.database.db.update(users).set({ disabledAt: NOON }).where(eq(users.id, mia.id));
    expect(await notifier.dispatch(notice(mia.id, 'MESSAGE'))).toBe('NONE');
  });
});

describe('the e-mail fallback', () => {
  it('collects a candidate’s notices into one mail in “du” with links into /app/ and one unsubscribe link per kind', async () => {
    const { notifier, mailer, mails } = setUp();
    const lea = await candidate({ devices: 0 });
    await notifier.dispatch(notice(lea.id, 'MESSAGE'));
    await notifier.dispatch(notice(lea.id, 'MESSAGE'));
    await notifier.dispatch(notice(lea.id, 'MATCHING_ACCEPTED', otherOrganizationId));
    expect(new Set(mails.map((mail) => mail.userId))).toEqual(new Set([lea.id]));
    expect(mails[0]!.startAfter.getTime()).toBeGreaterThan(NOON.getTime());

    expect(await notifier.sendMail(lea.id)).toBe(3);
    expect(await notifier.sendMail(lea.id)).toBe(0);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail.to).toBe(lea.email);
    expect(mail.text).toContain('Hallo Mia,');
    expect(mail.text).toContain('Bäckerei Sonnenschein hat dir 2 neue Nachrichten geschrieben.');
    expect(mail.text).toContain('Autohaus Kolb hat deine Anfrage angenommen.');
    expect(mail.text).not.toMatch(/\bSie\b|Ihr /);
    const links = extractLinks(mail.text);
    expect(links).toContain(`${TEST_PUBLIC_URL}/app/#/nachrichten/${organizationId}`);
    expect(links).toContain(`${TEST_PUBLIC_URL}/app/#/nachrichten/${otherOrganizationId}`);
    const unsubscribe = links.filter((link) => link.includes('/rest/applicant-notifications/unsubscribe'));
    expect(unsubscribe).toHaveLength(2);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
