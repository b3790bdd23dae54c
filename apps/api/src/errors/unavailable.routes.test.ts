/**
 * A dependency that does not answer (issue 49 items 2 and 3): the image store (s3rver, stopped)
 * → uploads answer 503 IMAGE_STORAGE_UNAVAILABLE with Retry-After and readiness says degraded
 * (still 200); the database (PostgreSQL behind a proxy the test cuts; TEST_DATABASE_URL only)
 * → 503 DATABASE_UNAVAILABLE with Retry-After, readiness 503, liveness still 200, and everything
 * works again once it is back.
 */
import { ERROR_MESSAGES, type ReadyResponse, type VacancySaveResponse } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { TEST_AUTH_SECRET } from '../config/env';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createS3BlobStorage, type S3BlobStorage } from '../modules/images/s3-blob-storage';
import { objectStoreProbe } from '../modules/system/readiness-probes';
import { actorHeaders, type ActorName } from '../testing/actors';
import { vacancyInput } from '../testing/fixtures';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server';
import { startTcpProxy, type TestTcpProxy } from '../testing/tcp-proxy';
import { createTestApp, TEST_PUBLIC_URL, TEST_RATE_LIMITS, type TestApp } from '../testing/test-app';
import { makeImage, multipartBody } from '../testing/uploads';

describe('image store unavailable', () => {
  let s3Server: TestS3Server;
  let s3Stopped = false;
  let storage: S3BlobStorage;
  let testApp: TestApp;
  let headers: Record<ActorName, Record<string, string>>;
  let vacancyId: string;

  beforeAll(async () => {
    s3Server = await startTestS3Server();
    storage = createS3BlobStorage(s3Server.options);
    testApp = await createTestApp({
      blobStorage: storage,
      readinessProbes: { objectStore: objectStoreProbe(storage) },
    });
    headers = await actorHeaders(testApp);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: headers.organisationOwn,
    });
    const created = await testApp.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${me.json<{ organizationId: string }>().organizationId}`,
      headers: headers.organisationOwn,
      payload: vacancyInput(),
    });
    vacancyId = created.json<VacancySaveResponse>().vacancy.id;
  });

  afterAll(async () => {
    await testApp?.close();
    storage?.close();
    if (!s3Stopped) await s3Server?.close();
  });

  const upload = async () => {
    const body = multipartBody(await makeImage('png', 120, 80), { filename: 'foto.png', contentType: 'image/png' });
    return testApp.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${vacancyId}/photos`,
      headers: { ...headers.organisationOwn, ...body.headers },
      payload: body.payload,
    });
  };

  it('an upload answers 503 "Bilder können gerade nicht gespeichert werden" with Retry-After; readiness says degraded', async () => {
    const ready = await testApp.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(ready.json<ReadyResponse>().dependencies.objectStore.state).toBe('ok');
    expect((await upload()).statusCode).toBe(201);

    // Stopped (and its folder removed) for good: the test's own outage.
    await s3Server.close();
    s3Stopped = true;
    const refused = await upload();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      code: 'IMAGE_STORAGE_UNAVAILABLE',
      message: ERROR_MESSAGES.IMAGE_STORAGE_UNAVAILABLE,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The probe caches its answer for two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const degraded = await testApp.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(degraded.statusCode).toBe(200);
    const body = degraded.json<ReadyResponse>();
    expect(body.status).toBe('degraded');
    expect(body.dependencies.objectStore).toEqual({ state: 'degraded', label: 'Bildspeicher' });
    expect(body.dependencies.database.state).toBe('ok');
    expect(body.degraded).toEqual([expect.stringContaining('neue Bilder können gerade nicht gespeichert werden')]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('database unavailable (PostgreSQL behind a proxy the test cuts)', () => {
  let testApp: TestApp;
  let databaseUrl: string | undefined;
  let proxy: TestTcpProxy;
  let proxied: DatabaseHandle;
  let serving: BuiltApp;
  let headers: Record<ActorName, Record<string, string>>;
  let organizationId: string;

  beforeAll(async () => {
    testApp = await createTestApp({
      appMailer: ({ capture, databaseUrl: url }) => {
        databaseUrl = url;
        return Promise.resolve(capture);
      },
    });
    const direct = new URL(databaseUrl ?? '');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    // The pool reports its idle connections' errors here; the app must not crash on them.
    proxied = await openDatabase({ kind: 'pg', url: viaProxy.toString(), onPoolError: () => undefined });
    serving = await buildApp({
      database: proxied,
      mailer: testApp.mailer,
      authSecret: TEST_AUTH_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      supportEmail: 'support@matchwerk.example',
      demoMailbox: true,
      blobStorage: createS3BlobStorageless(),
      rateLimits: TEST_RATE_LIMITS,
    });
    await serving.app.ready();
    headers = await actorHeaders(testApp);
    const me = await serving.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: headers.organisationOwn,
    });
    organizationId = me.json<{ organizationId: string }>().organizationId;
  });

  afterAll(async () => {
    await serving?.app.close();
    await proxied?.close();
    await proxy?.close();
    await testApp?.close();
  });

  const createPosting = () =>
    serving.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${organizationId}`,
      headers: headers.organisationOwn,
      payload: vacancyInput(),
    });

  it('answers 503 with a German message and Retry-After, readiness 503, liveness 200; works again afterwards', async () => {
    expect((await createPosting()).statusCode).toBe(201);

    await proxy.cut();
    const refused = await createPosting();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: ERROR_MESSAGES.DATABASE_UNAVAILABLE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const ready = await serving.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<ReadyResponse>()).toMatchObject({
      status: 'unavailable',
      database: false,
      dependencies: { database: { state: 'down', label: 'Datenbank' } },
    });
    expect((await serving.app.inject({ method: 'GET', url: '/rest/health' })).statusCode).toBe(200);

    await proxy.restore();
    expect((await serving.app.inject({ method: 'GET', url: '/rest/ready' })).statusCode).toBe(200);
    expect((await createPosting()).statusCode).toBe(201);
  });
});

/** The database test needs no images: a store that is never asked. */
function createS3BlobStorageless() {
  const unused = () => Promise.reject(new Error('no image store in this test'));
  return { put: unused, get: unused, delete: unused };
}
