import type { Region } from '@matchwerk/shared';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { prepareSql } from '../../db/prepared-sql';
import { createWriteBatcher } from '../../db/write-batcher';
import {
  applicantPhotos,
  applicantProfiles,
  chats,
  messages,
  type MessageRow,
  type MessageSender,
} from '../../db/schema/marketplace';
import { chatReads } from '../../db/schema/unread';
import { contactEnds } from '../../db/schema/safeguarding';
import { organizations } from '../../db/schema/organizations';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type StoredMessage = Pick<MessageRow, 'id' | 'seq' | 'sender' | 'text' | 'clientMessageId' | 'createdAt'>;

const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  sender: messages.sender,
  text: messages.text,
  clientMessageId: messages.clientMessageId,
  createdAt: messages.createdAt,
};

/** Photo ids of an applicant in display order, as one correlated subquery (no N+1). */
export function applicantPhotoIdsSql(applicantId: AnyPgColumn) {
  return sql<
    string[]
  >`coalesce((select array_agg(${applicantPhotos.id}::text order by ${applicantPhotos.position}, ${applicantPhotos.createdAt}) from ${applicantPhotos} where ${applicantPhotos.applicantId} = ${applicantId}), '{}'::text[])`;
}

export interface ChatListRow {
  applicantId: string;
  organization: { id: string; name: string; region: Region };
  names: string[] | null;
  familyNames: string[] | null;
  photoIds: string[];
  createdAt: Date;
  lastMessageAt: Date;
  lastMessage: StoredMessage | null;
  /** Messages of the other side after the reader's read mark (ADR 0040). */
  unread: number;
  /** The candidate ended contact: the chat is closed (ADR 0101). */
  contactEnded: boolean;
}

/** The candidate's read mark of a chat row (0 without one): the "gelesen" state the organisation sees. */
const applicantReadSql = sql<number>`coalesce((select ${chatReads.readSeq} from ${chatReads} where ${chatReads.chatId} = ${chats.id} and ${chatReads.userId} = ${chats.applicantId}), 0)`;

/** A message a user sends: the clientMessageId makes a retry store nothing twice. */
export interface NewMessage {
  organizationId: string;
  applicantId: string;
  sender: MessageSender;
  senderUserId: string | null;
  text: string;
  clientMessageId: string;
  now: Date;
}

/** A message the system writes (the chat's opening line): no retries, no clientMessageId. */
type SystemMessage = Omit<NewMessage, 'organizationId' | 'applicantId' | 'clientMessageId'> & { clientMessageId: null };

/**
 * Appends a message to a locked chat: the next seq and last_message_at are set on the chat row
 * in the same transaction, so seq order is commit order per chat.
 */
async function appendMessage(tx: Transaction, chatId: string, input: SystemMessage): Promise<StoredMessage> {
  const [bumped] = await tx
    .update(chats)
    .set({ lastMessageSeq: sql`${chats.lastMessageSeq} + 1`, lastMessageAt: input.now })
    .where(eq(chats.id, chatId))
    .returning({ seq: chats.lastMessageSeq });
  if (!bumped) throw new Error('chat vanished while locked');
  const [row] = await tx
    .insert(messages)
    .values({
      chatId,
      seq: bumped.seq,
      sender: input.sender,
      senderUserId: input.senderUserId,
      text: input.text,
      clientMessageId: input.clientMessageId,
      createdAt: input.now,
    })
    .returning(messageColumns);
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/**
 * Opens the chat of an organisation and a candidate (creates it when missing) and posts a
 * SYSTEM message, inside the caller's transaction (set-result runs it with the decision).
 * Returns the chat's new version.
 */
export async function openChatInTransaction(
  tx: Transaction,
  input: { organizationId: string; applicantId: string; systemText: string; now: Date },
): Promise<{ chatId: string; version: number }> {
  await tx
    .insert(chats)
    .values({
      organizationId: input.organizationId,
      applicantId: input.applicantId,
      createdAt: input.now,
      lastMessageAt: input.now,
    })
    .onConflictDoNothing();
  const [chat] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.organizationId, input.organizationId), eq(chats.applicantId, input.applicantId)))
    .for('update');
  if (!chat) throw new Error('chat insert returned nothing');
  const message = await appendMessage(tx, chat.id, {
    sender: 'SYSTEM',
    senderUserId: null,
    text: input.systemText,
    clientMessageId: null,
    now: input.now,
  });
  return { chatId: chat.id, version: message.seq };
}

/**
 * Posts a SYSTEM message into the chat of an organisation and a candidate, if they have one,
 * inside the caller's transaction (ending contact, ADR 0101). Returns the chat's new version, or
 * null without a chat.
 */
export async function appendSystemMessageInTransaction(
  tx: Transaction,
  input: { organizationId: string; applicantId: string; systemText: string; now: Date },
): Promise<number | null> {
  const [chat] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.organizationId, input.organizationId), eq(chats.applicantId, input.applicantId)))
    .for('update');
  if (!chat) return null;
  const message = await appendMessage(tx, chat.id, {
    sender: 'SYSTEM',
    senderUserId: null,
    text: input.systemText,
    clientMessageId: null,
    now: input.now,
  });
  return message.seq;
}

/** A message row of the hand-written statements below: times as ISO text (raw driver values). */
interface RawMessage {
  id: string;
  seq: number;
  sender: MessageSender;
  text: string;
  client_message_id: string | null;
  created_at: string;
}

/** A row of the send statement: the input it answers, and its message (null: see `send`). */
type SendRow = { idx: number; created: boolean; version: number } & { [K in keyof RawMessage]: RawMessage[K] | null };

/**
 * Send batches at once: with the pool's 10 connections, reads keep connections of their own;
 * sends gather behind these (ADR 0087).
 */
const SEND_BATCHES_IN_FLIGHT = 4;
const SEND_BATCH_SIZE = 64;

const isoMillis = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function fromRaw(row: RawMessage): StoredMessage {
  return {
    id: row.id,
    seq: row.seq,
    sender: row.sender,
    text: row.text,
    clientMessageId: row.client_message_id,
    createdAt: new Date(row.created_at),
  };
}

/** Beyond every seq (int4): the newest page uses the same prepared statement as the older ones. */
export const NEWEST_SEQ = 2_147_483_647;

export interface ChatPage {
  chatId: string;
  version: number;
  /** The candidate's read mark (0: nothing read). */
  applicantRead: number;
  /** When the candidate ended contact (ADR 0101); null while the chat is open. */
  contactEndedAt: Date | null;
  /** Oldest first. */
  messages: StoredMessage[];
  /** The seq to pass as `before` for the older messages; null when the page starts the chat. */
  older: number | null;
}

export function createMessagesRepository(db: Database) {
  /**
   * The chat and one page of its messages, newest `limit` before `before`, in ONE statement
   * (chats by its unique (organization_id, applicant_id), messages backwards on (chat_id, seq)).
   */
  const chatPage = prepareSql<
    { chat_id: string; version: number; applicant_read: number; contact_ended_at: string | null } & {
      [K in keyof RawMessage]: RawMessage[K] | null;
    }
  >(
    db,
    'messages_chat_page',
    sql`select c.id as chat_id, c.last_message_seq as version,
        coalesce((select r.read_seq from chat_reads r where r.chat_id = c.id and r.user_id = c.applicant_id), 0) as applicant_read,
        (select ${isoMillis('ce.ended_at')} from contact_ends ce where ce.applicant_id = c.applicant_id and ce.organization_id = c.organization_id) as contact_ended_at, m.id, m.seq, m.sender, m.text, m.client_message_id, ${isoMillis('m.created_at')} as created_at
      from chats c
      left join lateral (
        select * from messages where messages.chat_id = c.id and messages.seq < ${sql.placeholder('before')} order by messages.seq desc limit ${sql.placeholder('limit')}
      ) m on true
      where c.organization_id = ${sql.placeholder('organizationId')} and c.applicant_id = ${sql.placeholder('applicantId')}
      order by m.seq desc`,
  );

  /**
   * Sending a batch of messages in ONE statement and one commit (issue #12: was 7 round trips per
   * message; ADR 0087). The batch's chats are locked in id order, so two batches never wait for
   * each other crosswise. Each message that the statement's snapshot has not stored yet (same chat,
   * sender and clientMessageId; a repeat within the batch counts once) takes the chat's next seq in
   * batch order, and each chat's seq moves to its newest message. The lock makes seq order commit
   * order, without gaps.
   * A retry that committed while this statement waited for a lock is invisible to its snapshot: the
   * unique index then fails the whole statement (nothing is numbered past a message not stored);
   * see `send`.
   * Rows: one per message whose chat exists and is open (none: no chat, or the candidate ended
   * contact, ADR 0101), with the stored message, `created`
   * for the input that stored it, and the chat's version after the statement.
   */
  const sendStatement = prepareSql<SendRow>(
    db,
    'messages_send_batch',
    sql`with input as (
        select t.*, (select c.id from chats c where c.organization_id = t.organization_id and c.applicant_id = t.applicant_id
          and not exists (select 1 from contact_ends ce where ce.applicant_id = t.applicant_id and ce.organization_id = t.organization_id)) as chat_id
        from json_to_recordset(${sql.placeholder('messages')}::json) as t(
          idx int, organization_id uuid, applicant_id text, sender text, sender_user_id text, text text, client_message_id text, created_at timestamptz)
      ),
      chat as (
        select id, last_message_seq from chats where id = any(array(select chat_id from input)) order by id for update
      ),
      fresh as (
        select distinct on (i.chat_id, i.sender, i.client_message_id) i.idx, i.chat_id, chat.last_message_seq
        from input i join chat on chat.id = i.chat_id
        where (select e.id from messages e where e.chat_id = i.chat_id and e.sender = i.sender and e.client_message_id = i.client_message_id) is null
        order by i.chat_id, i.sender, i.client_message_id, i.idx
      ),
      numbered as (
        select f.idx, f.chat_id, f.last_message_seq + row_number() over (partition by f.chat_id order by f.idx) as seq from fresh f
      ),
      inserted as (
        insert into messages (chat_id, seq, sender, sender_user_id, text, client_message_id, created_at)
        select n.chat_id, n.seq, i.sender, i.sender_user_id, i.text, i.client_message_id, i.created_at
        from numbered n join input i on i.idx = n.idx
        order by n.chat_id, n.seq
        returning id, chat_id, seq, sender, text, client_message_id, created_at
      ),
      newest as (
        select distinct on (chat_id) chat_id, seq, created_at from inserted order by chat_id, seq desc
      ),
      bumped as (
        update chats set last_message_seq = newest.seq, last_message_at = newest.created_at
        from newest where chats.id = newest.chat_id
        returning chats.id
      )
      select i.idx, coalesce(n.idx = i.idx, false) as created, greatest(chat.last_message_seq, newest.seq) as version,
        coalesce(s.id, e.id) as id, coalesce(s.seq, e.seq) as seq, coalesce(s.sender, e.sender) as sender,
        coalesce(s.text, e.text) as text, coalesce(s.client_message_id, e.client_message_id) as client_message_id,
        ${isoMillis('coalesce(s.created_at, e.created_at)')} as created_at
      from input i
      join chat on chat.id = i.chat_id
      left join newest on newest.chat_id = i.chat_id
      left join inserted s on s.chat_id = i.chat_id and s.sender = i.sender and s.client_message_id = i.client_message_id
      left join numbered n on n.chat_id = s.chat_id and n.seq = s.seq
      left join lateral (
        select * from messages e where e.chat_id = i.chat_id and e.sender = i.sender and e.client_message_id = i.client_message_id limit 1
      ) e on true
      order by i.idx`,
  );

  /** The statement's rows of each input, in input order. */
  async function executeSend(batch: readonly NewMessage[]): Promise<SendRow[][]> {
    const rows = await sendStatement.execute({
      messages: JSON.stringify(
        batch.map((input, idx) => ({
          idx,
          organization_id: input.organizationId,
          applicant_id: input.applicantId,
          sender: input.sender,
          sender_user_id: input.senderUserId,
          text: input.text,
          client_message_id: input.clientMessageId,
          created_at: input.now.toISOString(),
        })),
      ),
    });
    const byInput: SendRow[][] = batch.map(() => []);
    for (const row of rows) byInput[row.idx]?.push(row);
    return byInput;
  }

  /** A failed batch's messages one statement each, in order: an error stays with its message. */
  async function sendEach(batch: readonly NewMessage[]): Promise<(SendRow[] | Error)[]> {
    const results: (SendRow[] | Error)[] = [];
    for (const input of batch) {
      try {
        results.push((await executeSend([input]))[0] ?? []);
      } catch (error) {
        results.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return results;
  }

  const sendBatcher = createWriteBatcher<NewMessage, SendRow[]>({
    maxInFlight: SEND_BATCHES_IN_FLIGHT,
    maxBatch: SEND_BATCH_SIZE,
    async write(batch) {
      try {
        return await executeSend(batch);
      } catch (error) {
        if (batch.length === 1) throw error;
        return sendEach(batch);
      }
    },
  });

  const chatOf = (organizationId: string, applicantId: string) =>
    and(eq(chats.organizationId, organizationId), eq(chats.applicantId, applicantId));

  /** The message this sender stored under this clientMessageId in the chat, if any. */
  async function findSent(input: NewMessage): Promise<StoredMessage | null> {
    const [existing] = await db
      .select(messageColumns)
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(
        and(
          chatOf(input.organizationId, input.applicantId),
          eq(messages.sender, input.sender),
          eq(messages.clientMessageId, input.clientMessageId),
        ),
      )
      .limit(1);
    return existing ?? null;
  }

  /**
   * Chats newest first with the last message and the reader's unread count: messages of `from`
   * after the reader's read mark (index chat_id, seq), a correlated subquery per chat.
   */
  async function listChats(
    where: ReturnType<typeof eq>,
    reader: { userId: string; from: 'APPLICANT' | 'OTHERS' },
  ): Promise<ChatListRow[]> {
    const senderRule = reader.from === 'APPLICANT' ? sql`x.sender = 'APPLICANT'` : sql`x.sender <> 'APPLICANT'`;
    const unread = sql<number>`(select count(*)::int from ${messages} x where x.chat_id = ${chats.id} and ${senderRule}
      and x.seq > coalesce((select r.read_seq from ${chatReads} r where r.chat_id = ${chats.id} and r.user_id = ${reader.userId}), 0))`;
    const rows = await db
      .select({
        applicantId: chats.applicantId,
        orgId: organizations.id,
        orgName: organizations.name,
        orgRegion: organizations.region,
        names: applicantProfiles.names,
        familyNames: applicantProfiles.familyNames,
        photoIds: applicantPhotoIdsSql(chats.applicantId),
        createdAt: chats.createdAt,
        lastMessageAt: chats.lastMessageAt,
        unread,
        contactEnded: sql<boolean>`exists (select 1 from ${contactEnds} where ${contactEnds.applicantId} = ${chats.applicantId} and ${contactEnds.organizationId} = ${chats.organizationId})`,
        message: messageColumns,
      })
      .from(chats)
      .innerJoin(organizations, eq(organizations.id, chats.organizationId))
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, chats.applicantId))
      // The last message is the one whose seq is the chat's version (unique index chat_id, seq).
      .leftJoin(messages, and(eq(messages.chatId, chats.id), eq(messages.seq, chats.lastMessageSeq)))
      .where(where)
      .orderBy(desc(chats.lastMessageAt), asc(chats.id));
    return rows.map((row) => ({
      applicantId: row.applicantId,
      organization: { id: row.orgId, name: row.orgName, region: row.orgRegion },
      names: row.names,
      familyNames: row.familyNames,
      photoIds: row.photoIds,
      createdAt: row.createdAt,
      lastMessageAt: row.lastMessageAt,
      lastMessage: row.message?.id ? row.message : null,
      unread: row.unread,
      contactEnded: row.contactEnded,
    }));
  }

  return {
    /** The organisation's chats, newest first, with the candidate's name, last message and this user's unread count (one query). */
    listForOrganization: (organizationId: string, userId: string) =>
      listChats(eq(chats.organizationId, organizationId), { userId, from: 'APPLICANT' }),

    /** The candidate's chats, newest first, with the organisation, last message and unread count (one query). */
    listForApplicant: (applicantId: string) =>
      listChats(eq(chats.applicantId, applicantId), { userId: applicantId, from: 'OTHERS' }),

    /**
     * Read receipts for the candidate (ADR 0101): the furthest read mark of the company's users in
     * the chat and when it was set (0 and null: nobody read it yet).
     */
    async organizationReadMark(organizationId: string, applicantId: string): Promise<{ seq: number; at: Date | null }> {
      const [row] = await db
        .select({ seq: chatReads.readSeq, at: chatReads.readAt })
        .from(chatReads)
        .innerJoin(chats, eq(chats.id, chatReads.chatId))
        .where(and(chatOf(organizationId, applicantId), sql`${chatReads.userId} <> ${chats.applicantId}`))
        .orderBy(desc(chatReads.readSeq), desc(chatReads.readAt))
        .limit(1);
      return row ?? { seq: 0, at: null };
    },

    async findChat(organizationId: string, applicantId: string): Promise<{ id: string; version: number } | null> {
      const rows = await db
        .select({ id: chats.id, version: chats.lastMessageSeq })
        .from(chats)
        .where(chatOf(organizationId, applicantId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The chat's newest `limit` messages before seq `before` (all: NEWEST_SEQ), or null when there is no chat. */
    async pageMessages(
      organizationId: string,
      applicantId: string,
      before: number,
      limit: number,
    ): Promise<ChatPage | null> {
      const rows = await chatPage.execute({ organizationId, applicantId, before, limit: limit + 1 });
      const first = rows[0];
      if (!first) return null;
      const stored = rows.filter((row): row is typeof row & RawMessage => row.id !== null).map(fromRaw);
      const more = stored.length > limit;
      const page = (more ? stored.slice(0, limit) : stored).reverse();
      return {
        chatId: first.chat_id,
        version: first.version,
        applicantRead: first.applicant_read,
        contactEndedAt: first.contact_ended_at === null ? null : new Date(first.contact_ended_at),
        messages: page,
        older: more ? (page[0]?.seq ?? null) : null,
      };
    },

    /**
     * The chat's version and its messages after `since`, in ONE indexed query (chats by its
     * unique (organization_id, applicant_id), messages by (chat_id, seq)); null when there is no chat.
     */
    async messagesAfter(
      organizationId: string,
      applicantId: string,
      since: number,
    ): Promise<{ version: number; applicantRead: number; messages: StoredMessage[] } | null> {
      const rows = await db
        .select({
          version: chats.lastMessageSeq,
          applicantRead: applicantReadSql,
          message: messageColumns,
        })
        .from(chats)
        .leftJoin(messages, and(eq(messages.chatId, chats.id), gt(messages.seq, since)))
        .where(chatOf(organizationId, applicantId))
        .orderBy(asc(messages.seq));
      const first = rows[0];
      if (!first) return null;
      return {
        version: first.version,
        applicantRead: first.applicantRead,
        messages: rows.filter((row) => row.message?.id).map((row) => row.message as StoredMessage),
      };
    },

    /**
     * Stores a message unless the same sender already sent this clientMessageId in this chat.
     * The chat row is locked first, so two identical retries in parallel store one message.
     * Null when there is no chat.
     */
    async send(input: NewMessage): Promise<{ message: StoredMessage; created: boolean; version: number } | null> {
      let rows: SendRow[];
      try {
        rows = await sendBatcher.write(input);
      } catch (error) {
        // The same message from a retry that committed while this one waited for the chat's lock.
        const existing = isUniqueViolation(error) ? await findSent(input) : null;
        if (!existing) throw error;
        return { message: existing, created: false, version: existing.seq };
      }
      const [row] = rows;
      if (!row) return null;
      if (row.id === null) throw new Error('send statement answered a message without an id');
      return { message: fromRaw(row as SendRow & RawMessage), created: row.created, version: row.version };
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
