import type { Region } from '@matchwerk/shared';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { prepareSql } from '../../db/prepared-sql';
import {
  applicantPhotos,
  applicantProfiles,
  chats,
  messages,
  type MessageRow,
  type MessageSender,
} from '../../db/schema/marketplace';
import { chatReads } from '../../db/schema/unread';
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
}

/** The candidate's read mark of a chat row (0 without one): the "gelesen" state the organisation sees. */
const applicantReadSql = sql<number>`coalesce((select ${chatReads.readSeq} from ${chatReads} where ${chatReads.chatId} = ${chats.id} and ${chatReads.userId} = ${chats.applicantId}), 0)`;

export interface NewMessage {
  organizationId: string;
  applicantId: string;
  sender: MessageSender;
  senderUserId: string | null;
  text: string;
  clientMessageId: string | null;
  now: Date;
}

/**
 * Appends a message to a locked chat: the next seq and last_message_at are set on the chat row
 * in the same transaction, so seq order is commit order per chat.
 */
async function appendMessage(
  tx: Transaction,
  chatId: string,
  input: Omit<NewMessage, 'organizationId' | 'applicantId'>,
): Promise<StoredMessage> {
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

/** A message row of the hand-written statements below: times as ISO text (raw driver values). */
interface RawMessage {
  id: string;
  seq: number;
  sender: MessageSender;
  text: string;
  client_message_id: string | null;
  created_at: string;
}

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
    { chat_id: string; version: number; applicant_read: number } & { [K in keyof RawMessage]: RawMessage[K] | null }
  >(
    db,
    'messages_chat_page',
    sql`select c.id as chat_id, c.last_message_seq as version,
        coalesce((select r.read_seq from chat_reads r where r.chat_id = c.id and r.user_id = c.applicant_id), 0) as applicant_read, m.id, m.seq, m.sender, m.text, m.client_message_id, ${isoMillis('m.created_at')} as created_at
      from chats c
      left join lateral (
        select * from messages where messages.chat_id = c.id and messages.seq < ${sql.placeholder('before')} order by messages.seq desc limit ${sql.placeholder('limit')}
      ) m on true
      where c.organization_id = ${sql.placeholder('organizationId')} and c.applicant_id = ${sql.placeholder('applicantId')}
      order by m.seq desc`,
  );

  /**
   * Sending in ONE statement (issue #12: was 7 round trips): lock the chat row, insert with the
   * next seq unless this sender already stored this clientMessageId (the unique index decides,
   * also against a retry that committed while this one waited for the lock), and bump the chat's
   * seq only when a row was inserted. The lock makes seq order commit order per chat.
   * Rows: 'created' (the new message), 'existing' (a retry that this statement's snapshot sees),
   * and always 'chat' with the chat's seq as locked; no row at all = no chat.
   */
  const sendStatement = prepareSql<
    { kind: 'created' | 'existing' | 'chat'; version: number } & { [K in keyof RawMessage]: RawMessage[K] | null }
  >(
    db,
    'messages_send',
    sql`with chat as (
        select id, last_message_seq from chats
        where organization_id = ${sql.placeholder('organizationId')} and applicant_id = ${sql.placeholder('applicantId')}
        for update
      ),
      inserted as (
        insert into messages (chat_id, seq, sender, sender_user_id, text, client_message_id, created_at)
        select chat.id, chat.last_message_seq + 1, ${sql.placeholder('sender')}, ${sql.placeholder('senderUserId')}, ${sql.placeholder('text')},
          ${sql.placeholder('clientMessageId')}, ${sql.placeholder('now')}::timestamptz
        from chat
        on conflict (chat_id, sender, client_message_id) do nothing
        returning id, chat_id, seq, sender, text, client_message_id, created_at
      ),
      bumped as (
        update chats set last_message_seq = inserted.seq, last_message_at = inserted.created_at
        from inserted where chats.id = inserted.chat_id
        returning chats.id
      )
      select 'created' as kind, i.seq as version, i.id, i.seq, i.sender, i.text, i.client_message_id, ${isoMillis('i.created_at')} as created_at from inserted i
      union all
      select 'existing', chat.last_message_seq, e.id, e.seq, e.sender, e.text, e.client_message_id, ${isoMillis('e.created_at')}
        from chat join messages e on e.chat_id = chat.id and e.sender = ${sql.placeholder('sender')} and e.client_message_id = ${sql.placeholder('clientMessageId')}
      union all
      select 'chat', chat.last_message_seq, null, null, null, null, null, null from chat`,
  );

  const chatOf = (organizationId: string, applicantId: string) =>
    and(eq(chats.organizationId, organizationId), eq(chats.applicantId, applicantId));

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
    }));
  }

  return {
    /** The organisation's chats, newest first, with the candidate's name, last message and this user's unread count (one query). */
    listForOrganization: (organizationId: string, userId: string) =>
      listChats(eq(chats.organizationId, organizationId), { userId, from: 'APPLICANT' }),

    /** The candidate's chats, newest first, with the organisation, last message and unread count (one query). */
    listForApplicant: (applicantId: string) =>
      listChats(eq(chats.applicantId, applicantId), { userId: applicantId, from: 'OTHERS' }),

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
      const rows = await sendStatement.execute({
        organizationId: input.organizationId,
        applicantId: input.applicantId,
        sender: input.sender,
        senderUserId: input.senderUserId,
        text: input.text,
        clientMessageId: input.clientMessageId,
        now: input.now.toISOString(),
      });
      const chat = rows.find((row) => row.kind === 'chat');
      if (!chat) return null;
      const stored = rows.find((row): row is typeof row & RawMessage => row.kind !== 'chat' && row.id !== null);
      if (stored)
        return {
          message: fromRaw(stored),
          created: stored.kind === 'created',
          version: stored.kind === 'created' ? stored.seq : chat.version,
        };
      // The same message from a retry that committed while this one waited for the chat's lock:
      // the statement's snapshot predates it, a new statement sees it.
      const [existing] = await db
        .select(messageColumns)
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(
          and(
            chatOf(input.organizationId, input.applicantId),
            eq(messages.sender, input.sender),
            eq(messages.clientMessageId, input.clientMessageId ?? ''),
          ),
        )
        .limit(1);
      if (!existing) throw new Error('message neither inserted nor found');
      return { message: existing, created: false, version: Math.max(chat.version, existing.seq) };
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
