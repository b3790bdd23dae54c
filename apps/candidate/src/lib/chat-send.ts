/**
 * Sending a chat message through the outbox (issue 47): written into IndexedDB first, then sent
 * with its clientMessageId; the API stores one message per id, so a repeat after a lost answer or
 * a second tab's flush is harmless. Offline or a server error: the entry waits ("wird gesendet")
 * and goes out on the next `online` event, app start or send.
 */
import { API_PATHS } from '@matchwerk/shared';
import { api, ApiError, pathOf } from './api';
import { openOutbox, type Outbox, type OutboxEntry, type SendOutcome } from './outbox';

/** The outcome of one POST: stored (200/201), try again (offline, 408, 429, 5xx), refused for good. */
export function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.offline || error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
  return 'rejected';
}

export async function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
  try {
    await api(pathOf(API_PATHS.applicantChatMessages, { organizationId: entry.organizationId }), {
      method: 'POST',
      body: { text: entry.text, clientMessageId: entry.clientMessageId },
    });
    return 'sent';
  } catch (error) {
    return outcomeOf(error);
  }
}

const outboxes = new Map<string, Promise<Outbox>>();

/** One open outbox per user for the app's lifetime. */
export function outboxFor(userId: string): Promise<Outbox> {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = openOutbox(userId);
    outboxes.set(userId, outbox);
  }
  return outbox;
}

/** Closes the user's outbox (before its database is deleted on sign-out). */
export async function closeOutbox(userId: string): Promise<void> {
  const outbox = outboxes.get(userId);
  outboxes.delete(userId);
  if (outbox) (await outbox).close();
}
