/** Stored chat messages as each side of the chat gets them. */
import { systemMessageFor, type ChatMessage, type MESSAGE_SENDERS } from '@matchwerk/shared';
import type { StoredMessage } from './messages.repository';

/** The side a chat is read from: its users' own messages are those with this sender. */
export type ChatReader = Exclude<(typeof MESSAGE_SENDERS)[number], 'SYSTEM'>;

/**
 * A stored message as `reader` gets it. The sender's idempotency key goes only to the sender's
 * side: the reader's outbox needs it to recognise its own messages, the other side has no use for
 * it, and the keys are random, so they were a fifth of a compressed chat page (ADR 0083).
 */
export function toChatMessage(message: StoredMessage, reader: ChatReader): ChatMessage {
  return {
    id: message.id,
    clientMessageId: message.sender === reader ? message.clientMessageId : null,
    sender: message.sender,
    // System messages are stored in the company's words and read in each reader's (ADR 0101).
    text: message.sender === 'SYSTEM' ? systemMessageFor(message.text, reader) : message.text,
    timestamp: message.createdAt.toISOString(),
    seq: message.seq,
  };
}
