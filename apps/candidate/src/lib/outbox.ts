/**
 * The chat outbox (issue 47): a message written while offline (or whose send failed on the way)
 * waits in IndexedDB and is shown as "wird gesendet" until the API has stored it. Each entry keeps
 * the clientMessageId it was created with, so sending it again after a lost answer is harmless:
 * the API stores a message once per clientMessageId. One database per signed-in user; deleted on
 * sign-out.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface OutboxEntry {
  clientMessageId: string;
  organizationId: string;
  text: string;
  /** Milliseconds since the epoch; the send order. */
  createdAt: number;
}

interface OutboxSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byOrganization: string } };
}

/** What one send attempt came to: stored, try again later (offline, 5xx), or refused for good (4xx). */
export type SendOutcome = 'sent' | 'retry' | 'rejected';

export interface Outbox {
  add(entry: Omit<OutboxEntry, 'createdAt'>): Promise<OutboxEntry>;
  list(organizationId?: string): Promise<OutboxEntry[]>;
  /**
   * Sends every waiting entry oldest first; stops at the first `retry` (the network is gone, the
   * rest would fail too). Concurrent calls share one run, so no entry is sent twice at once.
   */
  flush(send: (entry: OutboxEntry) => Promise<SendOutcome>): Promise<{ sent: number; rejected: OutboxEntry[] }>;
  close(): void;
}

export function outboxName(userId: string): string {
  return `matchwerk-outbox-${userId}`;
}

export async function openOutbox(userId: string, now: () => number = Date.now): Promise<Outbox> {
  const db: IDBPDatabase<OutboxSchema> = await openDB<OutboxSchema>(outboxName(userId), 1, {
    upgrade(database) {
      const store = database.createObjectStore('outbox', { keyPath: 'clientMessageId' });
      store.createIndex('byOrganization', 'organizationId');
    },
  });
  let running: Promise<{ sent: number; rejected: OutboxEntry[] }> | null = null;

  async function list(organizationId?: string): Promise<OutboxEntry[]> {
    const entries = organizationId
      ? await db.getAllFromIndex('outbox', 'byOrganization', organizationId)
      : await db.getAll('outbox');
    return entries.sort((a, b) => a.createdAt - b.createdAt);
  }

  async function run(send: (entry: OutboxEntry) => Promise<SendOutcome>) {
    let sent = 0;
    const rejected: OutboxEntry[] = [];
    for (const entry of await list()) {
      const outcome = await send(entry);
      if (outcome === 'retry') break;
      await db.delete('outbox', entry.clientMessageId);
      if (outcome === 'sent') sent += 1;
      else rejected.push(entry);
    }
    return { sent, rejected };
  }

  return {
    async add(entry) {
      const stored = { ...entry, createdAt: now() };
      await db.put('outbox', stored);
      return stored;
    },
    list,
    flush(send) {
      running ??= run(send).finally(() => {
        running = null;
      });
      return running;
    },
    close: () => db.close(),
  };
}

/** Removes a user's outbox (sign-out, account deletion). */
export async function deleteOutbox(userId: string): Promise<void> {
  await deleteDB(outboxName(userId));
}
