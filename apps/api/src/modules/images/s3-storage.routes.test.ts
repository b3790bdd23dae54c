import type { VacancySaveResponse } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema/index';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { vacancyInput } from '../../testing/fixtures';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';
import { createS3BlobStorage, type S3BlobStorage } from './s3-blob-storage';

// The image routes on S3-compatible storage (s3rver over HTTP), as several processes use it.
let s3Server: TestS3Server;
let storage: S3BlobStorage;
let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;

beforeAll(async () => {
  s3Server = await startTestS3Server();
  storage = createS3BlobStorage(s3Server.options);
  testApp = await createTestApp({ blobStorage: storage });
  headers = await actorHeaders(testApp);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  organizationId = me.json<{ organizationId: string }>().organizationId;
});

afterAll(async () => {
  await testApp?.close();
  storage?.close();
  await s3Server?.close();
});

async function createPostingWithPhoto(): Promise<{ vacancyId: string; photoId: string; storageKey: string }> {
  const created = await testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${organizationId}`,
    headers: headers.organisationOwn,
    payload: vacancyInput(),
  });
  const vacancyId = created.json<VacancySaveResponse>().vacancy.id;
  const body = multipartBody(await makeImage('png', 120, 80), { filename: 'foto.png', contentType: 'image/png' });
  const uploaded = await testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${vacancyId}/photos`,
    headers: { ...headers.organisationOwn, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(201);
  const photoId = uploaded.json<{ photoId: string }>().photoId;
  const [row] = await testApp.database.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.id, photoId));
  return { vacancyId, photoId, storageKey: row!.key };
}

describe('images on S3 storage', () => {
  it('stores an upload in the bucket and serves it with an ETag (304 when unchanged)', async () => {
    const { vacancyId, photoId, storageKey } = await createPostingWithPhoto();
    const stored = await storage.get(storageKey);
    expect(stored?.subarray(8, 12).toString()).toBe('WEBP');

    const served = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${vacancyId}/photos/${photoId}`,
      headers: headers.organisationOwn,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    const revalidated = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${vacancyId}/photos/${photoId}`,
      headers: { ...headers.organisationOwn, 'if-none-match': served.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('removes the object from the bucket when its posting is deleted', async () => {
    const { vacancyId, storageKey } = await createPostingWithPhoto();
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/vacancy/${vacancyId}`,
      headers: headers.organisationOwn,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storage.get(storageKey)).toBeNull();
  });
});
