/**
 * The widget script (built to apps/web/dist/widget/v1.js) is loadable by other websites:
 * `Cross-Origin-Resource-Policy: cross-origin`, briefly cacheable (its URL is not content-hashed),
 * while every other file keeps the document policy (ADR 0038).
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
    const response = await web.app.inject({ method: 'GET', url: JOB_WIDGET_PATHS.script, headers: { origin: 'https://www.firma-website.example' } });
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
