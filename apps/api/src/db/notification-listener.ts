/**
 * LISTEN on a PostgreSQL notification channel. On PostgreSQL a connection of its own (a pooled one
 * could be handed to a query), reconnecting after a loss; on PGlite the embedded database's own
 * listener. Notifications sent while a connection is down are lost, so the state says when the
 * listener is up: whoever relies on the notifications must not trust what they keep while it is
 * down, and must drop it when it comes back (a new `generation`).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface NotificationListener {
  /** True while notifications arrive. */
  readonly listening: boolean;
  /** Raised whenever the listener goes down or comes up: anything kept under an older one may have missed a change. */
  readonly generation: number;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** Called on every change of `listening` (after `generation` was raised), but not for close(). */
  onState?(listening: boolean): void;
  onError?(error: Error): void;
}

/** How long to wait before connecting again: doubling from 250 ms up to 10 s. */
const RETRY_MS = { first: 250, max: 10_000 };

export function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): NotificationListener {
  let listening = false;
  let generation = 0;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    generation += 1;
    handlers.onState?.(value);
  };

  const lost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = null;
    if (error) handlers.onError?.(error);
    setListening(false);
    connection.end().catch(() => undefined);
    if (!closed) scheduleConnect();
  };

  const scheduleConnect = () => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({ connectionString: url });
    client = connection;
    connection.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    try {
      await connection.connect();
      await connection.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(connection, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== connection || closed) return;
    retryMs = RETRY_MS.first;
    setListening(true);
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    get generation() {
      return generation;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const connection = client;
      client = null;
      listening = false;
      generation += 1;
      await connection?.end().catch(() => undefined);
    },
  };
}

export async function listenOnPglite(
  database: PGlite,
  channel: string,
  handlers: ListenHandlers,
): Promise<NotificationListener> {
  const unlisten = await database.listen(channel, (payload) => handlers.onNotify(payload));
  let listening = true;
  let generation = 1;
  handlers.onState?.(true);
  return {
    get listening() {
      return listening;
    },
    get generation() {
      return generation;
    },
    async close() {
      if (!listening) return;
      listening = false;
      generation += 1;
      // A closed database has no listeners left to remove.
      if (!database.closed) await unlisten();
    },
  };
}
