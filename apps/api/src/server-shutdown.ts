/**
 * Graceful shutdown (issue 49 item 4, ADR 0106), in this order:
 * 1. every answer says `Connection: close`; behind a load balancer this drains for `drainMs`;
 * 2. close the HTTP server: no new connections, and wait for every request in flight;
 * 3. only then stop the job queue (pg-boss), waiting for running jobs — a job a finished request
 *    queued is in the database before pg-boss stops, so it is never lost (the next process runs it);
 * 4. close the other clients (Redis, SMTP, bucket, database pool).
 * A forced exit after `forceAfterMs` (systemd's TimeoutStopSec must be longer).
 */
import type { Server } from 'node:http';

export interface ShutdownParts {
  app: { server: Server; close(): Promise<unknown> };
  /** Milliseconds of draining before the port closes (behind a proxy), or 0. */
  drainMs: number;
  startDraining(server: Server): void;
  /** Stops the job workers (null when they did not start). */
  stopJobs: (() => Promise<void>) | null;
  /** Closed last, in order; a failure is logged and the next one still closes. */
  closers: Array<() => unknown>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  exit(code: number): void;
  forceAfterMs?: number;
}

/** Seconds the job workers get to finish a running job. */
export const JOBS_STOP_TIMEOUT_MS = 5000;
/** Drain (5 s) + requests + jobs (5 s) + closing: well within systemd's TimeoutStopSec=30 (docs/deploy). */
export const FORCED_EXIT_MS = 20_000;

export function createShutdown(parts: ShutdownParts): (signal: string) => Promise<void> {
  let closing: Promise<void> | null = null;
  const run = async (signal: string) => {
    parts.log.info({ signal }, 'Matchwerk wird beendet');
    const timer = setTimeout(() => parts.exit(1), parts.forceAfterMs ?? FORCED_EXIT_MS);
    timer.unref();
    let code = 0;
    try {
      // Every answer from now on says `Connection: close`, also those of the requests in flight:
      // otherwise the server's close waits for their keep-alive connections until the forced exit.
      parts.startDraining(parts.app.server);
      if (parts.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, parts.drainMs));
      // Waits for the requests in flight (their jobs are queued by the time they answer). A
      // connection whose request was in flight when closing began turns idle after its answer:
      // closed then, not after the keep-alive timeout (72 s).
      const sweep = setInterval(() => parts.app.server.closeIdleConnections(), 100);
      sweep.unref();
      try {
        await parts.app.close();
      } finally {
        clearInterval(sweep);
      }
      await parts.stopJobs?.();
    } catch (error) {
      parts.log.error({ err: error }, 'Fehler beim Beenden');
      code = 1;
    }
    for (const close of parts.closers) {
      try {
        await close();
      } catch (error) {
        parts.log.error({ err: error }, 'Fehler beim Schließen einer Verbindung');
      }
    }
    parts.log.info({ signal, code }, 'Matchwerk beendet');
    clearTimeout(timer);
    parts.exit(code);
  };
  return (signal) => (closing ??= run(signal));
}
