/**
 * Paged chat history and the one-statement send (ADR 0029) through app.inject on the real app
 * (PGlite, and PostgreSQL with TEST_DATABASE_URL, where parallel requests really run in parallel).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chats, messages } from '../../db/schema/marketplace';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { createTestApp, TEST_RATE_LIMITS, type TestApp } from '../../testing/test-app';

let testApp: TestApp;

interface Party {
  id: string;
  headers: Record<string, string>;
}

interface Message {
  id: string;
  text: string;
  clientMessageId: string | null;
}

interface ChatPage {
  messages: Message[];
  cursor: string;
  older: string | null;
}

const INVALID_CURSOR = 'Ungültiger Cursor. Bitte laden Sie die Liste neu.';

function inject(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** Counts the statements the app sends to its database (PGlite client, or the pg pool). */
function countQueries(): { stop(): number } {
  const handle = testApp.database;
  // drizzle keeps the driver client as $client; its query() is where every statement goes.
  const client = (handle.pglite ??
    (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client) as {
    query: (...args: unknown[]) => unknown;
  };
  const spy = vi.spyOn(client, 'query');
  return {
    stop() {
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return calls;
    },
  };
}

async function newOrganization(name: string): Promise<Party & { organizationId: string }> {
  const user = await createTestUser(testApp, { type: 'ORGANIZATION', organization: { name, region: 'HORB' } });
  return {
    id: user.id,
    organizationId: user.organizationId!,
    headers: bearer(await createSessionToken(testApp, user.id)),
  };
}

async function newApplicant(): Promise<Party> {
  const user = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id: user.id, headers: bearer(await createSessionToken(testApp, user.id)) };
}

/** A chat as accepting a matching opens it (without the system message). */
async function openChat(organizationId: string, applicantId: string): Promise<string> {
  const [row] = await testApp.database.db
    .insert(chats)
    .values({ organizationId, applicantId })
    .returning({ id: chats.id });
  return row!.id;
}

let organization: Awaited<ReturnType<typeof newOrganization>>;
let applicant: Party;
let chatId: string;
const texts = Array.from({ length: 7 }, (_, index) => `Nachricht ${index + 1}`);

beforeAll(async () => {
  // The chat limit is per user and minute; these tests send more than a person would.
  testApp = await createTestApp({ rateLimits: { ...TEST_RATE_LIMITS, chatMessagesPerMinute: 10_000 } });
  organization = await newOrganization('Chatverlauf GmbH');
  applicant = await newApplicant();
  chatId = await openChat(organization.organizationId, applicant.id);
  for (const [index, text] of texts.entries()) {
    const from =
      index % 2 === 0
        ? { url: `/rest/messages/${applicant.id}`, headers: organization.headers }
        : { url: `/rest/applicant/chats/${organization.organizationId}/messages`, headers: applicant.headers };
    expect(
      (await inject('POST', from.url, from.headers, { text, clientMessageId: crypto.randomUUID() })).statusCode,
    ).toBe(201);
  }
});

afterAll(async () => {
  await testApp?.close();
});

describe('chat history, paged', () => {
  it('reads the newest messages first and the older ones page by page through `older`, on both sides', async () => {
    for (const side of [
      { url: `/rest/messages/organization/${applicant.id}`, headers: organization.headers },
      { url: `/rest/applicant/chats/${organization.organizationId}`, headers: applicant.headers },
    ]) {
      const newest = (await inject('GET', `${side.url}?limit=3`, side.headers)).json<ChatPage>();
      expect(newest.messages.map((message) => message.text)).toEqual(texts.slice(4));
      expect(newest.cursor).toBe('7');
      const pages = [newest.messages];
      let older = newest.older;
      while (older) {
        const page = (await inject('GET', `${side.url}?limit=3&before=${older}`, side.headers)).json<ChatPage>();
        // Older pages leave the poll cursor at the newest message.
        expect(page.cursor).toBe('7');
        pages.unshift(page.messages);
        older = page.older;
      }
      expect(pages.flat().map((message) => message.text)).toEqual(texts);
      expect(pages.map((page) => page.length)).toEqual([1, 3, 3]);
      // Without limit: the default page holds the whole short chat.
      const whole = (await inject('GET', side.url, side.headers)).json<ChatPage>();
      expect(whole.messages.map((message) => message.text)).toEqual(texts);
      expect(whole.older).toBeNull();
    }
  });

  it('reads a page in one query', async () => {
    const queries = countQueries();
    const response = await inject(
      'GET',
      `/rest/messages/organization/${applicant.id}?limit=2&before=5`,
      organization.headers,
    );
    // The organisation side also loads the candidate's profile and photos (two more, in parallel).
    expect(response.json<ChatPage>().messages.map((message) => message.text)).toEqual(['Nachricht 3', 'Nachricht 4']);
    expect(queries.stop()).toBeLessThanOrEqual(3);
  });

  it('refuses cursors that are not ours with 400 in German, and a limit out of range', async () => {
    for (const before of ['0', 'abc', '-3', '12345678901']) {
      const response = await inject(
        'GET',
        `/rest/messages/organization/${applicant.id}?before=${before}`,
        organization.headers,
      );
      expect(response.statusCode, before).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(INVALID_CURSOR);
    }
    expect(
      (await inject('GET', `/rest/messages/organization/${applicant.id}?limit=0`, organization.headers)).statusCode,
    ).toBe(400);
    expect(
      (await inject('GET', `/rest/messages/organization/${applicant.id}?limit=201`, organization.headers)).statusCode,
    ).toBe(400);
  });

  it('keeps polling as it was: nothing new → 204 without a query; a new message → 200 with it', async () => {
    const url = `/rest/messages/organization/${applicant.id}`;
    const { cursor } = (await inject('GET', `${url}?limit=1`, organization.headers)).json<ChatPage>();
    const idle = countQueries();
    expect((await inject('GET', `${url}/polling?since=${cursor}`, organization.headers)).statusCode).toBe(204);
    expect(idle.stop()).toBe(0);
    await inject('POST', `/rest/applicant/chats/${organization.organizationId}/messages`, applicant.headers, {
      text: 'Neu',
      clientMessageId: crypto.randomUUID(),
    });
    const polled = await inject('GET', `${url}/polling?since=${cursor}`, organization.headers);
    expect(polled.statusCode).toBe(200);
    expect(polled.json<ChatPage>().messages.map((message) => message.text)).toEqual(['Neu']);
    texts.push('Neu');
  });

  it("does not show another organisation's chat, with or without a cursor", async () => {
    const stranger = await newOrganization('Fremd GmbH');
    for (const query of ['', '?before=3']) {
      expect(
        (await inject('GET', `/rest/messages/organization/${applicant.id}${query}`, stranger.headers)).statusCode,
      ).toBe(404);
    }
    const otherApplicant = await newApplicant();
    expect(
      (await inject('GET', `/rest/applicant/chats/${organization.organizationId}?before=3`, otherApplicant.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('sending', () => {
  it('stores a new message with one statement', async () => {
    const queries = countQueries();
    const response = await inject('POST', `/rest/messages/${applicant.id}`, organization.headers, {
      text: 'Eine Anweisung',
      clientMessageId: crypto.randomUUID(),
    });
    expect(response.statusCode).toBe(201);
    expect(queries.stop()).toBe(1);
    texts.push('Eine Anweisung');
  });

  it('stores parallel identical retries (same clientMessageId) once and answers all with that message', async () => {
    const clientMessageId = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject('POST', `/rest/messages/${applicant.id}`, organization.headers, { text: 'Nur einmal', clientMessageId }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((response) => response.json<Message>().id));
    expect(ids.size).toBe(1);
    const stored = await testApp.database.db
      .select()
      .from(messages)
      .where(eq(messages.clientMessageId, clientMessageId));
    expect(stored).toHaveLength(1);
    // The same id from the other side is another message (the key is per sender).
    const fromApplicant = await inject(
      'POST',
      `/rest/applicant/chats/${organization.organizationId}/messages`,
      applicant.headers,
      { text: 'Auch einmal', clientMessageId },
    );
    expect(fromApplicant.statusCode).toBe(201);
    texts.push('Nur einmal', 'Auch einmal');
  });

  it('numbers parallel messages of both sides without gaps, and the chat version is the last number', async () => {
    const sends = Array.from({ length: 16 }, (_, index) =>
      index % 2 === 0
        ? inject('POST', `/rest/messages/${applicant.id}`, organization.headers, {
            text: `Parallel ${index}`,
            clientMessageId: crypto.randomUUID(),
          })
        : inject('POST', `/rest/applicant/chats/${organization.organizationId}/messages`, applicant.headers, {
            text: `Parallel ${index}`,
            clientMessageId: crypto.randomUUID(),
          }),
    );
    expect((await Promise.all(sends)).map((response) => response.statusCode)).toEqual(
      Array.from({ length: 16 }, () => 201),
    );
    const rows = await testApp.database.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.seq));
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: rows.length }, (_, index) => index + 1));
    const [chat] = await testApp.database.db
      .select({ version: chats.lastMessageSeq })
      .from(chats)
      .where(eq(chats.id, chatId));
    expect(chat?.version).toBe(rows.length);
    // The chat list shows the last message (joined by the chat's version).
    const list = (await inject('GET', '/rest/messages', organization.headers)).json<{
      chats: { lastMessage: { text: string } | null }[];
    }>();
    expect(list.chats[0]?.lastMessage?.text).toMatch(/^Parallel /);
  });

  it('answers a message to a chat that does not exist with 404', async () => {
    const stranger = await newApplicant();
    expect(
      (
        await inject('POST', `/rest/messages/${stranger.id}`, organization.headers, {
          text: 'Hallo?',
          clientMessageId: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
  });
});
