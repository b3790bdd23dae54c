import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createHealthFastPath } from './health-fast-path';

/** Requests for /rest/health that reached Fastify's hooks. */
const reachedFastify: string[] = [];
let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  testApp = await createTestApp({
    beforeReady: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.url.startsWith('/rest/health')) reachedFastify.push(`${request.method} ${request.url}`);
        done();
      });
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testApp?.close();
});

/** Headers as a plain object, without the one that changes every second. */
function headersOf(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers.entries());
  delete headers.date;
  return headers;
}

describe('the health fast path', () => {
  it('answers a plain GET before Fastify, with the same body and headers as the route', async () => {
    reachedFastify.length = 0;
    const fast = await fetch(`${baseUrl}/rest/health`);
    const viaFastify = await fetch(`${baseUrl}/rest/health?von=fastify`);

    expect(reachedFastify).toEqual(['GET /rest/health?von=fastify']);
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(await viaFastify.text());
    expect(headersOf(fast)).toEqual(headersOf(viaFastify));
    expect(headersOf(fast)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'keep-alive': 'timeout=72',
    });
  });

  it('leaves HEAD and other paths to Fastify', async () => {
    reachedFastify.length = 0;
    const head = await fetch(`${baseUrl}/rest/health`, { method: 'HEAD' });
    const slash = await fetch(`${baseUrl}/rest/health/`);

    expect(head.status).toBe(200);
    expect(slash.status).toBe(404);
    expect(reachedFastify).toEqual(['HEAD /rest/health', 'GET /rest/health/']);
  });
});

describe('createHealthFastPath', () => {
  it('passes every request on once stopped (a closing app answers 503 itself)', async () => {
    const fastPath = createHealthFastPath({ path: '/ping', body: '{"ok":true}', headers: {} });
    const passedOn: string[] = [];
    const server = fastPath.serverFactory((request, response) => {
      passedOn.push(request.url ?? '');
      response.writeHead(503).end();
    }, {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`;
    try {
      const before = await fetch(url);
      expect([before.status, await before.text(), before.headers.get('content-length')]).toEqual([
        200,
        '{"ok":true}',
        '11',
      ]);
      fastPath.stop();
      expect((await fetch(url)).status).toBe(503);
      expect(passedOn).toEqual(['/ping']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
