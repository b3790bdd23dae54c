import type { Server } from 'node:http';

/**
 * How long a process behind a load balancer keeps answering after SIGTERM before it closes its
 * port: longer than the balancer keeps an idle upstream connection (nginx `keepalive_timeout 4s`
 * in docs/deploy.md). By then every connection the balancer still holds has been told
 * `Connection: close` or been closed by the balancer itself, so no request can meet a
 * connection that is closing under it, and new ones are refused at once — which the balancer
 * retries on another process, also for POST (nothing was sent).
 */
export const DRAIN_MS = 5_000;

/** From now on every answer carries `Connection: close`: keep-alive connections end after their current request. */
export function startDraining(server: Server): void {
  server.prependListener('request', (_request, response) => {
    response.setHeader('connection', 'close');
  });
}
