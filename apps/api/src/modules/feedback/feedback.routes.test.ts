import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_TOO_LONG,
  type FeedbackItem,
  type FeedbackPage,
} from '@matchwerk/shared';
import { feedback } from '../../db/schema/index';
import type { Mailer } from '../../mail/mailer';
import { ACTOR_EMAILS, bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';

const SUPPORT = 'support@matchwerk.example';

function form(fields: Record<string, string>, screenshot: Buffer | null = null) {
  return multipartBody(screenshot, { filename: 'screenshot.png', contentType: 'image/png', fields });
}

async function send(testApp: TestApp, token: string, body: { payload: Buffer; headers: Record<string, string> }) {
  return testApp.app.inject({
    method: 'POST',
    url: '/rest/feedback',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('POST /rest/feedback', () => {
  let testApp: TestApp;
  let employer: string;
  let admin: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    employer = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn));
    admin = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.admin));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses incomplete, over-long and malformed input in German, and stores nothing', async () => {
    const before = (await testApp.database.db.select().from(feedback)).length;
    const missing = await send(testApp, employer, form({ message: '  ', page: '/vacancies' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { category: 'Bitte wählen Sie eine Kategorie.', message: 'Bitte beschreiben Sie Ihr Anliegen.' },
    });

    const tooLong = await send(
      testApp,
      employer,
      form({ category: 'IDEA', message: 'x'.repeat(FEEDBACK_MESSAGE_MAX_LENGTH + 1), page: '/help' }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ fieldErrors: { message: FEEDBACK_MESSAGE_TOO_LONG } });
    // Far beyond the parser's field size: refused the same way, never cut.
    const huge = await send(testApp, employer, form({ category: 'IDEA', message: 'ü'.repeat(40_000), page: '/help' }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ fieldErrors: { message: FEEDBACK_MESSAGE_TOO_LONG } });

    const badPage = await send(
      testApp,
      employer,
      form({ category: 'QUESTION', message: 'Frage', page: 'https://evil.example' }),
    );
    expect(badPage.json()).toMatchObject({ fieldErrors: { page: 'Die Seitenangabe muss mit "/" beginnen.' } });

    const notImage = await send(
      testApp,
      employer,
      form({ category: 'PROBLEM', message: 'Bild kaputt', page: '/' }, Buffer.from('kein Bild, nur Text')),
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json<{ message: string }>().message).toMatch(/Bild|Datei/);

    const json = await testApp.app.inject({
      method: 'POST',
      url: '/rest/feedback',
      headers: bearer(employer),
      payload: { category: 'IDEA', message: 'x', page: '/' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ message: string }>().message).toBe('Bitte senden Sie das Formular als multipart/form-data.');
    expect((await testApp.database.db.select().from(feedback)).length).toBe(before);
  });

  it('stores the feedback with a re-encoded screenshot, mails it to support and lists it for admins', async () => {
    const message = 'Beim Speichern der Anzeige erscheint ein Fehler.\nZweite Zeile mit <b>Markup</b>.';
    const response = await send(
      testApp,
      employer,
      form({ category: 'PROBLEM', message, page: '/vacancies/42' }, await makeImage('png')),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: string; mailed: boolean }>();
    expect(created.mailed).toBe(true);

    const mail = testApp.mailer.lastTo(SUPPORT);
    expect(mail?.subject).toBe('Feedback (Problem) von Sabine Keller');
    expect(mail?.text).toContain('Seite: http://localhost:3000/#/vacancies/42');
    expect(mail?.text).toContain(
      'Nachricht:\n> Beim Speichern der Anzeige erscheint ein Fehler.\n> Zweite Zeile mit <b>Markup</b>.',
    );
    expect(mail?.text).toContain('Screenshot: ja');
    expect(mail?.html).toContain('&lt;b&gt;Markup&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Markup');
    expect(mail?.headers?.['Reply-To']).toBe(ACTOR_EMAILS.organisationOwn);

    const list = await testApp.app.inject({ method: 'GET', url: '/rest/feedback', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const item = list.json<FeedbackPage>().items.find((entry) => entry.id === created.id);
    expect(item).toMatchObject({
      category: 'PROBLEM',
      message,
      page: '/vacancies/42',
      status: 'NEW',
      hasScreenshot: true,
      mailed: true,
      sender: { email: ACTOR_EMAILS.organisationOwn },
    });

    const screenshot = await testApp.app.inject({
      method: 'GET',
      url: `/rest/feedback/${created.id}/screenshot`,
      headers: bearer(admin),
    });
    expect(screenshot.statusCode).toBe(200);
    expect(screenshot.headers['content-type']).toMatch(/^image\//);
    expect(screenshot.rawPayload.length).toBeGreaterThan(0);
  });

  it('keeps a name with line breaks on one line and escaped in the mail', async () => {
    const user = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: { name: 'Zeilen GmbH', region: 'HORB' },
      name: 'Max\r\nBcc: boese@example.com <script>',
    });
    const token = await createSessionToken(testApp, user.id);
    expect(
      (
        await send(
          testApp,
          token,
          form({ category: 'QUESTION', message: 'Wie lade ich ein Logo hoch?', page: '/settings' }),
        )
      ).statusCode,
    ).toBe(201);
    const mail = testApp.mailer.lastTo(SUPPORT);
    expect(mail?.subject).toBe('Feedback (Frage) von Max Bcc: boese@example.com <script>');
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.text.split('\n')).toContain(`Von: Max Bcc: boese@example.com <script> <${user.email}>`);
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain('Screenshot: nein');
  });

  it('lets admins set the status and filter by it; unknown ids 404, unknown statuses 400', async () => {
    const created = (
      await send(testApp, employer, form({ category: 'IDEA', message: 'Dunkler Modus wäre schön.', page: '/help' }))
    ).json<{ id: string }>();
    const change = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/feedback/${created.id}/status`,
      headers: bearer(admin),
      payload: { status: 'DONE' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json<FeedbackItem>()).toMatchObject({ id: created.id, status: 'DONE' });
    const done = (
      await testApp.app.inject({ method: 'GET', url: '/rest/feedback?status=DONE', headers: bearer(admin) })
    ).json<FeedbackPage>();
    expect(done.items.map((item) => item.id)).toContain(created.id);
    expect(done.items.every((item) => item.status === 'DONE')).toBe(true);
    const open = (
      await testApp.app.inject({ method: 'GET', url: '/rest/feedback?status=NEW', headers: bearer(admin) })
    ).json<FeedbackPage>();
    expect(open.items.map((item) => item.id)).not.toContain(created.id);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const unknown = await testApp.app.inject({
        method: 'PUT',
        url: `/rest/feedback/${id}/status`,
        headers: bearer(admin),
        payload: { status: 'DONE' },
      });
      expect(unknown.statusCode).toBe(404);
    }
    const bad = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/feedback/${created.id}/status`,
      headers: bearer(admin),
      payload: { status: 'ARCHIVED' },
    });
    expect(bad.statusCode).toBe(400);
    const noScreenshot = await testApp.app.inject({
      method: 'GET',
      url: `/rest/feedback/${created.id}/screenshot`,
      headers: bearer(admin),
    });
    expect(noScreenshot.statusCode).toBe(404);
  });
});

describe('POST /rest/feedback when the mail fails', () => {
  let testApp: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const failing: Mailer = {
      send: (message) => (message.to === SUPPORT ? Promise.reject(new Error('SMTP down')) : Promise.resolve()),
    };
    testApp = await createTestApp({
      appMailer: () => Promise.resolve(failing),
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps the feedback stored, logs the failure and says mailed: false', async () => {
    const token = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.partnerInRegion));
    const response = await send(
      testApp,
      token,
      form({ category: 'ACCESSIBILITY', message: 'Der Kontrast der Tabelle ist zu schwach.', page: '/statistics' }),
    );
    expect(response.statusCode).toBe(201);
    const { id, mailed } = response.json<{ id: string; mailed: boolean }>();
    expect(mailed).toBe(false);
    const [row] = await testApp.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ category: 'ACCESSIBILITY', status: 'NEW', mailedAt: null });
    expect(logged.some((line) => line.includes('feedback mail could not be sent') && line.includes(id))).toBe(true);
  });
});

describe('POST /rest/feedback rate limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ rateLimits: { feedbackPerHour: 2 } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses more than the hourly number per user with a German 429', async () => {
    const token = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.statistics));
    for (let index = 0; index < 2; index++) {
      expect(
        (await send(testApp, token, form({ category: 'QUESTION', message: `Frage ${index}`, page: '/statistics' })))
          .statusCode,
      ).toBe(201);
    }
    const refused = await send(
      testApp,
      token,
      form({ category: 'QUESTION', message: 'Noch eine', page: '/statistics' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ message: string }>().message).toBe(
      'Sie haben in der letzten Stunde schon 2 Rückmeldungen gesendet. Bitte versuchen Sie es später erneut oder schreiben Sie an support@matchwerk.example.',
    );
    // Another user is not affected.
    const other = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.admin));
    expect(
      (await send(testApp, other, form({ category: 'QUESTION', message: 'Frage', page: '/statistics' }))).statusCode,
    ).toBe(201);
  });
});
