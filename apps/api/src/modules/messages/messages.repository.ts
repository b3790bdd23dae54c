import type { Region } from '@matchwerk/shared';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { applicantPhotos, applicantProfiles, chats, messages, type MessageRow, type MessageSender } from '../../db/schema/marketplace';
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
  return sql<string[]>`coalesce((select array_agg(${applicantPhotos.id}::text order by ${applicantPhotos.position}, ${applicantPhotos.createdAt}) from ${applicantPhotos} where ${applicantPhotos.applicantId} = ${applicantId}), '{}'::text[])`;
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
}

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
async function appendMessage(tx: Transaction, chatId: string, input: Omit<NewMessage, 'organizationId' | 'applicantId'>): Promise<StoredMessage> {
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
    .values({ organizationId: input.organizationId, applicantId: input.applicantId, createdAt: input.now, lastMessageAt: input.now })
    .onConflictDoNothing();
  const [chat] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.organizationId, input.organizationId), eq(chats.applicantId, input.applicantId)))
    .for('update');
  if (!chat) throw new Error('chat insert returned nothing');
  const message = await appendMessage(tx, chat.id, { sender: 'SYSTEM', senderUserId: null, text: input.systemText, clientMessageId: null, now: input.now });
  return { chatId: chat.id, version: message.seq };
}

export function createMessagesRepository(db: Database) {
  const chatOf = (organizationId: string, applicantId: string) => and(eq(chats.organizationId, organizationId), eq(chats.applicantId, applicantId));

  async function listChats(where: ReturnType<typeof eq>): Promise<ChatListRow[]> {
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
      organization: { id: row.orgId, name: row.orgName, region: row.orgRegion as Region },
      names: row.names,
      familyNames: row.familyNames,
      photoIds: row.photoIds,
      createdAt: row.createdAt,
      lastMessageAt: row.lastMessageAt,
      lastMessage: row.message?.id ? (row.message) : null,
    }));
  }

  return {
    /** The organisation's chats, newest first, with the candidate's name and last message (one query). */
    listForOrganization: (organizationId: string) => listChats(eq(chats.organizationId, organizationId)),

    /** The candidate's chats, newest first, with the organisation and last message (one query). */
    listForApplicant: (applicantId: string) => listChats(eq(chats.applicantId, applicantId)),

    async findChat(organizationId: string, applicantId: string): Promise<{ id: string; version: number } | null> {
      const rows = await db
        .select({ id: chats.id, version: chats.lastMessageSeq })
        .from(chats)
        .where(chatOf(organizationId, applicantId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Every message of a chat in order. */
    async listMessages(chatId: string): Promise<StoredMessage[]> {
      return db.select(messageColumns).from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.seq));
    },

    /**
     * The chat's version and its messages after `since`, in ONE indexed query (chats by its
     * unique (organization_id, applicant_id), messages by (chat_id, seq)); null when there is no chat.
     */
    async messagesAfter(organizationId: string, applicantId: string, since: number): Promise<{ version: number; messages: StoredMessage[] } | null> {
      const rows = await db
        .select({
          version: chats.lastMessageSeq,
          message: messageColumns,
        })
        .from(chats)
        .leftJoin(messages, and(eq(messages.chatId, chats.id), gt(messages.seq, since)))
        .where(chatOf(organizationId, applicantId))
        .orderBy(asc(messages.seq));
      const first = rows[0];
      if (!first) return null;
      return { version: first.version, messages: rows.filter((row) => row.message?.id).map((row) => row.message as StoredMessage) };
    },

    /**
     * Stores a message unless the same sender already sent this clientMessageId in this chat.
     * The chat row is locked first, so two identical retries in parallel store one message.
     * Null when there is no chat.
     */
    async send(input: NewMessage): Promise<{ message: StoredMessage; created: boolean; version: number } | null> {
      return db.transaction(async (tx) => {
        const [chat] = await tx.select({ id: chats.id, version: chats.lastMessageSeq }).from(chats).where(chatOf(input.organizationId, input.applicantId)).for('update');
        if (!chat) return null;
        if (input.clientMessageId) {
          const [existing] = await tx
            .select(messageColumns)
            .from(messages)
            .where(and(eq(messages.chatId, chat.id), eq(messages.sender, input.sender), eq(messages.clientMessageId, input.clientMessageId)))
            .limit(1);
          if (existing) return { message: existing, created: false, version: chat.version };
        }
        const message = await appendMessage(tx, chat.id, input);
        return { message, created: true, version: message.seq };
      });
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
