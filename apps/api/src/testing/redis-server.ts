/**
 * A dedicated redis-server for outage tests (issue 49): started on its own port, so a test may
 * kill, freeze (SIGSTOP) and restart it without touching the Redis at TEST_REDIS_URL that other
 * tests share. Needs the `redis-server` binary (CI and the dev machine have it with Redis 7).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface TestRedisServer {
  url: string;
  /** Kills the server (SIGKILL): every key is gone, like a restart without persistence. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing answers (a hung or overloaded Redis). */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  thaw(): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      probe.disconnect();
    }
  }
}

export async function startTestRedisServer(): Promise<TestRedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntilAnswering(url);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGCONT');
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    kill,
    start,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    close: kill,
  };
}
