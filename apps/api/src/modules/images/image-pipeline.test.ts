import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors/app-error';
import { jpegWithGpsExif, pixelBombPng, RENAMED_HTML, SVG_WITH_SCRIPT, truncatedJpeg } from '../../testing/hostile';
import { makeImage } from '../../testing/uploads';
import { detectImageFormat, IMAGE_MESSAGES, processImage } from './image-pipeline';

async function rejection(data: Buffer) {
  try {
    await processImage(data);
  } catch (error) {
    if (isAppError(error)) return { status: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('detectImageFormat', () => {
  it('reads the real format from the magic bytes', async () => {
    expect(detectImageFormat(await makeImage('png'))).toBe('png');
    expect(detectImageFormat(await makeImage('jpeg'))).toBe('jpeg');
    expect(detectImageFormat(await makeImage('webp'))).toBe('webp');
    expect(detectImageFormat(RENAMED_HTML)).toBeNull();
    expect(detectImageFormat(SVG_WITH_SCRIPT)).toBeNull();
    expect(detectImageFormat(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('processImage (hostile set)', () => {
  it('refuses renamed HTML and SVG with 415 and the German hint', async () => {
    for (const data of [
      RENAMED_HTML,
      SVG_WITH_SCRIPT,
      await sharp(await makeImage('png'))
        .gif()
        .toBuffer(),
    ]) {
      expect(await rejection(data)).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Bitte laden Sie ein Bild im Format JPEG, PNG oder WebP hoch.',
      });
    }
  });

  it('refuses a few-KB 16k × 16k PNG from its header, without decoding it', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(64 * 1024);
    // tooManyPixels comes only from the header check: a decode (limitInputPixels) would fail as "corrupt".
    expect(await rejection(bomb)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: IMAGE_MESSAGES.tooManyPixels,
    });
  });

  it('refuses a truncated JPEG as damaged', async () => {
    expect(await rejection(await truncatedJpeg())).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: IMAGE_MESSAGES.corrupt,
    });
  });

  it('refuses garbage behind valid magic bytes', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('nothing but lies'),
    ]);
    expect((await rejection(fake)).status).toBe(400);
  });

  it('drops EXIF and GPS, applies the orientation and writes WebP', async () => {
    const input = await jpegWithGpsExif();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes(Buffer.from('Testkamera'))).toBe(true);
    const output = await processImage(input);
    const after = await sharp(output.data).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(output.data.includes(Buffer.from('Testkamera'))).toBe(false);
    // Orientation 6 = rotated 90°: 300 × 200 becomes 200 × 300.
    expect([output.width, output.height]).toEqual([200, 300]);
  });

  it('shrinks large images to at most 2000 px on the long side', async () => {
    const output = await processImage(await makeImage('png', 3000, 1000));
    expect([output.width, output.height]).toEqual([2000, 667]);
    expect(output.mimeType).toBe('image/webp');
  });
});
