import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startTestS3Server } from '../../apps/api/src/testing/s3-server';
import { e2eEnv } from './e2e-env';
import { startNginx } from './nginx';
import { spawnServer } from './server-process';

/**
 * Scale-out mode (E2E_CLUSTER=1): two API processes behind nginx (round robin, no sticky
 * sessions) sharing PostgreSQL, Redis and an S3-compatible bucket (s3rver), as in
 * docs/deploy.md. The tests talk to nginx at e2eEnv.baseUrl, and to each process directly
 * where a scenario needs "on one, then on the other".
 */
export interface Cluster {
  stop(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Environment of both API processes (SMTP, secrets, …). */
  serverEnv: NodeJS.ProcessEnv;
  waitForReady(server: ChildProcess, url: string): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const s3 = await startTestS3Server('matchwerk-e2e');
  const credentials = s3.options.credentials!;
  const started: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of started.reverse()) await stopProcess(child);
    await s3.close();
  };
  try {
    for (const [index, url] of e2eEnv.nodeUrls.entries()) {
      const server = spawnServer(
        {
          ...options.serverEnv,
          PORT: new URL(url).port,
          DATABASE_URL: options.databaseUrl,
          // Seeded once, by the first process, before the second starts.
          SEED_DEMO: index === 0 ? '1' : '',
          REDIS_URL: options.redisUrl,
          TRUSTED_PROXIES: '127.0.0.1',
          S3_BUCKET: s3.options.bucket,
          S3_ENDPOINT: s3.options.endpoint,
          S3_REGION: s3.options.region,
          S3_FORCE_PATH_STYLE: '1',
          S3_ACCESS_KEY_ID: credentials.accessKeyId,
          S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        },
        ['ignore', 'inherit', 'inherit'],
      );
      started.push(server);
      await options.waitForReady(server, url);
    }
    const nginx = startNginx({
      port: e2eEnv.port,
      upstreams: e2eEnv.nodeUrls.map((url) => new URL(url).host),
      prefix: path.join(e2eEnv.repoRoot, '.tmp', `e2e-nginx-${e2eEnv.port}`),
    });
    started.push(nginx);
    await options.waitForReady(nginx, e2eEnv.baseUrl);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { stop: stopAll };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve).once('error', resolve));
  child.kill('SIGTERM');
  await exited;
}
