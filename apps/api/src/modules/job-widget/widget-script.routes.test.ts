/**
 * The widget script (built to apps/web/dist/widget/v1.js) is loadable by other websites:
 * `Cross-Origin-Resource-Policy: cross-origin`, briefly cacheable (its URL is not content-hashed),
 * while every other file keeps the document policy; the iframe page may be framed by any site
 * (ADR 0038).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOB_WIDGET_PATHS } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let web: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'));
  mkdirSync(path.join(dist, 'widget'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Matchwerk</title>');
  writeFileSync(path.join(dist, 'widget', 'v1.js'), '(function(){})();');
  web = await createTestApp({ webDist: dist });
});

afterAll(async () => {
  await web?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /widget/v1.js', () => {
  it('is a script other origins may load, cached for an hour', async () => {
    const response = await web.app.inject({
      method: 'GET',
      url: JOB_WIDGET_PATHS.script,
      headers: { origin: 'https://www.firma-website.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('(function(){})();');
  });

  it('leaves the app page on the same-origin policy', async () => {
    const page = await web.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /widget/v1/frame/:organizationId (the iframe alternative)', () => {
  const organizationId = '7d9f1c1e-2f55-4a57-9a55-0f3b8a6f9b10';

  it('is a German page with only the widget script, frameable by any site, links leaving the frame', async () => {
    const response = await web.app.inject({ method: 'GET', url: `/widget/v1/frame/${organizationId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('<base target="_top">');
    expect(response.body).toContain(
      `<script src="${JOB_WIDGET_PATHS.script}" data-organization="${organizationId}" async></script>`,
    );
    // Our page on someone else's site names who runs it (issue 48 item 1).
    expect(response.body).toContain(
      '<footer><nav aria-label="Rechtliches"><a href="/legal/impressum.html">Impressum</a><a href="/legal/datenschutz.html">Datenschutz</a></nav></footer>',
    );
  });

  it('answers an id that cannot exist with 404 and the same escaped page; other pages stay unframeable', async () => {
    const response = await web.app.inject({
      method: 'GET',
      url: `/widget/v1/frame/${encodeURIComponent('"><script>alert(1)</script>')}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('&#34;&#62;&#60;script&#62;');
    const page = await web.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
