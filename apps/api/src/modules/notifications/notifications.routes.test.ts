/**
 * Notification digests against the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * exactly once even when two senders run the same digest at the same moment, a failed send
 * gives its window back, and the unsubscribe link works without signing in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchings } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { createMemoryMailer, extractLinks, type Mailer } from '../../mail/mailer';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';
import { TEST_AUTH_SECRET } from '../../config/env';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService } from './notifications.service';

let testApp: TestApp;
let organizationId: string;
let ownerId: string;
let vacancyId: string;

function serviceWith(mailer: Mailer, now: Date) {
  return createNotificationsService({
    repository: createNotificationsRepository(testApp.database.db),
    mailer,
    secret: TEST_AUTH_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    supportEmail: 'support@matchwerk.example',
    clock: () => now,
  });
}

async function newMatching(at: Date, names = ['Lea'], familyNames = ['Sommer']) {
  const applicant = await createTestUser(testApp, { type: 'APPLICANT' });
  const headers = bearer(await createSessionToken(testApp, applicant.id));
  await testApp.app.inject({ method: 'PUT', url: '/rest/applicant/profile', headers, payload: { names, familyNames } });
  await testApp.database.db.insert(matchings).values({ vacancyId, applicantId: applicant.id, createdAt: at });
  return applicant.id;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const owner = await createTestUser(testApp, { type: 'ORGANIZATION', email: 'digest@test.example', name: 'Dora Digest', organization: { name: 'Digest GmbH', region: 'HORB' } });
  organizationId = owner.organizationId!;
  ownerId = owner.id;
  vacancyId = await insertVacancy(testApp.database.db, organizationId, { title: 'Ausbildung Zimmerer/Zimmerin', active: true });
});

afterAll(async () => {
  await testApp?.close();
});

describe('notification digests', () => {
  it('sends the daily digest once, even when two instances run it at the same moment', async () => {
    await testApp.database.db.update(users).set({ notifyViaMail: true, notificationInterval: 'DAILY' }).where(eq(users.id, ownerId));
    const at = new Date('2030-03-04T06:00:00Z');
    await newMatching(new Date(at.getTime() - 60 * 60 * 1000), ['Finn'], ['Maier']);
    const mailer = createMemoryMailer();
    const [first, second] = await Promise.all([serviceWith(mailer, at).runScheduledDigests('DAILY', at), serviceWith(mailer, at).runScheduledDigests('DAILY', at)]);
    const toOwner = mailer.sent.filter((mail) => mail.to === 'digest@test.example');
    expect(toOwner).toHaveLength(1);
    expect(first.SENT + second.SENT).toBeGreaterThanOrEqual(1);
    expect(toOwner[0]!.subject).toBe('Matchwerk: 1 neue Anfrage');
    expect(toOwner[0]!.text).toContain('Finn Maier interessiert sich für „Ausbildung Zimmerer/Zimmerin“');
    expect(extractLinks(toOwner[0]!.text)).toContain(`${TEST_PUBLIC_URL}/#/`);

    // Same window again, and the next day without news: nothing.
    await serviceWith(mailer, at).runScheduledDigests('DAILY', at);
    const nextDay = new Date(at.getTime() + 24 * 60 * 60 * 1000);
    await serviceWith(mailer, nextDay).runScheduledDigests('DAILY', nextDay);
    expect(mailer.sent.filter((mail) => mail.to === 'digest@test.example')).toHaveLength(1);
  });

  it('sends IMMEDIATELY digests once per job, with only what is new since the last mail', async () => {
    await testApp.database.db.update(users).set({ notifyViaMail: true, notificationInterval: 'IMMEDIATELY' }).where(eq(users.id, ownerId));
    const at = new Date('2030-03-05T10:00:00Z');
    await newMatching(new Date(at.getTime() - 30_000), ['Mia'], ['Kühn']);
    const mailer = createMemoryMailer();
    await Promise.all([serviceWith(mailer, at).runImmediate(organizationId, 'job-1', at), serviceWith(mailer, at).runImmediate(organizationId, 'job-1', at)]);
    await serviceWith(mailer, at).runImmediate(organizationId, 'job-1', at);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('Mia Kühn');
    expect(mailer.sent[0]!.text).not.toContain('Finn Maier');
    // A later job covers only newer events.
    const later = new Date(at.getTime() + 5 * 60_000);
    await newMatching(new Date(later.getTime() - 60_000), ['Ole'], ['Berg']);
    await serviceWith(mailer, later).runImmediate(organizationId, 'job-2', later);
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1]!.text).toContain('Ole Berg');
    expect(mailer.sent[1]!.text).not.toContain('Mia Kühn');
  });

  it('gives the window back when sending fails, so the retry sends it', async () => {
    await testApp.database.db.update(users).set({ notifyViaMail: true, notificationInterval: 'WEEKLY' }).where(eq(users.id, ownerId));
    const at = new Date('2030-03-11T06:00:00Z');
    await newMatching(new Date(at.getTime() - 60_000), ['Ida'], ['Roth']);
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP weg')) };
    const counts = await serviceWith(failing, at).runScheduledDigests('WEEKLY', at);
    expect(counts.SENT).toBe(0);
    const mailer = createMemoryMailer();
    await serviceWith(mailer, at).runScheduledDigests('WEEKLY', at);
    expect(mailer.sent.filter((mail) => mail.to === 'digest@test.example')).toHaveLength(1);
  });

  it('does not mail users who turned mails off', async () => {
    await testApp.database.db.update(users).set({ notifyViaMail: false, notificationInterval: 'IMMEDIATELY' }).where(eq(users.id, ownerId));
    const at = new Date('2030-03-12T10:00:00Z');
    await newMatching(new Date(at.getTime() - 60_000));
    const mailer = createMemoryMailer();
    await serviceWith(mailer, at).runImmediate(organizationId, 'job-off', at);
    expect(mailer.sent).toEqual([]);
  });
});

describe('GET /rest/notifications/unsubscribe', () => {
  it('turns mails off without signing in and answers a German page; a bad token gets 400', async () => {
    await testApp.database.db.update(users).set({ notifyViaMail: true }).where(eq(users.id, ownerId));
    const link = serviceWith(createMemoryMailer(), new Date()).unsubscribeUrl(ownerId);
    const response = await testApp.app.inject({ method: 'GET', url: link.slice(TEST_PUBLIC_URL.length) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Benachrichtigungen abbestellt');
    const [row] = await testApp.database.db.select({ notifyViaMail: users.notifyViaMail }).from(users).where(eq(users.id, ownerId));
    expect(row?.notifyViaMail).toBe(false);
    const bad = await testApp.app.inject({ method: 'GET', url: '/rest/notifications/unsubscribe?token=abc.def' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ungültig');
  });
});
