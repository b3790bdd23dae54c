/** Transport helpers for image routes: read the one multipart file, send a stored image. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { IMAGE_MESSAGES } from './image-pipeline';

/** Reads the single file of field `file` (size limit enforced by @fastify/multipart → 413). */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.missingFile });
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    if (part) part.file.resume();
    throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.missingFile });
  }
  const data = await part.toBuffer();
  if (data.length === 0) throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.missingFile });
  return data;
}

export interface StoredImage {
  data: Buffer;
  mimeType: string;
}

/** Private caching (images are only for signed-in users who may see them); never sniffed. */
export function sendImage(reply: FastifyReply, image: StoredImage): FastifyReply {
  return reply
    .header('content-type', image.mimeType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-length', String(image.data.length))
    .send(image.data);
}
