import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface NginxOptions {
  /** Port on 127.0.0.1 to listen on. */
  port: number;
  /** host:port of each API process. */
  upstreams: string[];
  /** Folder for the configuration, pid, log and temp files. */
  prefix: string;
}

/**
 * nginx in the foreground as the load balancer in front of several API processes: round robin
 * (the default), no stickiness, keep-alive to the upstreams, the client's address in
 * X-Forwarded-For (the processes trust 127.0.0.1). Used by the scale-out e2e run and the
 * rolling-restart script; docs/deploy.md shows the production variant with TLS.
 */
export function startNginx(options: NginxOptions): ChildProcess {
  const { prefix } = options;
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    // Run as root, nginx's workers drop to "nobody" and must still write their temp files.
    mkdirSync(path.join(prefix, dir), { recursive: true });
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const config = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 25m;
  upstream matchwerk {
${options.upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
    keepalive 16;
    # Shorter than the processes' drain on SIGTERM (apps/api/src/http/drain.ts).
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${options.port};
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
  return spawn(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-p', prefix, '-c', file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
