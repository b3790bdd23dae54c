/**
 * Stores and reads image files for every owner (vacancies, logos, later applicants). Services
 * call `storeThen`: the file is written first and removed again when the database work fails,
 * so no row ever points to a missing file; files of deleted rows go with `discard` after commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error';
import { newStorageKey, type BlobStorage } from './blob-storage';
import { processImage } from './image-pipeline';
import { etagOfStorageKey, type ImageFile, type StoredImage } from './upload';

export interface StoredFile {
  storageKey: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface ImagesServiceDeps {
  storage: BlobStorage;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export function createImagesService(deps: ImagesServiceDeps) {
  const { storage } = deps;

  async function discard(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await storage.delete(keys);
    } catch (error) {
      // The rows are gone already; an orphaned file is harmless and logged for cleanup.
      deps.log?.error({ err: error, keys }, 'could not remove image files');
    }
  }

  return {
    /** Validates + re-encodes the upload, stores it, then runs `save`; removes the file when `save` throws. */
    async storeThen<T>(data: Buffer, save: (file: StoredFile) => Promise<T>): Promise<T> {
      const image = await processImage(data);
      const storageKey = newStorageKey(image.extension);
      await storage.put(storageKey, image.data, image.mimeType);
      const file: StoredFile = {
        storageKey,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      };
      try {
        return await save(file);
      } catch (error) {
        await discard([storageKey]);
        throw error;
      }
    },

    async read(storageKey: string, mimeType: string): Promise<StoredImage | null> {
      const data = await storage.get(storageKey);
      return data ? { data, mimeType, etag: etagOfStorageKey(storageKey) } : null;
    },

    /** The file of a row the caller has found and checked; read only when it is sent (`sendImage`). */
    locate(storageKey: string, mimeType: string, notFound = (): AppError => new AppError('NOT_FOUND')): ImageFile {
      return {
        mimeType,
        etag: etagOfStorageKey(storageKey),
        async load() {
          const data = await storage.get(storageKey);
          if (!data) throw notFound();
          return data;
        },
      };
    },

    discard,
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
