import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server';
import { createDiskBlobStorage, createMemoryBlobStorage, newStorageKey, type BlobStorage } from './blob-storage';
import { createS3BlobStorage, type S3BlobStorage } from './s3-blob-storage';

let diskRoot: string;
let s3Server: TestS3Server;
let s3: S3BlobStorage;
const memory = createMemoryBlobStorage();

beforeAll(async () => {
  diskRoot = await mkdtemp(path.join(tmpdir(), 'matchwerk-blobs-'));
  s3Server = await startTestS3Server();
  s3 = createS3BlobStorage(s3Server.options);
});

afterAll(async () => {
  s3.close();
  await s3Server.close();
  await rm(diskRoot, { recursive: true, force: true });
});

// One contract for every implementation: what the image service relies on.
describe.each([
  ['disk', () => createDiskBlobStorage(diskRoot)],
  ['memory', () => memory],
  ['S3 (s3rver)', () => s3],
] as [string, () => BlobStorage][])('%s blob storage', (_name, storage) => {
  it('returns the stored bytes unchanged', async () => {
    const key = newStorageKey('webp');
    const data = Buffer.from([0, 1, 2, 250, 251, 252, 255]);
    await storage().put(key, data, 'image/webp');
    expect(await storage().get(key)).toEqual(data);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage().get(newStorageKey('png'))).toBeNull();
  });

  it('deletes the given keys, ignores missing ones and keeps the others', async () => {
    const [first, second, kept] = [newStorageKey('jpg'), newStorageKey('jpg'), newStorageKey('jpg')];
    for (const key of [first, second, kept]) await storage().put(key, Buffer.from(key), 'image/jpeg');
    await storage().delete([first, second, newStorageKey('jpg')]);
    expect(await storage().get(first)).toBeNull();
    expect(await storage().get(second)).toBeNull();
    expect(await storage().get(kept)).toEqual(Buffer.from(kept));
  });

  it('refuses keys that are not its own shape', async () => {
    await expect(storage().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
  });
});

describe('S3 blob storage', () => {
  it('deletes more keys than one DeleteObjects call takes', async () => {
    const keys = Array.from({ length: 1005 }, () => newStorageKey('webp'));
    await Promise.all(keys.slice(0, 3).map((key) => s3.put(key, Buffer.from('x'), 'image/webp')));
    await s3.delete(keys);
    expect(await s3.get(keys[0]!)).toBeNull();
  });

  it('checks the bucket at start and names it when it is missing', async () => {
    await expect(s3.checkBucket()).resolves.toBeUndefined();
    const missing = createS3BlobStorage({ ...s3Server.options, bucket: 'gibt-es-nicht' });
    await expect(missing.checkBucket()).rejects.toThrow(/S3-Bucket „gibt-es-nicht“ gibt es nicht/);
    missing.close();
  });
});
