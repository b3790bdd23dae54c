/**
 * Feedback and support requests from the candidate app (ADR 0102): candidates send through the
 * same POST /rest/feedback, are refused in "du", and administrators see them marked as candidate
 * feedback in the existing list.
 */
import { CANDIDATE_FEEDBACK_MESSAGES, type ErrorResponse, type FeedbackPage } from '@matchwerk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_EMAILS, bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipartBody } from '../../testing/uploads';

const form = (fields: Record<string, string>) => multipartBody(null, { fields });

function send(testApp: TestApp, token: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const body = form(fields);
  return testApp.app.inject({
    method: 'POST',
    url: '/rest/feedback',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('feedback from candidates', () => {
  let testApp: TestApp;
  let candidate: string;
  beforeAll(async () => {
    testApp = await createTestApp({ rateLimits: { feedbackPerHour: 2 } });
    candidate = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.applicant));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('a candidate sends a support request from the app; support gets it with the app screen as link', async () => {
    const response = await send(testApp, candidate, {
      category: 'QUESTION',
      message: 'Wie ändere ich mein Foto?',
      page: '/profil',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mailed: true });
    const mail = testApp.mailer.lastTo('support@matchwerk.example');
    expect(mail?.text).toContain('Bewerber/in');
    expect(mail?.text).toContain('http://localhost:3000/app/#/profil');
    expect(mail?.text).toContain('Wie ändere ich mein Foto?');
  });

  it('refuses incomplete input in "du"', async () => {
    const response = await send(testApp, candidate, { message: ' ', page: 'profil' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fieldErrors).toEqual({
      category: CANDIDATE_FEEDBACK_MESSAGES.category,
      message: CANDIDATE_FEEDBACK_MESSAGES.missing,
      page: CANDIDATE_FEEDBACK_MESSAGES.pageSlash,
    });
  });

  it('refuses more than the hourly number with a friendly 429 in "du"', async () => {
    expect(
      (await send(testApp, candidate, { category: 'IDEA', message: 'Dunkler Modus?', page: '/einstellungen' }))
        .statusCode,
    ).toBe(201);
    const refused = await send(testApp, candidate, { category: 'IDEA', message: 'Noch was', page: '/einstellungen' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorResponse>().message).toBe(
      'Du hast in der letzten Stunde schon 2 Nachrichten an uns geschickt. Bitte versuch es später noch einmal oder schreib an support@matchwerk.example.',
    );
  });

  it('a candidate who has not accepted the texts yet is refused like on every candidate endpoint', async () => {
    const user = await createTestUser(testApp, { type: 'APPLICANT', legalSigned: false });
    const response = await send(testApp, await createSessionToken(testApp, user.id), {
      category: 'QUESTION',
      message: 'Hallo',
      page: '/hilfe',
    });
    expect(response.statusCode).toBe(403);
  });

  it('administrators see candidate feedback marked in the existing list; employers’ feedback is not marked', async () => {
    const employer = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn));
    expect(
      (await send(testApp, employer, { category: 'PROBLEM', message: 'Fehler beim Speichern', page: '/vacancies' }))
        .statusCode,
    ).toBe(201);
    const admin = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.admin));
    const list = await testApp.app.inject({ method: 'GET', url: '/rest/feedback', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const items = list.json<FeedbackPage>().items;
    expect(items.find((item) => item.message === 'Wie ändere ich mein Foto?')).toMatchObject({
      fromCandidate: true,
      page: '/profil',
      sender: { email: ACTOR_EMAILS.applicant },
    });
    expect(items.find((item) => item.message === 'Fehler beim Speichern')).toMatchObject({ fromCandidate: false });
  });
});
