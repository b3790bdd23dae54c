// @database-sensitive: kept answers depend on the change feed (LISTEN/NOTIFY)
/**
 * Answers from memory for known sessions (ADR 0075, 0093), over real HTTP: each must be the
 * answer the route gives, header for header and with the same log line, and every request whose
 * session is not known for sure must reach the route. A hook after the app's one onRequest hook
 * records the requests that went on to the route.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { API_PATHS } from '@matchwerk/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionActor } from '../access/actor';
import { productionLoggerOptions } from '../app';
import { createMemoryRevocationBus, type RevocationBus } from '../modules/sessions/revocation-bus';
import { registerErrorHandler } from '../plugins/error-handler';
import { registerOnRequestSteps } from '../plugins/on-request';
import { actorHeaders, bearer, createSessionToken, type ActorName } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { knownSessionAnswer, type KnownSessionAnswerOptions } from './known-session-answers';

interface LogLine {
  level: number;
  msg: string;
  time?: number;
  reqId?: string;
  req?: { method: string; url: string; host: string; remoteAddress: string; remotePort: number };
  res?: { statusCode: number };
  responseTime?: number;
}

const CURRENT_USER = API_PATHS.currentUser;

let testApp: TestApp;
let baseUrl: string;
let headers: Record<ActorName, Record<string, string>>;
/** Requests the known-session step left to the route, as "METHOD url". */
const reachedRoute: string[] = [];
const logLines: LogLine[] = [];
/** Whether the revocation feed may be trusted (a Redis bus is not while its subscriber is down). */
let feedTrusted = true;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(JSON.parse(chunk.toString()) as LogLine);
      callback();
    },
  });
  const memoryBus = createMemoryRevocationBus();
  const revocationBus: RevocationBus = { ...memoryBus, trusted: () => feedTrusted };
  testApp = await createTestApp({
    revocationBus,
    // At debug every answer has its line (at info only refusals, errors and slow ones, ADR 0084).
    logger: { ...productionLoggerOptions('debug'), stream },
    beforeReady: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        reachedRoute.push(`${request.method} ${request.url}`);
        done();
      });
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  headers = await actorHeaders(testApp);
  await vi.waitFor(() => expect(testApp.responseCache.changes.listener.listening).toBe(true));
});
afterAll(async () => {
  await testApp?.close();
});

/** Headers as a plain object, without the one that changes every second. */
function headersOf(response: Response): Record<string, string> {
  const all = Object.fromEntries(response.headers.entries());
  delete all.date;
  return all;
}

/** The answer's status, once its body is read (a connection with an unread answer stays busy). */
async function statusOf(answer: Promise<Response>): Promise<number> {
  const response = await answer;
  await response.arrayBuffer();
  return response.status;
}

/**
 * The log line of a request, without what differs between two requests: its level too, which
 * follows the time taken (a first look-up on a busy machine may take a second, ADR 0084).
 */
function lineOf(line: LogLine | undefined) {
  expect(line, 'keine Logzeile').toBeDefined();
  const { reqId, responseTime, req, time, level, ...rest } = line!;
  expect(typeof level).toBe('number');
  expect(typeof time).toBe('number');
  expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof responseTime).toBe('number');
  expect(typeof req?.remotePort).toBe('number');
  return { ...rest, req: { ...req, remotePort: 'any' } };
}

/** The log lines written for a URL, in order. */
function logged(url: string): LogLine[] {
  return logLines.filter((line) => line.req?.url === url);
}

const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

describe('the current user of a known session', () => {
  it('is answered from memory as the route answers it, with the same log line', async () => {
    const partner = bearer(await createSessionToken(testApp, await testApp.userIdOf('partner@matchwerk.example')));
    reachedRoute.length = 0;
    logLines.length = 0;
    const viaRoute = await fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner });
    const fromMemory = await fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner });
    const withQuery = await fetch(`${baseUrl}${CURRENT_USER}?von=route`, { headers: partner });

    // The first request looked the session up; from then on it is known.
    expect(reachedRoute).toEqual([`GET ${CURRENT_USER}`, `GET ${CURRENT_USER}?von=route`]);
    expect(fromMemory.status).toBe(200);
    const body = await fromMemory.text();
    expect(JSON.parse(body)).toMatchObject({ email: 'partner@matchwerk.example' });
    expect(body).toBe(await viaRoute.text());
    expect(body).toBe(await withQuery.text());
    expect(headersOf(fromMemory)).toEqual(headersOf(viaRoute));
    expect(headersOf(fromMemory)).toEqual(headersOf(withQuery));
    expect(headersOf(fromMemory)).toMatchObject({ ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    const [routeLine, memoryLine] = logged(CURRENT_USER);
    expect(lineOf(memoryLine)).toEqual(lineOf(routeLine));
    expect(lineOf(memoryLine)).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });

  it('leaves HEAD, unknown, changed and ended sessions to the route', async () => {
    const userId = await testApp.userIdOf('partner.lichtenfels@matchwerk.example');
    const partner = bearer(await createSessionToken(testApp, userId));
    const get = () => statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: partner }));
    await get();
    reachedRoute.length = 0;

    expect(await get()).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`))).toBe(401);
    expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: bearer('unbekannt') }))).toBe(401);
    const head = await fetch(`${baseUrl}${CURRENT_USER}`, { method: 'HEAD', headers: partner });
    await testApp.sessionRevocations.userChanged(userId);
    expect(await get()).toBe(200);
    await testApp.sessionRevocations.revokeAllForUser(userId);
    expect(await get()).toBe(401);

    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(reachedRoute).toEqual([
      `GET ${CURRENT_USER}`,
      `GET ${CURRENT_USER}`,
      `HEAD ${CURRENT_USER}`,
      `GET ${CURRENT_USER}`,
      `GET ${CURRENT_USER}`,
    ]);
  });

  it('is not answered from memory while the revocation feed cannot be trusted', async () => {
    const statistics = bearer(await createSessionToken(testApp, await testApp.userIdOf('statistik@matchwerk.example')));
    await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: statistics }));
    reachedRoute.length = 0;
    feedTrusted = false;
    try {
      expect(await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: statistics }))).toBe(200);
    } finally {
      feedTrusted = true;
    }
    expect(reachedRoute).toEqual([`GET ${CURRENT_USER}`]);
  });
});

describe("an organisation user's kept list answer", () => {
  const LIST = `${API_PATHS.vacancies}?sort=title&order=asc&pageSize=50`;
  const BROTLI = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('is the answer the route kept, with its headers, compressed as accepted, with the same log line', async () => {
    reachedRoute.length = 0;
    logLines.length = 0;
    const viaRoute = await fetch(`${baseUrl}${LIST}`, { headers: { ...headers.organisationOwn, ...BROTLI } });
    const fromMemory = await fetch(`${baseUrl}${LIST}`, { headers: { ...headers.organisationOwn, ...BROTLI } });
    const plain = await fetch(`${baseUrl}${LIST}`, {
      headers: { ...headers.organisationOwn, 'accept-encoding': 'identity' },
    });

    expect(reachedRoute).toEqual([`GET ${LIST}`]);
    expect(headersOf(fromMemory)).toEqual(headersOf(viaRoute));
    expect(headersOf(fromMemory)).toMatchObject({
      ...API_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      vary: 'accept-encoding',
    });
    const keptBody = await viaRoute.text();
    expect(await fromMemory.text()).toBe(keptBody);
    expect(await plain.text()).toBe(keptBody);
    expect(headersOf(plain)).toMatchObject({ ...API_HEADERS, vary: 'accept-encoding' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((JSON.parse(keptBody) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    const [routeLine, memoryLine] = logged(LIST);
    expect(lineOf(memoryLine)).toEqual(lineOf(routeLine));
  });

  it('goes to the route once the organisation changed, and for other sessions, users and URLs', async () => {
    await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }));
    await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }));
    const current = await fetch(`${baseUrl}${CURRENT_USER}`, { headers: headers.organisationOwn });
    const { organization } = (await current.json()) as { organization: { id: string } };
    reachedRoute.length = 0;

    await testApp.responseCache.changes.organizationChanged(organization.id);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.organisationOwn }))).toBe(200);
    // Another session of the same user keeps its own answers.
    const other = bearer(await createSessionToken(testApp, await testApp.userIdOf('firma@matchwerk.example')));
    await statusOf(fetch(`${baseUrl}${CURRENT_USER}`, { headers: other }));
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: other }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}&page=2`, { headers: headers.organisationOwn }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: headers.admin }))).toBe(200);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { method: 'HEAD', headers: headers.organisationOwn }))).toBe(200);

    expect(reachedRoute).toEqual([
      `GET ${LIST}`,
      `GET ${CURRENT_USER}`,
      `GET ${LIST}`,
      `GET ${LIST}&page=2`,
      `GET ${LIST}`,
      `HEAD ${LIST}`,
    ]);
  });

  it('is never given to a session that was revoked', async () => {
    const firmaId = await testApp.userIdOf('firma@matchwerk.example');
    const revoked = bearer(await createSessionToken(testApp, firmaId));
    await statusOf(fetch(`${baseUrl}${LIST}`, { headers: revoked }));
    await statusOf(fetch(`${baseUrl}${LIST}`, { headers: revoked }));
    reachedRoute.length = 0;
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: revoked }))).toBe(200);
    expect(reachedRoute).toEqual([]);

    const kept = headers.organisationOwn.authorization!.slice('Bearer '.length);
    await testApp.sessionRevocations.revokeOtherSessions(firmaId, kept);
    expect(await statusOf(fetch(`${baseUrl}${LIST}`, { headers: revoked }))).toBe(401);
    expect(reachedRoute).toEqual([`GET ${LIST}`]);
  });
});

describe('the known-session step in the onRequest hook', () => {
  const actor = { userId: 'u1', sessionId: 's1', organizationId: null } as unknown as SessionActor;

  /** A bare app with the app's error handler, the step, a step after it and one route. */
  async function appWith(options: Partial<KnownSessionAnswerOptions>) {
    const app = Fastify();
    registerErrorHandler(app);
    const laterSteps: string[] = [];
    registerOnRequestSteps(app, [
      knownSessionAnswer({
        knownActor: () => actor,
        currentUserPath: '/rest/ich',
        currentUserBody: () => '{"id":"u1"}',
        sendKept: () => false,
        ...options,
      }),
      (request) => {
        laterSteps.push(request.url);
        return false;
      },
    ]);
    app.get('/rest/liste', () => ({ von: 'route' }));
    app.get('/rest/ich', () => ({ von: 'route' }));
    await app.ready();
    return { app, laterSteps };
  }

  it('sends errors to the error handler, thrown or rejected', async () => {
    const throwing = await appWith({
      currentUserBody: () => {
        throw new Error('kaputt');
      },
      sendKept: () => Promise.reject(new Error('verworfen')),
    });
    try {
      const thrown = await throwing.app.inject({ method: 'GET', url: '/rest/ich' });
      const rejected = await throwing.app.inject({ method: 'GET', url: '/rest/liste' });

      expect([thrown.statusCode, rejected.statusCode]).toEqual([500, 500]);
      expect(thrown.json()).toMatchObject({ code: 'INTERNAL' });
      expect(rejected.json()).toMatchObject({ code: 'INTERNAL' });
      expect(throwing.laterSteps).toEqual([]);
    } finally {
      await throwing.app.close();
    }
  });

  it('runs the later steps and the route when a kept answer is declined after a wait', async () => {
    const declining = await appWith({ sendKept: () => Promise.resolve(false) });
    try {
      const answer = await declining.app.inject({ method: 'GET', url: '/rest/liste' });

      expect(answer.json()).toEqual({ von: 'route' });
      expect(declining.laterSteps).toEqual(['/rest/liste']);
    } finally {
      await declining.app.close();
    }
  });
});
