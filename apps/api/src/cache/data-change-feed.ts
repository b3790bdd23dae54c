/**
 * The database's change notifications (migration 0021) turned into raised data versions
 * (ADR 0065). A payload is an organisation's id, "*" (everything may have changed), one of this
 * feed's own sync markers, or (migration 0030, ADR 0107) "p" for the postings candidates see and
 * "a:<id>" for a candidate's own side of their feed.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { NotificationListener } from '../db/notification-listener';
import { candidateDataKey, organizationDataKey, POSTINGS_DATA_KEY, type DataVersionStore } from './data-versions';

/** The channel migration 0021's triggers notify on. */
export const DATA_CHANGE_CHANNEL = 'matchwerk_data';

const SYNC_PREFIX = 'sync:';
const POSTINGS_PAYLOAD = 'p';
const CANDIDATE_PREFIX = 'a:';

export interface DataChangeFeed {
  readonly listener: NotificationListener;
  /**
   * Resolves once every change committed before the call has raised its versions: a marker sent
   * through the database arrives after the notifications of every earlier commit.
   */
  settled(): Promise<void>;
  /** A change no trigger notifies (the hot writes of migration 0021): raised here, after its commit. */
  organizationChanged(organizationId: string): Promise<void>;
}

export interface DataChangeFeedOptions {
  database: DatabaseHandle;
  versions: DataVersionStore;
  /** Everything may have changed, or a change may have been missed: drop whatever was kept. */
  onEverything: () => void;
  log: FastifyBaseLogger;
}

export async function startDataChangeFeed(options: DataChangeFeedOptions): Promise<DataChangeFeed> {
  const { database, versions, onEverything, log } = options;
  const raising = new Set<Promise<void>>();
  const markers = new Map<string, () => void>();
  let sent = 0;

  function organizationChanged(organizationId: string): Promise<void> {
    return raise(organizationDataKey(organizationId));
  }

  function raise(key: string): Promise<void> {
    const raised = versions.bump(key).catch((error: unknown) => {
      log.error({ err: error }, 'data version not raised after a change');
      // A change went unrecorded: nothing kept can be trusted.
      onEverything();
    });
    raising.add(raised);
    void raised.finally(() => raising.delete(raised));
    return raised;
  }

  const listener = await database.listen(DATA_CHANGE_CHANNEL, {
    onNotify(payload) {
      if (payload === '*') return onEverything();
      if (payload.startsWith(SYNC_PREFIX)) {
        // Markers of other processes arrive here too; only our own are awaited.
        markers.get(payload)?.();
        markers.delete(payload);
        return;
      }
      if (payload === POSTINGS_PAYLOAD) void raise(POSTINGS_DATA_KEY);
      else if (payload.startsWith(CANDIDATE_PREFIX))
        void raise(candidateDataKey(payload.slice(CANDIDATE_PREFIX.length)));
      else void organizationChanged(payload);
    },
    onState(listening) {
      onEverything();
      // While down nothing is served from memory: nobody needs to wait for a marker.
      for (const release of markers.values()) release();
      markers.clear();
      if (!listening) log.warn('database change notifications lost: list answers come from the database until back');
    },
    onError: (error) => log.warn({ err: error }, 'database change notifications: connection error'),
  });

  return {
    listener,
    organizationChanged,
    async settled() {
      if (!listener.listening) return;
      const marker = `${SYNC_PREFIX}${process.pid}:${++sent}:${Math.random().toString(36).slice(2)}`;
      const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
      await database.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, ${marker})`);
      await arrived;
      await Promise.all(raising);
    },
  };
}
