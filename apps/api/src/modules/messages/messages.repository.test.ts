// @database-sensitive: chat queries and their ordering
/**
 * Sending through the repository: messages sent at the same time are written together, one
 * statement and one commit (ADR 0087), and each answers as if it had been sent alone.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { authUsers, chats, messages, users } from '../../db/schema/index';
import { insertOrganization } from '../../testing/fixtures';
import { openTestDatabase } from '../../testing/test-app';
import { createMessagesRepository, type MessagesRepository, type NewMessage } from './messages.repository';

let database: DatabaseHandle;
let databaseUrl: string | undefined;
let dispose: () => Promise<void>;
let repo: MessagesRepository;
let organizationId: string;
let companyUserId: string;

beforeAll(async () => {
  ({ handle: database, url: databaseUrl, dispose } = await openTestDatabase());
  repo = createMessagesRepository(database.db);
  organizationId = await insertOrganization(database.db, { name: 'Stapel GmbH', region: 'HORB' });
  companyUserId = await insertUser('ORGANIZATION', organizationId);
});

afterAll(async () => {
  await database.close();
  await dispose();
});

async function insertUser(type: 'ORGANIZATION' | 'APPLICANT', organization: string | null = null): Promise<string> {
  const id = `batch-${randomUUID()}`;
  await database.db.insert(authUsers).values({ id, name: 'Test', email: `${id}@example.test`, emailVerified: true });
  await database.db.insert(users).values({ id, type, organizationId: organization });
  return id;
}

/** A candidate with a chat with the test organisation. */
async function newChat(): Promise<{ applicantId: string; chatId: string }> {
  const applicantId = await insertUser('APPLICANT');
  const [chat] = await database.db.insert(chats).values({ organizationId, applicantId }).returning({ id: chats.id });
  return { applicantId, chatId: chat!.id };
}

function message(applicantId: string, text: string, overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    organizationId,
    applicantId,
    sender: 'ORGANIZATION',
    senderUserId: companyUserId,
    text,
    clientMessageId: randomUUID(),
    now: new Date(),
    ...overrides,
  };
}

/** Seq, text and the writing transaction of each of the chat's messages, in seq order. */
async function stored(chatId: string) {
  return database.db
    .select({ seq: messages.seq, text: messages.text, transaction: sql<string>`${messages}.xmin::text` })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(asc(messages.seq));
}

async function chatRow(chatId: string) {
  const [row] = await database.db
    .select({ seq: chats.lastMessageSeq, at: chats.lastMessageAt })
    .from(chats)
    .where(eq(chats.id, chatId));
  return row!;
}

/** The messages the statistics summaries counted, all regions and days. */
async function countedMessages(): Promise<number> {
  const result: unknown = await database.db.execute(
    sql`select coalesce(sum(messages), 0)::int as count from statistics_region_days`,
  );
  return (result as { rows: { count: number }[] }).rows[0]!.count;
}

describe('sending messages at the same time', () => {
  it('writes them in one transaction, numbered per chat in the order they were sent', async () => {
    const [first, second] = [await newChat(), await newChat()];
    const countedBefore = await countedMessages();
    const sent = await Promise.all(
      ['A1', 'B1', 'A2', 'A3', 'B2'].map((text) =>
        repo.send(message(text.startsWith('A') ? first.applicantId : second.applicantId, text)),
      ),
    );

    expect(sent.map((result) => [result?.message.text, result?.message.seq, result?.created])).toEqual([
      ['A1', 1, true],
      ['B1', 1, true],
      ['A2', 2, true],
      ['A3', 3, true],
      ['B2', 2, true],
    ]);
    // Every answer carries its chat's version after the batch, so a poll misses nothing.
    expect(sent.map((result) => result?.version)).toEqual([3, 2, 3, 3, 2]);
    const [firstRows, secondRows] = [await stored(first.chatId), await stored(second.chatId)];
    expect(firstRows.map((row) => row.text)).toEqual(['A1', 'A2', 'A3']);
    expect(secondRows.map((row) => row.text)).toEqual(['B1', 'B2']);
    expect(new Set([...firstRows, ...secondRows].map((row) => row.transaction)).size).toBe(1);
    expect(await chatRow(first.chatId)).toEqual({ seq: 3, at: sent[3]!.message.createdAt });
    expect(await chatRow(second.chatId)).toEqual({ seq: 2, at: sent[4]!.message.createdAt });
    // The statistics trigger counts every message of the batch.
    expect((await countedMessages()) - countedBefore).toBe(5);
  });

  it('stores a message sent twice at once only once: the first stores it, the second answers it', async () => {
    const { applicantId, chatId } = await newChat();
    const twice = message(applicantId, 'Doppelt');
    const [one, two, other] = await Promise.all([
      repo.send(twice),
      repo.send({ ...twice, now: new Date() }),
      repo.send(message(applicantId, 'Danach')),
    ]);

    expect(one).toMatchObject({ created: true, message: { text: 'Doppelt', seq: 1 } });
    expect(two).toMatchObject({ created: false, message: { id: one?.message.id, seq: 1 } });
    expect(other).toMatchObject({ created: true, message: { text: 'Danach', seq: 2 } });
    expect((await stored(chatId)).map((row) => row.seq)).toEqual([1, 2]);
  });

  it('answers a retry of a stored message with it and numbers the next message without a gap', async () => {
    const { applicantId, chatId } = await newChat();
    const original = message(applicantId, 'Erstes');
    await repo.send(original);

    const [retry, next] = await Promise.all([repo.send(original), repo.send(message(applicantId, 'Zweites'))]);

    expect(retry).toMatchObject({ created: false, message: { text: 'Erstes', seq: 1 }, version: 2 });
    expect(next).toMatchObject({ created: true, message: { seq: 2 } });
    expect((await stored(chatId)).map((row) => row.seq)).toEqual([1, 2]);
  });

  it('answers no chat for a message to a candidate without one, and stores the others of its batch', async () => {
    const { applicantId, chatId } = await newChat();
    const stranger = await insertUser('APPLICANT');
    const [nowhere, here] = await Promise.all([
      repo.send(message(stranger, 'Ins Leere')),
      repo.send(message(applicantId, 'Angekommen')),
    ]);

    expect(nowhere).toBeNull();
    expect(here).toMatchObject({ created: true, message: { seq: 1 } });
    expect((await stored(chatId)).map((row) => row.text)).toEqual(['Angekommen']);
  });

  it('fails only the message that cannot be stored; the others of its batch are stored in order', async () => {
    const { applicantId, chatId } = await newChat();
    const results = await Promise.allSettled([
      repo.send(message(applicantId, 'Vorher')),
      repo.send(message(applicantId, 'Von niemandem', { senderUserId: 'no-such-user' })),
      repo.send(message(applicantId, 'Nachher')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(chatId)).map((row) => [row.seq, row.text])).toEqual([
      [1, 'Vorher'],
      [2, 'Nachher'],
    ]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL (TEST_DATABASE_URL)', () => {
  it.each([
    ['alone', []],
    ['in a batch with a new message', ['Neu']],
  ])('answers a retry that another transaction commits while it waits for the chat (%s)', async (_case, texts) => {
    const { applicantId, chatId } = await newChat();
    const retried = message(applicantId, 'Schon unterwegs');
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      // Another instance holds the chat and stores the same message, as the first attempt would.
      await other.query('begin');
      await other.query('select 1 from chats where id = $1 for update', [chatId]);
      await other.query(
        `insert into messages (chat_id, seq, sender, sender_user_id, text, client_message_id, created_at)
         values ($1, 1, 'ORGANIZATION', $2, $3, $4, now())`,
        [chatId, companyUserId, retried.text, retried.clientMessageId],
      );
      await other.query('update chats set last_message_seq = 1 where id = $1', [chatId]);
      const sending = Promise.all(
        [retried, ...texts.map((text) => message(applicantId, text))].map((m) => repo.send(m)),
      );
      // The statement has taken its snapshot and waits for the chat's lock.
      await waitForLockWait(other);
      await other.query('commit');
      const [retry, ...fresh] = await sending;

      expect(retry).toMatchObject({ created: false, message: { text: 'Schon unterwegs', seq: 1 } });
      expect(fresh.map((result) => [result?.created, result?.message.seq])).toEqual(
        texts.map((_, index) => [true, index + 2]),
      );
      expect((await stored(chatId)).map((row) => row.seq)).toEqual(
        Array.from({ length: texts.length + 1 }, (_, index) => index + 1),
      );
      expect((await chatRow(chatId)).seq).toBe(texts.length + 1);
    } finally {
      await other.end();
    }
  });
});

async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the send never waited for the chat lock');
}
