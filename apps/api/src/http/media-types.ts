import { CSV_MIME_TYPE, DATA_EXPORT_MIME_TYPE, errorResponseSchema } from '@matchwerk/shared';
import { z } from 'zod';

/** The media type without parameters ("text/csv; charset=utf-8" → "text/csv"), as OpenAPI keys it. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Answers that are not JSON declare their media type on the response schema (`x-media-type`: the
 * zod transform for OpenAPI 3.0 drops JSON Schema's `contentMediaType`); plugins/openapi-document.ts files them under that type instead of
 * application/json. The route keeps the single source of truth, and every route test checks the
 * real Content-Type against the document (testing/openapi-responses.ts).
 */
export const htmlPageSchema = z.string().meta({ 'x-media-type': 'text/html', description: 'HTML-Seite' });
export const csvFileSchema = z.string().meta({ 'x-media-type': mediaTypeOf(CSV_MIME_TYPE), description: 'CSV-Datei' });
export const zipFileSchema = z
  .unknown()
  .meta({ 'x-media-type': mediaTypeOf(DATA_EXPORT_MIME_TYPE), description: 'ZIP-Archiv' });

/**
 * A stored image (photos, logos, screenshots: JPEG, PNG or WebP as uploaded), sent with its own
 * type, and the 304 of its ETag revalidation (modules/images/upload.ts answers both).
 */
export const imageFileSchema = z
  .unknown()
  .meta({ 'x-media-type': 'image/*', description: 'Bild (JPEG, PNG oder WebP)' });
export const imageResponses = {
  200: imageFileSchema,
  304: z.null().describe('unverändert (If-None-Match)'),
  /** The image storage does not answer (errors/unavailable.ts). */
  503: errorResponseSchema,
} as const;
