import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The candidate app at /app/ (issue 47, ADR 0104): caching per file kind, and the web app untouched. */
let dist: string;
let web: string;
let testApp: TestApp;
const SCRIPT = 'console.log("Matchwerk für Bewerber:innen");'.repeat(40);

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mw-candidate-'));
  web = mkdtempSync(path.join(os.tmpdir(), 'mw-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Matchwerk App</title>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Matchwerk","scope":"/app/"}');
  writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Matchwerk Web</title>');
  testApp = await createTestApp({ candidateDist: dist, webDist: web });
});
afterAll(async () => {
  await testApp?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

describe('candidate app at /app/', () => {
  it('serves the shell uncached and sends /app to /app/', async () => {
    const page = await get('/app/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Matchwerk App');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const redirect = await get('/app');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/app/');
  });

  it('serves the service worker and the manifest so that every build reaches the phones', async () => {
    const worker = await get('/app/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/app/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.json()).toEqual({ name: 'Matchwerk', scope: '/app/' });
    expect((await get('/app/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers hashed assets from memory, immutable, compressed when accepted, with 304', async () => {
    const plain = await get('/app/assets/index-abc123.js');
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get('/app/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const etag = String(gzip.headers.etag);
    const again = await get('/app/assets/index-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect((await get('/app/assets/missing-0000.js')).statusCode).toBe(404);
  });

  it('keeps the build manifest private and leaves the employer web app at /', async () => {
    expect((await get('/app/.vite/manifest.json')).statusCode).toBe(404);
    const employer = await get('/');
    expect(employer.statusCode).toBe(200);
    expect(employer.body).toContain('Matchwerk Web');
  });
});

describe('candidate app not built', () => {
  it('says how to build it', async () => {
    const bare = await createTestApp({ candidateDist: path.join(os.tmpdir(), 'mw-no-such-candidate-dist') });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/app/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
