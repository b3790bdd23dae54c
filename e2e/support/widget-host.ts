/**
 * A tiny static server for the foreign website that embeds the job widget
 * (e2e/fixtures/widget-host): another origin than the app (127.0.0.1 and its own port instead of
 * localhost:E2E_PORT), with the snippet's placeholders filled in.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { e2eEnv } from './e2e-env';

const FOLDER = path.join(e2eEnv.repoRoot, 'e2e/fixtures/widget-host');
const TYPES: Record<string, string> = {
  '/': 'text/html; charset=utf-8',
  '/iframe': 'text/html; charset=utf-8',
  '/site.css': 'text/css; charset=utf-8',
};

export interface WidgetHost {
  origin: string;
  close(): Promise<void>;
}

export async function startWidgetHost(options: {
  port: number;
  appOrigin: string;
  organizationId: string;
}): Promise<WidgetHost> {
  const fill = (text: string) =>
    text.replaceAll('{{APP_ORIGIN}}', options.appOrigin).replaceAll('{{ORGANIZATION_ID}}', options.organizationId);
  const files: Record<string, string> = {
    '/': fill(readFileSync(path.join(FOLDER, 'index.html'), 'utf8')),
    '/iframe': fill(readFileSync(path.join(FOLDER, 'iframe.html'), 'utf8')),
    '/site.css': readFileSync(path.join(FOLDER, 'site.css'), 'utf8'),
  };
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    const body = files[pathname];
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Nicht gefunden');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[pathname]!, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${options.port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
