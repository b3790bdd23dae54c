/**
 * Notification digests against the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * exactly once even when two senders run the same digest at the same moment, a failed send
 * gives its window back, and the unsubscribe link works without signing in: GET shows a button,
 * POST (the button or a mail provider's RFC 8058 one-click) turns mails off.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchings } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { createMemoryMailer, extractLinks, type Mailer } from '../../mail/mailer';
import { bearer, cookieHeader, createSessionToken, createTestUser, signIn } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';
import { TEST_AUTH_SECRET } from '../../config/env';
import { createNotificationsRepository, type NotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
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
    userChanged: () => Promise.resolve(),
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
  const owner = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    email: 'digest@test.example',
    name: 'Dora Digest',
    organization: { name: 'Digest GmbH', region: 'HORB' },
  });
  organizationId = owner.organizationId!;
  ownerId = owner.id;
  vacancyId = await insertVacancy(testApp.database.db, organizationId, {
    title: 'Ausbildung Zimmerer/Zimmerin',
    active: true,
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('notification digests', () => {
  it('sends the daily digest once, even when two instances run it at the same moment', async () => {
    await testApp.database.db
      .update(users)
      .set({ notifyViaMail: true, notificationInterval: 'DAILY' })
      .where(eq(users.id, ownerId));
    const at = new Date('2030-03-04T06:00:00Z');
    await newMatching(new Date(at.getTime() - 60 * 60 * 1000), ['Finn'], ['Maier']);
    const mailer = createMemoryMailer();
    const [first, second] = await Promise.all([
      serviceWith(mailer, at).runScheduledDigests('DAILY', at),
      serviceWith(mailer, at).runScheduledDigests('DAILY', at),
    ]);
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
    await testApp.database.db
      .update(users)
      .set({ notifyViaMail: true, notificationInterval: 'IMMEDIATELY' })
      .where(eq(users.id, ownerId));
    const at = new Date('2030-03-05T10:00:00Z');
    await newMatching(new Date(at.getTime() - 30_000), ['Mia'], ['Kühn']);
    const mailer = createMemoryMailer();
    await Promise.all([
      serviceWith(mailer, at).runImmediate(organizationId, 'job-1', at),
      serviceWith(mailer, at).runImmediate(organizationId, 'job-1', at),
    ]);
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
    await testApp.database.db
      .update(users)
      .set({ notifyViaMail: true, notificationInterval: 'WEEKLY' })
      .where(eq(users.id, ownerId));
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
    await testApp.database.db
      .update(users)
      .set({ notifyViaMail: false, notificationInterval: 'IMMEDIATELY' })
      .where(eq(users.id, ownerId));
    const at = new Date('2030-03-12T10:00:00Z');
    await newMatching(new Date(at.getTime() - 60_000));
    const mailer = createMemoryMailer();
    await serviceWith(mailer, at).runImmediate(organizationId, 'job-off', at);
    expect(mailer.sent).toEqual([]);
  });
});

describe('/rest/notifications/unsubscribe', () => {
  const path = '/rest/notifications/unsubscribe';

  async function notifyViaMail(): Promise<boolean | undefined> {
    const [row] = await testApp.database.db
      .select({ notifyViaMail: users.notifyViaMail })
      .from(users)
      .where(eq(users.id, ownerId));
    return row?.notifyViaMail;
  }

  async function subscribe(): Promise<string> {
    await testApp.database.db.update(users).set({ notifyViaMail: true }).where(eq(users.id, ownerId));
    return serviceWith(createMemoryMailer(), new Date()).unsubscribeUrl(ownerId).slice(TEST_PUBLIC_URL.length);
  }

  function expectHtmlPage(
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
    status: number,
    text: string,
  ) {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(text);
    expect(response.body).not.toMatch(/<script/i);
    // The signed token is random base64url and may spell "zod" or "error" by chance: leak
    // checks look at the page with every token removed.
    const withoutTokens = response.body.replaceAll(/token=[\w.%-]+/g, 'token=');
    expect(withoutTokens).not.toMatch(/error|zod|serializ|stack|Invalid|at \w+ \(/i);
  }

  function oneClick(url: string, headers: Record<string, string> = {}) {
    return testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
  }

  it('GET only shows a page with a button that posts back; nothing changes', async () => {
    const link = await subscribe();
    const response = await testApp.app.inject({ method: 'GET', url: link });
    expectHtmlPage(response, 200, 'E-Mail-Benachrichtigungen abbestellen');
    expect(await notifyViaMail()).toBe(true);
    // The form posts to this very URL (form-action 'self'), with the one-click field.
    const action = /<form method="post" action="([^"]+)">/.exec(response.body)?.[1]?.replaceAll('&#38;', '&');
    expect(action).toBe(`?${link.split('?')[1]}`);
    expect(response.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('POST from the page (a signed-in browser, same origin) turns mails off and confirms', async () => {
    const link = await subscribe();
    const login = await signIn(testApp, 'digest@test.example');
    const response = await oneClick(link, {
      cookie: cookieHeader(login),
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    });
    expectHtmlPage(response, 200, 'Benachrichtigungen abbestellt');
    expect(await notifyViaMail()).toBe(false);
  });

  it("a mail provider's RFC 8058 one-click POST (no cookie, no Origin; urlencoded or multipart) turns mails off", async () => {
    const link = await subscribe();
    expectHtmlPage(await oneClick(link), 200, 'Benachrichtigungen abbestellt');
    expect(await notifyViaMail()).toBe(false);

    await subscribe();
    const boundary = '----oneclick';
    const multipart = await testApp.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expectHtmlPage(multipart, 200, 'Benachrichtigungen abbestellt');
    expect(await notifyViaMail()).toBe(false);
  });

  it('the token authenticates, not the cookie: the same-origin check does not apply', async () => {
    const link = await subscribe();
    const login = await signIn(testApp, 'digest@test.example');
    expectHtmlPage(
      await oneClick(link, { cookie: cookieHeader(login), origin: 'https://mail.example' }),
      200,
      'Benachrichtigungen abbestellt',
    );
    expect(await notifyViaMail()).toBe(false);
  });

  it('the digest mail carries List-Unsubscribe (that URL, one-click POST works) and List-Unsubscribe-Post', async () => {
    await testApp.database.db
      .update(users)
      .set({ notifyViaMail: true, notificationInterval: 'IMMEDIATELY' })
      .where(eq(users.id, ownerId));
    const at = new Date('2030-04-01T10:00:00Z');
    await newMatching(new Date(at.getTime() - 30_000), ['Tom'], ['Kurz']);
    const mailer = createMemoryMailer();
    await serviceWith(mailer, at).runImmediate(organizationId, 'job-headers', at);
    const mail = mailer.lastTo('digest@test.example');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(url).toBeDefined();
    expect(extractLinks(mail!.text)).toContain(url);
    expectHtmlPage(await oneClick(url!.slice(TEST_PUBLIC_URL.length)), 200, 'Benachrichtigungen abbestellt');
    expect(await notifyViaMail()).toBe(false);
  });

  it('answers a bad, over-long or repeated token with the German 400 page, without internals, and changes nothing', async () => {
    const link = await subscribe();
    const valid = new URLSearchParams(link.split('?')[1]).get('token')!;
    const bad = [
      'abc.def',
      'kein-token',
      encodeURIComponent(`${'A'.repeat(300)}.${valid.split('.')[1]}`),
      'x'.repeat(301),
      'x'.repeat(5000),
      `${encodeURIComponent(valid)}&token=${encodeURIComponent(valid)}`,
      '%E0%A4%A',
    ];
    for (const token of bad) {
      expectHtmlPage(await testApp.app.inject({ method: 'GET', url: `${path}?token=${token}` }), 400, 'Link ungültig');
      expectHtmlPage(await oneClick(`${path}?token=${token}`), 400, 'Link ungültig');
    }
    expectHtmlPage(await oneClick(path), 400, 'Link ungültig');
    // A malformed body is refused with the page too, not with JSON.
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/json' },
      payload: '{"List-Unsubscribe":',
    });
    expectHtmlPage(malformed, 400, 'Link ungültig');
    expect(await notifyViaMail()).toBe(true);
  });

  it('answers a failure with the German error page (500), without internals', async () => {
    const link = await subscribe();
    const failing: NotificationsRepository = {
      ...createNotificationsRepository(testApp.database.db),
      unsubscribe: () => Promise.reject(new Error('connection terminated: geheime Einzelheit')),
    };
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(notificationsRoutes, {
      service: createNotificationsService({
        repository: failing,
        mailer: createMemoryMailer(),
        secret: TEST_AUTH_SECRET,
        publicUrl: TEST_PUBLIC_URL,
        supportEmail: 'support@matchwerk.example',
        userChanged: () => Promise.resolve(),
        clock: () => new Date(),
      }),
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expectHtmlPage(response, 500, 'Abbestellen nicht möglich');
      expect(response.body).not.toContain('geheime Einzelheit');
    } finally {
      await app.close();
    }
  });
});
