/**
 * The one pipeline every upload goes through (vacancy photos, logos, later applicant photos):
 * magic bytes → header metadata (pixel-bomb guard) → full decode that fails on truncation →
 * auto-rotate, shrink to ≤ 2000 px, re-encode as WebP. sharp writes no metadata unless asked,
 * so EXIF/GPS/XMP/ICC comments of the original never reach storage.
 */
import { MAX_IMAGE_EDGE_PX, MAX_IMAGE_PIXELS } from '@matchwerk/shared';
import sharp from 'sharp';
import { AppError } from '../../errors/app-error';

export const MAX_OUTPUT_EDGE_PX = MAX_IMAGE_EDGE_PX;
export const OUTPUT_MIME = 'image/webp';

export type DetectedFormat = 'jpeg' | 'png' | 'webp';

export interface ProcessedImage {
  data: Buffer;
  mimeType: string;
  extension: 'webp';
  width: number;
  height: number;
}

export const IMAGE_MESSAGES = {
  unsupported: 'Bitte laden Sie ein Bild im Format JPEG, PNG oder WebP hoch.',
  tooManyPixels:
    'Das Bild hat zu viele Bildpunkte. Bitte laden Sie ein kleineres Bild hoch (höchstens etwa 6000 × 6000 Pixel).',
  corrupt: 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden. Bitte laden Sie es erneut hoch.',
  tooLarge: 'Die Datei ist zu groß. Bitte laden Sie ein Bild mit höchstens 10 MB hoch.',
  missingFile: 'Bitte wählen Sie eine Bilddatei aus (Feld „file“).',
} as const;

/** The real format from the first bytes; null for anything but JPEG, PNG and WebP. */
export function detectImageFormat(data: Buffer): DetectedFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export async function processImage(data: Buffer, options: { maxPixels?: number } = {}): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const format = detectImageFormat(data);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: IMAGE_MESSAGES.unsupported });

  // Header only: a 16k × 16k PNG of a few KB is refused before anything is decoded.
  const metadata = await sharp(data, { limitInputPixels: false, pages: 1 })
    .metadata()
    .catch((error: unknown) => {
      throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.corrupt, cause: error });
    });
  if (metadata.format !== format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: IMAGE_MESSAGES.unsupported });
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.corrupt });
  if (width * height > maxPixels) throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.tooManyPixels });

  try {
    const { data: output, info } = await sharp(data, { limitInputPixels: maxPixels, failOn: 'truncated', pages: 1 })
      .autoOrient()
      .resize({ width: MAX_OUTPUT_EDGE_PX, height: MAX_OUTPUT_EDGE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data: output, mimeType: OUTPUT_MIME, extension: 'webp', width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', { message: IMAGE_MESSAGES.corrupt, cause: error });
  }
}
