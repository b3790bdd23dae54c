/** Transport helpers for image routes: read the one multipart file, send a stored image. */
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_MESSAGES } from '@matchwerk/shared';
import { AppError } from '../../errors/app-error';
import { ifNoneMatchMatches } from '../../http/public-cache';
import { IMAGE_MESSAGES } from './image-pipeline';

/** A multipart body the parser could not read (no or wrong boundary, cut off, broken headers). */

/**
 * busboy throws plain errors for a broken body ("Unexpected end of form", "Boundary not
 * found"); those are the client's fault: 400. Errors with a client status (413 limits, 406 not
 * multipart, 400 prototype field names) go to the error handler as they are.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError('VALIDATION_FAILED', { message: REQUEST_MESSAGES.malformedUpload });
}

/** Reads the single file of field `file` (size limit enforced by @fastify/multipart → 413). */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.missingFile });
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') {
      if (part) part.file.resume();
      throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.missingFile });
    }
    const data = await part.toBuffer();
    if (data.length === 0) throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.missingFile });
    return data;
  } catch (error) {
    throw asUploadError(error);
  }
}

export interface StoredImage {
  data: Buffer;
  mimeType: string;
  /** Strong validator: a storage key is never written twice, so it names the bytes. */
  etag: string;
}

/** The strong ETag of a stored file (keys are random and never overwritten). */
export function etagOfStorageKey(storageKey: string): string {
  return `"${path.basename(storageKey, path.extname(storageKey))}"`;
}

/**
 * A stored image found by its row, its bytes not yet read: the ETag comes from the storage key,
 * so a revalidation (304) needs no read from the disk or the bucket.
 */
export interface ImageFile {
  mimeType: string;
  etag: string;
  /** The bytes; throws the owner's not-found error when the file is gone from the storage. */
  load(): Promise<Buffer>;
}

/**
 * Answers a revalidation with 304 before the file is read; otherwise reads it first and sets the
 * headers after, so a file gone from the storage is a 404 without ETag or caching.
 */
async function sendImageFile(
  reply: FastifyReply,
  image: ImageFile,
  caching: Readonly<Record<string, string>>,
): Promise<FastifyReply> {
  const headers = { ...caching, etag: image.etag, 'x-content-type-options': 'nosniff' };
  if (ifNoneMatchMatches(reply.request.headers['if-none-match'], image.etag)) {
    return reply.headers(headers).code(304).send();
  }
  const data = await image.load();
  return reply
    .headers(headers)
    .header('content-type', image.mimeType)
    .header('content-disposition', 'inline')
    .header('content-length', String(data.length))
    .send(data);
}

/**
 * A public image (the marketplace, the job widget). The scope's `registerPublicCaching` adds the
 * public Cache-Control, also to the 304.
 */
export function sendPublicImage(reply: FastifyReply, image: ImageFile): Promise<FastifyReply> {
  return sendImageFile(reply, image, {});
}

/**
 * Private caching (images are only for signed-in users who may see them) for a day, then
 * revalidated by ETag: an image URL names one file that never changes, so 304 is the rule, and
 * it is answered without reading the file. Never sniffed.
 */
export function sendImage(reply: FastifyReply, image: ImageFile): Promise<FastifyReply> {
  return sendImageFile(reply, image, { 'cache-control': 'private, max-age=86400' });
}
