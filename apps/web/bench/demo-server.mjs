// The built app on a fresh embedded database with the demo data, as `npm start` runs it, and the
// demo employer's session: what the web benchmarks (lighthouse.mjs, first-paint-profile.mjs)
// measure against.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEMO_EMPLOYER = { email: 'firma@matchwerk.example', password: 'Matchwerk-Demo-2026' };

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API serving `webDist` on `port` and waits until it is ready. `publicUrl` is the address
 * the browser uses (a proxy's, which is then trusted); `timeoutMs` allows a busy machine a slow start.
 * Returns the app's own URL and a stop function.
 */
export async function startDemoServer({ webDist, port, publicUrl, timeoutMs = 120_000 }) {
  const appUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matchwerk-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl ?? appUrl,
      ...(publicUrl ? { TRUSTED_PROXIES: '127.0.0.1' } : {}),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // The embedded database in demo mode: demo data, mails in the demo outbox.
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_SECRET: 'web-bench-secret-0123456789-0123456789-0123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready.`);
    try {
      if ((await fetch(`${appUrl}/rest/ready`)).ok) return { appUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not become ready within ${timeoutMs} ms.`);
}

/**
 * Signs the demo employer in. Returns the session's cookies (`name=value` each, for a header or a
 * browser context) and the applicant of their first chat.
 */
export async function signInDemoEmployer(baseUrl) {
  const response = await fetch(`${baseUrl}/rest/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ ...DEMO_EMPLOYER, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  const chats = await fetch(`${baseUrl}/rest/messages`, { headers: { Cookie: cookies.join('; ') } });
  if (!chats.ok) throw new Error(`GET /rest/messages failed: ${chats.status}`);
  const { chats: list } = await chats.json();
  if (!list?.length) throw new Error('The demo employer has no chat.');
  return { cookies, applicantId: list[0].applicantId };
}
