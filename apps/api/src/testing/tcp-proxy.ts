/**
 * A TCP proxy a test can cut (issue 49): the app connects to PostgreSQL through it, and `cut()`
 * closes every connection and refuses new ones — a database restart or failover as the app sees
 * it, without stopping the PostgreSQL other tests share.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TestTcpProxy {
  port: number;
  /** Ends every connection and refuses new ones (the port stays bound, nothing listens). */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TestTcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : 0;
        server = next;
        resolve();
      });
    });
  const cut = async () => {
    const running = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (running) await new Promise((resolve) => running.close(resolve));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
