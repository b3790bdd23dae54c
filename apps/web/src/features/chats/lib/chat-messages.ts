/**
 * Pure rules that keep a chat free of lost or doubled messages: server messages are merged by
 * id (and by the sender's clientMessageId), and a message still in the outbox disappears as
 * soon as the server's copy arrives, whichever way it comes (send answer or poll).
 */
import type { ChatMessage, ChatResponse, PollResponse } from '@matchwerk/shared';

export type PendingStatus = 'sending' | 'failed';

/** A message the user wrote that the server has not confirmed yet. */
export interface PendingMessage {
  clientMessageId: string;
  applicantId: string;
  /** The signed-in user who wrote it: another user in the same browser tab never sees or resends it. */
  authorId: string;
  text: string;
  createdAt: string;
  status: PendingStatus;
}

function time(message: { timestamp: string }): number {
  const value = Date.parse(message.timestamp);
  return Number.isNaN(value) ? 0 : value;
}

/** Union of both lists without duplicates, oldest first. */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  const clientIds = new Set<string>();
  for (const message of [...existing, ...incoming]) {
    if (byId.has(message.id)) {
      byId.set(message.id, message); // the newer copy of the same message wins
      continue;
    }
    if (message.clientMessageId && clientIds.has(message.clientMessageId)) continue;
    byId.set(message.id, message);
    if (message.clientMessageId) clientIds.add(message.clientMessageId);
  }
  // Array sort is stable: equal timestamps keep the server's order.
  return [...byId.values()].sort((a, b) => time(a) - time(b));
}

/** The chat with new messages from a poll and the poll's cursor. */
export function applyPoll(chat: ChatResponse, poll: PollResponse): ChatResponse {
  return {
    ...chat,
    messages: mergeMessages(chat.messages, poll.messages),
    cursor: poll.cursor,
    // The candidate's read mark only moves forward ("gelesen", ADR 0040).
    readByApplicant: Math.max(chat.readByApplicant, poll.readByApplicant ?? 0),
  };
}

/**
 * The chat's newest page as loaded again (refetch) over what the cache has. When the page
 * overlaps the cached messages, the older ones loaded with "Ältere Nachrichten laden" stay;
 * after a gap (more new messages than a page while nobody polled) the fresh page replaces them.
 */
export function applyReload<Chat extends ChatResponse>(current: Chat | undefined, fresh: Chat): Chat {
  if (!current || fresh.older === null) return fresh;
  const known = new Set(current.messages.map((message) => message.id));
  if (!fresh.messages.some((message) => known.has(message.id))) return fresh;
  return { ...fresh, messages: mergeMessages(current.messages, fresh.messages), older: current.older };
}

/** The chat with an older page put in front; the poll cursor stays. */
export function applyOlder<Chat extends ChatResponse>(
  chat: Chat,
  page: Pick<ChatResponse, 'messages' | 'older'>,
): Chat {
  return { ...chat, messages: mergeMessages(page.messages, chat.messages), older: page.older };
}

/** The chat with one message the server confirmed (the cursor stays: polling may deliver it again). */
export function applySentMessage(chat: ChatResponse, message: ChatMessage): ChatResponse {
  return { ...chat, messages: mergeMessages(chat.messages, [message]) };
}

/** Outbox entries of this chat that the server does not have yet. */
export function unconfirmed(pending: readonly PendingMessage[], messages: readonly ChatMessage[]): PendingMessage[] {
  const confirmed = new Set(messages.map((m) => m.clientMessageId).filter((id): id is string => Boolean(id)));
  return pending.filter((p) => !confirmed.has(p.clientMessageId));
}

/** A random RFC 4122 v4 id. `crypto.randomUUID` exists only in secure contexts (https, localhost). */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
