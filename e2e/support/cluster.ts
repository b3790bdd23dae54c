import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestS3Server } from '../../apps/api/src/testing/s3-server';
import { e2eEnv } from './e2e-env';

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
      const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: e2eEnv.repoRoot,
        env: {
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
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      started.push(server);
      await options.waitForReady(server, url);
    }
    const nginx = startNginx();
    started.push(nginx);
    await options.waitForReady(nginx, e2eEnv.baseUrl);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { stop: stopAll };
}

/** nginx in the foreground with its own prefix (config, pid, temp files) under .tmp. */
function startNginx(): ChildProcess {
  const prefix = path.join(e2eEnv.repoRoot, '.tmp', `e2e-nginx-${e2eEnv.port}`);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    // Run as root, nginx's workers drop to "nobody" and must still write their temp files.
    mkdirSync(path.join(prefix, dir), { recursive: true });
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const upstreams = e2eEnv.nodeUrls.map((url) => `    server ${new URL(url).host};`).join('\n');
  const config = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
daemon off;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 25m;
  # Round robin (the default), no stickiness: consecutive requests of one browser alternate.
  upstream matchwerk {
${upstreams}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${e2eEnv.port};
    location / {
      proxy_pass http://matchwerk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const binary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  return spawn(binary, ['-p', prefix, '-c', file], { stdio: ['ignore', 'inherit', 'inherit'] });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve).once('error', resolve));
  child.kill('SIGTERM');
  await exited;
}
