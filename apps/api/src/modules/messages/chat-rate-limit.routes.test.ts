/**
 * The chat limit per user and minute (issue #9) on the real app: PGlite, and PostgreSQL with
 * TEST_DATABASE_URL. Both send routes: the candidate's and the employer's.
 */
import { ERROR_MESSAGES } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messages } from '../../db/schema/marketplace';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';

const LIMIT = 30;

let testApp: TestApp;
let organizationId: string;
let chatId: string;
let applicant: Record<string, string>;
let employer: Record<string, string>;
let secondEmployer: Record<string, string>;
let applicantUrl: string;
let employerUrl: string;

beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: { chatMessagesPerMinute: LIMIT } });
  const owner = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    organization: { name: 'Chat-Limit GmbH', region: 'SINDELFINGEN' },
  });
  organizationId = owner.organizationId!;
  const colleague = await createTestUser(testApp, { type: 'ORGANIZATION', organization: organizationId });
  const candidate = await createTestUser(testApp, { type: 'APPLICANT' });
  const [chat] = await testApp.database.db
    .insert(chats)
    .values({ organizationId, applicantId: candidate.id })
    .returning({ id: chats.id });
  chatId = chat!.id;
  applicant = bearer(await createSessionToken(testApp, candidate.id));
  employer = bearer(await createSessionToken(testApp, owner.id));
  secondEmployer = bearer(await createSessionToken(testApp, colleague.id));
  applicantUrl = `/rest/applicant/chats/${organizationId}/messages`;
  employerUrl = `/rest/messages/${candidate.id}`;
});

afterAll(async () => {
  await testApp?.close();
});

const send = (url: string, headers: Record<string, string>, text: string) =>
  testApp.app.inject({ method: 'POST', url, headers, payload: { text, clientMessageId: crypto.randomUUID() } });

async function storedCount(): Promise<number> {
  return (await testApp.database.db.select({ id: messages.id }).from(messages).where(eq(messages.chatId, chatId)))
    .length;
}

describe('chat rate limit', () => {
  it(`the candidate's message number ${LIMIT + 1} within a minute → 429 with the German message, nothing stored`, async () => {
    for (let i = 1; i <= LIMIT; i++)
      expect((await send(applicantUrl, applicant, `Nachricht ${i}`)).statusCode).toBe(201);
    const before = await storedCount();
    const refused = await send(applicantUrl, applicant, 'eine zu viel');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'CHAT_RATE_LIMITED', message: ERROR_MESSAGES.CHAT_RATE_LIMITED });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await storedCount()).toBe(before);
  });

  it('counts per user: the employer side has its own limit, each employer user too', async () => {
    for (let i = 1; i <= LIMIT; i++) expect((await send(employerUrl, employer, `Antwort ${i}`)).statusCode).toBe(201);
    const before = await storedCount();
    const refused = await send(employerUrl, employer, 'eine zu viel');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('CHAT_RATE_LIMITED');
    expect(await storedCount()).toBe(before);
    expect((await send(employerUrl, secondEmployer, 'Ich übernehme.')).statusCode).toBe(201);
  });
});
