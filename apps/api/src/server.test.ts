// @database-sensitive: the server as npm start runs it
/** The real server entry refuses to start outside demo mode without a mail server. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['DATABASE_URL', 'SMTP_URL', 'DEMO_MODE', 'SEED_DEMO', 'AUTH_SECRET', 'NODE_ENV'].includes(name),
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('server start', () => {
  it('refuses DATABASE_URL without SMTP_URL (also with NODE_ENV=production and SEED_DEMO=1), naming SMTP_URL in German and English', async () => {
    // The database is never reached: the configuration check comes first.
    const result = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      AUTH_SECRET: 'x'.repeat(40),
      SEED_DEMO: '1',
    });
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.output).toContain('SMTP_URL fehlt');
    expect(result.output).toContain('SMTP_URL is required when DATABASE_URL is set and DEMO_MODE is off');
    expect(result.output).not.toContain('Matchwerk läuft');
  });
});
