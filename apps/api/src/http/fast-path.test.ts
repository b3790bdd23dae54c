/**
 * The one answer the HTTP server gives before Fastify (ADR 0066, 0093), over real HTTP: the
 * health probe's, which must be the route's answer header for header, without a log line; every
 * other request must reach Fastify.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { API_PATHS } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionLoggerOptions } from '../app';
import { actorHeaders } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createFastPath } from './fast-path';

let testApp: TestApp;
let baseUrl: string;
/** Requests that reached Fastify's hooks, as "METHOD url". */
const reachedFastify: string[] = [];
/** The URLs of the request log's lines. */
const loggedUrls: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = JSON.parse(chunk.toString()) as { req?: { url: string } };
      if (line.req) loggedUrls.push(line.req.url);
      callback();
    },
  });
  testApp = await createTestApp({
    // At debug every answer has its line (at info only refusals, errors and slow ones, ADR 0084).
    logger: { ...productionLoggerOptions('debug'), stream },
    beforeReady: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        reachedFastify.push(`${request.method} ${request.url}`);
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

/** The answer's status, once its body is read (a connection with an unread answer stays busy). */
async function statusOf(answer: Promise<Response>): Promise<number> {
  const response = await answer;
  await response.arrayBuffer();
  return response.status;
}

describe('the health fast path', () => {
  it('answers a plain GET before Fastify, with the same body and headers as the route', async () => {
    reachedFastify.length = 0;
    loggedUrls.length = 0;
    const fast = await fetch(`${baseUrl}${API_PATHS.health}`);
    const viaFastify = await fetch(`${baseUrl}${API_PATHS.health}?von=fastify`);

    expect(reachedFastify).toEqual([`GET ${API_PATHS.health}?von=fastify`]);
    // Balancers poll it on every process every few seconds: no line for each.
    expect(loggedUrls).toEqual([`${API_PATHS.health}?von=fastify`]);
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

  it('leaves HEAD, other paths and signed-in reads to Fastify', async () => {
    const { organisationOwn } = await actorHeaders(testApp);
    await statusOf(fetch(`${baseUrl}${API_PATHS.currentUser}`, { headers: organisationOwn }));
    reachedFastify.length = 0;
    loggedUrls.length = 0;
    const head = await fetch(`${baseUrl}${API_PATHS.health}`, { method: 'HEAD' });
    const slash = await statusOf(fetch(`${baseUrl}${API_PATHS.health}/`));
    // A known session's answer from memory is given inside Fastify, in its first onRequest hook
    // (known-session-answers.ts), before the hook that records the requests here.
    const currentUser = await statusOf(fetch(`${baseUrl}${API_PATHS.currentUser}`, { headers: organisationOwn }));

    expect([head.status, slash, currentUser]).toEqual([200, 404, 200]);
    expect(reachedFastify).toEqual([`HEAD ${API_PATHS.health}`, `GET ${API_PATHS.health}/`]);
    // Fastify answered it, in its first hook, so it wrote the line.
    expect(loggedUrls).toContain(API_PATHS.currentUser);
  });
});

describe('createFastPath', () => {
  it('passes every request on once stopped (a closing app answers 503 itself)', async () => {
    const fastPath = createFastPath({ path: '/ping', body: '{"ok":true}', headers: {} });
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
      expect(await statusOf(fetch(url))).toBe(503);
      expect(passedOn).toEqual(['/ping']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
