import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { makeImage } from '../../testing/uploads';
import { createDiskBlobStorage, createMemoryBlobStorage, newStorageKey } from './blob-storage';
import { createImagesService } from './images.service';

describe('images service', () => {
  it('stores the re-encoded file under a random key and hands it to the save step', async () => {
    const storage = createMemoryBlobStorage();
    const images = createImagesService({ storage });
    const saved = await images.storeThen(await makeImage('jpeg', 100, 50), (file) => Promise.resolve(file));
    expect(saved.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(saved).toMatchObject({ mimeType: 'image/webp', width: 100, height: 50 });
    expect(storage.keys()).toEqual([saved.storageKey]);
    expect((await images.read(saved.storageKey, saved.mimeType))?.data.length).toBe(saved.bytes);
  });

  it('locates a file without reading it; its bytes are read when loaded, a missing one is the owner’s 404', async () => {
    const storage = createMemoryBlobStorage();
    let reads = 0;
    const images = createImagesService({ storage: { ...storage, get: (key) => (reads++, storage.get(key)) } });
    const saved = await images.storeThen(await makeImage('png'), (file) => Promise.resolve(file));
    const file = images.locate(saved.storageKey, saved.mimeType);
    expect(file).toMatchObject({ mimeType: 'image/webp', etag: `"${saved.storageKey.slice(3, 35)}"` });
    expect(reads).toBe(0);
    expect((await file.load()).length).toBe(saved.bytes);
    expect(reads).toBe(1);
    const gone = images.locate(
      newStorageKey('webp'),
      'image/webp',
      () => new AppError('NOT_FOUND', { message: 'Kein Bild.' }),
    );
    await expect(gone.load()).rejects.toMatchObject({ statusCode: 404, message: 'Kein Bild.' });
  });

  it('removes the file again when the database step fails', async () => {
    const storage = createMemoryBlobStorage();
    const images = createImagesService({ storage });
    await expect(
      images.storeThen(await makeImage('png'), () => Promise.reject(new Error('insert failed'))),
    ).rejects.toThrow('insert failed');
    expect(storage.keys()).toEqual([]);
  });

  it('logs instead of failing when files cannot be removed after a commit', async () => {
    const errors: unknown[] = [];
    const storage = { ...createMemoryBlobStorage(), delete: () => Promise.reject(new Error('disk gone')) };
    const images = createImagesService({ storage, log: { error: (...args: unknown[]) => void errors.push(args) } });
    await expect(images.discard(['ab/0123456789abcdef0123456789abcdef.webp'])).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('disk storage refuses keys that could leave the upload folder', async () => {
    const storage = createDiskBlobStorage(mkdtempSync(path.join(os.tmpdir(), 'matchwerk-blob-')));
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'invalid storage key',
    );
    await expect(storage.get('../secret.webp')).rejects.toThrow('invalid storage key');
    const key = newStorageKey('webp');
    await storage.put(key, Buffer.from('bild'), 'image/webp');
    await expect(storage.put(key, Buffer.from('anders'), 'image/webp')).rejects.toThrow();
    expect((await storage.get(key))?.toString()).toBe('bild');
    await storage.delete([key, newStorageKey('webp')]);
    expect(await storage.get(key)).toBeNull();
  });
});
