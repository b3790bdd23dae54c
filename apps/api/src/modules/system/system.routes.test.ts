import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_AUTH_ENDPOINTS } from '../../plugins/auth';
import { apiSecurityHeaders, securityHeaders } from '../../plugins/security';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ webDist: '/nonexistent/web/dist' });
});
afterAll(async () => {
  await testApp?.close();
});

describe('system routes', () => {
  it('health, ready and config', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/rest/health' })).json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // Nothing but the database configured in the test app: the others say 'off' (not degraded).
    expect(ready.json()).toEqual({
      status: 'ok',
      database: true,
      dependencies: {
        database: { state: 'ok', label: 'Datenbank' },
        redis: { state: 'off', label: 'Redis (Zähler, Chat-Versionen, Sitzungs-Abmeldungen)' },
        objectStore: { state: 'off', label: 'Bildspeicher' },
        mailQueue: { state: 'off', label: 'E-Mail-Warteschlange' },
      },
      degraded: [],
    });
    expect((await testApp.app.inject({ method: 'GET', url: '/rest/config' })).json()).toEqual({
      supportEmail: 'support@matchwerk.example',
      demoMailbox: true,
    });
  });

  it('publishes OpenAPI with response schemas and a docs page', async () => {
    const spec = (await testApp.app.inject({ method: 'GET', url: '/rest/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/rest/users/current-user', '/rest/organization/signup', '/rest/health']),
    );
    expect(Object.keys(spec.paths['/rest/users/current-user']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
    // ADR 0123: the better-auth endpoints the app exposes are documented, and no other of them.
    const authPaths = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/rest/auth/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.slice(10)}`));
    expect(authPaths.sort()).toEqual([...PUBLIC_AUTH_ENDPOINTS].sort());
    // Statuses every operation can get: 400 everywhere, 413/415 wherever a body may come (also DELETE).
    expect(Object.keys(spec.paths['/rest/vacancy/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '413', '415']),
    );
    expect(Object.keys(spec.paths['/rest/health']?.get?.responses ?? {})).toContain('400');
    // Issue 49: a 204 has no body; CSV, ZIP and HTML pages are documented with their real types.
    const operations = Object.values(spec.paths).flatMap((methods) => Object.values(methods));
    const noContent = operations
      .flatMap((operation) => Object.entries(operation.responses))
      .filter(([status, response]) => status === '204' && 'content' in (response as object));
    expect(noContent).toEqual([]);
    const typesOf = (path: string, method: string) =>
      Object.keys((spec.paths[path]?.[method]?.responses['200'] as { content?: object } | undefined)?.content ?? {});
    expect(typesOf('/rest/orders/export', 'get')).toEqual(['text/csv']);
    expect(typesOf('/rest/applicant/export', 'get')).toEqual(['application/zip']);
    expect(typesOf('/rest/notifications/unsubscribe', 'get')).toEqual(['text/html']);
    expect(typesOf('/rest/vacancy/{id}/photos/{photoId}', 'get')).toEqual(['image/*']);
    const docs = await testApp.app.inject({ method: 'GET', url: '/rest/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('answers a method the path does not offer with 405 and Allow', async () => {
    const wrong = await testApp.app.inject({ method: 'DELETE', url: '/rest/health' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const config = await testApp.app.inject({ method: 'DELETE', url: '/rest/config' });
    expect(config.statusCode).toBe(405);
    expect(config.headers.allow).toBe('GET, HEAD');
    expect((await testApp.app.inject({ method: 'DELETE', url: '/rest/gibt-es-nicht' })).statusCode).toBe(404);
  });

  it('sends the document policy on pages and a strict API policy on API answers', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // Plain HTTP (the test app): no HSTS and no upgrade of requests.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');

    const api = await testApp.app.inject({ method: 'GET', url: '/rest/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['cache-control']).toBe('no-store');
    // Also on answers that no route gives: a 404 of the API and of a page.
    const missingApi = await testApp.app.inject({ method: 'GET', url: '/rest/gibt-es-nicht' });
    expect(missingApi.statusCode).toBe(404);
    expect(missingApi.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
    const missingPage = await testApp.app.inject({ method: 'GET', url: '/gibt-es-nicht' });
    expect(missingPage.statusCode).toBe(404);
    expect(missingPage.headers['content-security-policy']).toBe(csp);
  });

  it('sends HSTS and upgrades requests when the public address is https', () => {
    const headers = securityHeaders(true);
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(apiSecurityHeaders(true)['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('shows a German page at / while the web app is not built', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Web-App noch nicht gebaut');
  });
});

describe('demo outbox (no SMTP_URL)', () => {
  it('lists mails newest first with their links, and as a noindex German page', async () => {
    await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/resend-signup-confirmation',
      payload: { email: 'unbestaetigt@matchwerk.example' },
    });
    const outbox = (await testApp.app.inject({ method: 'GET', url: '/rest/demo/outbox' })).json<{
      mails: { to: string; links: string[]; subject: string }[];
    }>();
    expect(outbox.mails[0]).toMatchObject({
      to: 'unbestaetigt@matchwerk.example',
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    });
    expect(outbox.mails[0]?.links[0]).toContain('/#/authaction?mode=verifyEmail&token=');
    const page = await testApp.app.inject({ method: 'GET', url: '/demo/postfach' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Demo-Postfach');
    expect(page.body).toContain('noindex');
    expect(page.body).toContain('href="http://localhost:3000/#/authaction?mode=verifyEmail&#38;token=');
  });

  it('is not registered when SMTP is configured', async () => {
    const withSmtp = await createTestApp({ demoMailbox: false });
    try {
      expect((await withSmtp.app.inject({ method: 'GET', url: '/rest/demo/outbox' })).statusCode).toBe(404);
      expect((await withSmtp.app.inject({ method: 'GET', url: '/demo/postfach' })).statusCode).toBe(404);
      expect(
        (await withSmtp.app.inject({ method: 'GET', url: '/rest/config' })).json<{ demoMailbox: boolean }>()
          .demoMailbox,
      ).toBe(false);
    } finally {
      await withSmtp.close();
    }
  });

  it('outside demo mode, /demo/* and /rest/demo/* are 404 even with the built web app (nothing is served from files there)', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Matchwerk</title>');
    // Even a stray file in the build output must not appear at the outbox's address.
    mkdirSync(path.join(dist, 'demo', 'postfach'), { recursive: true });
    writeFileSync(path.join(dist, 'demo', 'postfach', 'index.html'), 'stray');
    writeFileSync(path.join(dist, 'demo', 'outbox.json'), '{}');
    const production = await createTestApp({ demoMailbox: false, webDist: dist });
    try {
      await production.app.inject({
        method: 'POST',
        url: '/rest/organization/resend-signup-confirmation',
        payload: { email: 'unbestaetigt@matchwerk.example' },
      });
      for (const url of [
        '/demo/postfach',
        '/demo/postfach/',
        '/Demo/Postfach',
        '/demo/outbox.json',
        '/demo/',
        '/rest/demo/outbox',
      ]) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('authaction');
        expect(response.body, url).not.toContain('stray');
      }
      expect((await production.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      expect(
        (await production.app.inject({ method: 'GET', url: '/rest/config' })).json<{ demoMailbox: boolean }>()
          .demoMailbox,
      ).toBe(false);
    } finally {
      await production.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('built web app', () => {
  /** A test app serving a built web app made of `files` (paths relative to the dist folder). */
  async function withBuiltWebApp(
    files: Record<string, string | Buffer>,
    run: (web: TestApp, writeFile: (file: string, content: string) => void) => Promise<void>,
  ): Promise<void> {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const writeFile = (file: string, content: string | Buffer) => writeFileSync(path.join(dist, file), content);
    for (const [file, content] of Object.entries(files)) writeFile(file, content);
    const web = await createTestApp({ webDist: dist });
    try {
      await run(web, writeFile);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  }
  const SMALL_APP = {
    'index.html': '<!doctype html><title>Matchwerk</title>',
    'assets/index-abc123.js': 'console.log(1)',
  };

  it('serves index.html without caching and hashed assets for a year', async () => {
    await withBuiltWebApp(SMALL_APP, async (web) => {
      const index = await web.app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<title>Matchwerk</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  it('sends the precompressed brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } = await import('node:zlib');
    const script = `export const figures = [${Array.from({ length: 400 }, (_, index) => index).join(', ')}];\n`;
    const html = `<!doctype html><html lang="de"><title>Matchwerk</title><body>${'<p>Matchwerk</p>'.repeat(100)}</body></html>`;
    const files: Record<string, string | Buffer> = {};
    for (const [file, content] of [
      ['assets/index-abc123.js', script],
      ['index.html', html],
    ] as const) {
      files[file] = content;
      files[`${file}.br`] = brotliCompressSync(content);
      files[`${file}.gz`] = gzipSync(content);
    }
    await withBuiltWebApp(files, async (web) => {
      const get = (url: string, acceptEncoding?: string) =>
        web.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      expect(brotli.rawPayload.length).toBeLessThan(script.length / 2);

      const gzip = await get('/assets/index-abc123.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await get('/assets/index-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      const index = await get('/', 'br');
      expect(index.headers['content-encoding']).toBe('br');
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(index.rawPayload).toString()).toBe(html);
    });
  });

  it('answers hashed assets from the copy read at start (HEAD, entity tag), a file written later from the disk', async () => {
    await withBuiltWebApp(SMALL_APP, async (web, writeFile) => {
      const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      // The document's security headers, as on every page and file.
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['content-security-policy']).toContain("default-src 'self'");

      const head = await web.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String('console.log(1)'.length));
      expect(head.body).toBe('');

      const etag = String(asset.headers.etag);
      const revalidated = await web.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'if-none-match': etag },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);

      // Kept from the start: a hashed file's content never changes under its name.
      writeFile('assets/index-abc123.js', 'console.log("changed on disk")');
      expect((await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).body).toBe('console.log(1)');

      // A rebuild while the server runs: the new index.html names files the server did not read at start.
      writeFile('assets/index-def456.js', 'console.log(2)');
      const rebuilt = await web.app.inject({ method: 'GET', url: '/assets/index-def456.js' });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toBe('console.log(2)');
      expect(rebuilt.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      expect((await web.app.inject({ method: 'GET', url: '/assets/missing-000.js' })).statusCode).toBe(404);
    });
  });
});
