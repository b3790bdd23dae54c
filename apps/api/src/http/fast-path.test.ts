/**
 * Answers the HTTP server gives before Fastify (ADR 0066, 0075), over real HTTP: each must be the
 * answer the route gives, header for header and with the same log line, and every request the
 * fast path cannot answer for sure must reach the route.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { API_PATHS } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productionLoggerOptions } from '../app';
import { actorHeaders, bearer, createSessionToken, type ActorName } from '../testing/actors';
import { createTestApp, type TestApp, type TestAppOptions } from '../testing/test-app';
import { createFastPath } from './fast-path';

interface ListeningApp {
  testApp: TestApp;
  baseUrl: string;
  /** Requests that reached Fastify's hooks, as "METHOD url". */
  reachedFastify: string[];
  /** The request log's lines, parsed. */
  logLines: LogLine[];
}

interface LogLine {
  msg: string;
  time?: number;
  reqId?: string;
  req?: { method: string; url: string; host: string; remoteAddress: string; remotePort: number };
  res?: { statusCode: number };
  responseTime?: number;
}

async function listeningApp(options: TestAppOptions = {}): Promise<ListeningApp> {
  const reachedFastify: string[] = [];
  const logLines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(JSON.parse(chunk.toString()) as LogLine);
      callback();
    },
  });
  const testApp = await createTestApp({
    ...options,
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
  const baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  return { testApp, baseUrl, reachedFastify, logLines };
}

let listening: ListeningApp;
let baseUrl: string;
let reachedFastify: string[];
let headers: Record<ActorName, Record<string, string>>;

beforeAll(async () => {
  listening = await listeningApp();
  ({ baseUrl, reachedFastify } = listening);
  headers = await actorHeaders(listening.testApp);
});
afterAll(async () => {
  await listening?.testApp.close();
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
    // Balancers poll it on every process every few seconds: no line for each.
    expect(listening.logLines.filter((line) => line.req?.url === '/rest/health')).toEqual([]);
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

/** The answer's status, once its body is read (a connection with an unread answer stays busy). */
async function statusOf(answer: Promise<Response>): Promise<number> {
  const response = await answer;
  await response.arrayBuffer();
  return response.status;
}

/** The log line of a request, without what differs between two requests. */
function lineOf(line: LogLine | undefined) {
  expect(line, 'keine Logzeile').toBeDefined();
  const { reqId, responseTime, req, time, ...rest } = line!;
  expect(typeof time).toBe('number');
  expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof responseTime).toBe('number');
  expect(typeof req?.remotePort).toBe('number');
  return { ...rest, req: { ...req, remotePort: 'any' } };
}

/** The log lines written for a URL, in order. */
function logged(app: ListeningApp, url: string): LogLine[] {
  return app.logLines.filter((line) => line.req?.url === url);
}

describe('the current user before Fastify', () => {
  const CURRENT_USER = API_PATHS.currentUser;

  it('answers a known session as the route does, with the same log line', async () => {
    reachedFastify.length = 0;
    const first = await fetch(`${baseUrl}${CURRENT_USER}`, { headers: headers.organisationOwn });
    const fast = await fetch(`${baseUrl}${CURRENT_USER}`, { headers: headers.organisationOwn });
    const viaFastify = await fetch(`${baseUrl}${CURRENT_USER}?von=fastify`, { headers: headers.organisationOwn });

    // The first request looked the session up; from then on it is known.
    expect(reachedFastify).toEqual([`GET ${CURRENT_USER}`, `GET ${CURRENT_USER}?von=fastify`]);
    expect(fast.status).toBe(200);
    const body = await fast.text();
    expect(JSON.parse(body)).toMatchObject({ email: 'firma@matchwerk.example' });
    expect(body).toBe(await first.text());
    expect(body).toBe(await viaFastify.text());
    expect(headersOf(fast)).toEqual(headersOf(first));
    const [viaRoute, early] = logged(listening, CURRENT_USER);
    expect(lineOf(early)).toEqual(lineOf(viaRoute));
    expect(lineOf(early)).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });

  it('leaves unknown, changed and ended sessions to the route', async () => {
    const { testApp } = listening;
    const userId = await testApp.userIdOf('partner@matchwerk.example');
    const partner = bearer(await createSessionToken(testApp, userId));
    await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner }));
    reachedFastify.length = 0;

    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`))).toBe(401);
    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: bearer('unbekannt') }))).toBe(401);
    await testApp.sessionRevocations.userChanged(userId);
    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner }))).toBe(200);
    await testApp.sessionRevocations.revokeAllForUser(userId);
    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner }))).toBe(401);
    const head = await fetch(`${baseUrl}${CURRENT_USER}`, { method: 'HEAD', headers: headers.organisationOwn });
    expect(head.status).toBe(200);

    expect(reachedFastify).toEqual([
      `GET ${CURRENT_USER}`,
      `GET ${CURRENT_USER}`,
      `GET ${CURRENT_USER}`,
      `GET ${CURRENT_USER}`,
      `HEAD ${CURRENT_USER}`,
    ]);
  });
});

describe("an organisation user's kept list answer before Fastify", () => {
  const LIST = `${API_PATHS.vacancies}?sort=title&order=asc&pageSize=50`;
  const BROTLI = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('is the answer the route kept, compressed as accepted, with the same log line', async () => {
    const { testApp } = listening;
    await vi.waitFor(() => expect(testApp.responseCache.changes.listener.listening).toBe(true));
    reachedFastify.length = 0;
    const kept = await fetch(`${baseUrl}${LIST}`, { headers: { ...headers.organisationOwn, ...BROTLI } });
    const fast = await fetch(`${baseUrl}${LIST}`, { headers: { ...headers.organisationOwn, ...BROTLI } });
    const plain = await fetch(`${baseUrl}${LIST}`, {
      headers: { ...headers.organisationOwn, 'accept-encoding': 'identity' },
    });

    expect(reachedFastify).toEqual([`GET ${LIST}`]);
    expect(fast.headers.get('content-encoding')).toBe('br');
    expect(headersOf(fast)).toEqual(headersOf(kept));
    const keptBody = await kept.text();
    expect(await fast.text()).toBe(keptBody);
    expect(await plain.text()).toBe(keptBody);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((JSON.parse(keptBody) as { items: unknown[] }).items.length).toBeGreaterThan(0);

    const [viaRoute, early] = logged(listening, LIST);
    expect(lineOf(early)).toEqual(lineOf(viaRoute));
  });

  it('goes to the route once the organisation changed, and for other users and URLs', async () => {
    const { testApp } = listening;
    await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }));
    await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }));
    reachedFastify.length = 0;
    const organizationId = (
      (await (await fetch(`${baseUrl}${API_PATHS.currentUser}`, { headers: headers.organisationOwn })).json()) as {
        organization: { id: string };
      }
    ).organization.id;

    await testApp.responseCache.changes.organizationChanged(organizationId);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }))).toBe(200);
    // Another session of the same user keeps its own answers.
    const other = bearer(await createSessionToken(testApp, await testApp.userIdOf('firma@matchwerk.example')));
    await statusOf(fetch(`${baseUrl}${API_PATHS.currentUser}`, { headers: other }));
    reachedFastify.length = 0;
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: other }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}&page=2`, { headers: headers.organisationOwn }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.admin }))).toBe(200);

    expect(reachedFastify).toEqual([`GET ${LIST}`, `GET ${LIST}&page=2`, `GET ${LIST}`]);
  });
});

describe('the log line behind a trusted proxy', () => {
  let behindProxy: ListeningApp;
  beforeAll(async () => {
    behindProxy = await listeningApp({ trustedProxies: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await behindProxy?.testApp.close();
  });

  it("names the client and host the proxy forwarded, as Fastify's line does", async () => {
    const firma = bearer(
      await createSessionToken(behindProxy.testApp, await behindProxy.testApp.userIdOf('firma@matchwerk.example')),
    );
    const forwarded = { ...firma, 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'matchwerk.example' };
    const url = API_PATHS.currentUser;
    await statusOf(fetch(`${behindProxy.baseUrl}${url}`, { headers: forwarded }));
    await statusOf(fetch(`${behindProxy.baseUrl}${url}`, { headers: forwarded }));

    expect(behindProxy.reachedFastify).toEqual([`GET ${url}`]);
    const [viaRoute, early] = logged(behindProxy, url);
    expect(lineOf(early)).toEqual(lineOf(viaRoute));
    expect(early?.req).toMatchObject({ remoteAddress: '203.0.113.7', host: 'matchwerk.example' });
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

  it('hands a request on when an early answer throws or rejects, and reports why', async () => {
    const fastPath = createFastPath({ path: '/ping', body: '{}', headers: {} });
    const failures: string[] = [];
    const failed = (error: unknown) => failures.push(error instanceof Error ? error.message : String(error));
    fastPath.add((request) => {
      if (request.url === '/wirft') throw new Error('geworfen');
      return false;
    }, failed);
    fastPath.add(
      (request) => (request.url === '/verwirft' ? Promise.reject(new Error('verworfen')) : Promise.resolve(false)),
      failed,
    );
    fastPath.add((request, response) => {
      if (request.url !== '/spaet') return false;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('spät');
      return Promise.resolve(true);
    }, failed);
    const passedOn: string[] = [];
    const server = fastPath.serverFactory((request, response) => {
      passedOn.push(request.url ?? '');
      response.writeHead(204).end();
    }, {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await statusOf(fetch(`${base}/wirft`))).toBe(204);
      expect(await statusOf(fetch(`${base}/verwirft`))).toBe(204);
      expect(await statusOf(fetch(`${base}/sonst`))).toBe(204);
      expect(await (await fetch(`${base}/spaet`)).text()).toBe('spät');
      expect(passedOn).toEqual(['/wirft', '/verwirft', '/sonst']);
      expect(failures).toEqual(['geworfen', 'verworfen']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
