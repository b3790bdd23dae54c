import { etagOfVersion, versionsOfIfMatch } from '@matchwerk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The versions a PUT may overwrite, from its `If-Match` header: undefined without the header
 * (or with `*`): an unconditional write; otherwise the listed versions (possibly none: then
 * nothing can match and the write is refused with 412).
 */
export function expectedVersionsOf(request: FastifyRequest): number[] | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  return versionsOfIfMatch(Array.isArray(header) ? header.join(',') : header) ?? undefined;
}

/** Sets the answer's ETag from the record's version and returns the body unchanged. */
export function withEtag<T>(reply: FastifyReply, version: number, body: T): T {
  void reply.header('etag', etagOfVersion(version));
  return body;
}

/**
 * Route schema of a conditional PUT's headers (documents If-Match in OpenAPI). Loose: validated
 * headers replace request.headers, and the others (cookie, authorization) must stay.
 */
export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .max(200)
    .optional()
    .describe('ETag aus GET (z. B. "7"); ohne Header wird ohne Versionsprüfung gespeichert'),
});
