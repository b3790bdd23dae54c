import { BRAND_ICON_SVG, FAVICON_PATHS } from '@matchwerk/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { registerPublicCaching } from './public-cache';

/** The icon's URLs are not content-hashed: kept a day, then revalidated with the ETag. */
export const FAVICON_MAX_AGE_SECONDS = 86_400;

/** The `<link>` tags every server-rendered page carries in its head. */
export const FAVICON_LINK_TAGS = `<link rel="icon" href="${FAVICON_PATHS.ico}" sizes="32x32"><link rel="icon" href="${FAVICON_PATHS.svg}" type="image/svg+xml">`;

const ICO_SIZES = [16, 32, 48] as const;

/**
 * An ICO file of PNG images (supported by every browser that asks for /favicon.ico): a 6-byte
 * header, one 16-byte directory entry per image, then the images.
 */
export function encodeIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width, 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

async function renderIco(): Promise<Buffer> {
  const svg = Buffer.from(BRAND_ICON_SVG);
  const images = await Promise.all(
    ICO_SIZES.map(async (size) => ({
      size,
      png: await sharp(svg, { density: 72 * (size / 64) * 4 })
        .resize(size, size)
        .png()
        .toBuffer(),
    })),
  );
  return encodeIco(images);
}

/**
 * Serves /favicon.svg and /favicon.ico from the server itself, for every page and whether or not
 * the web app is built, cached a day with an ETag (ADR 0045). The ICO is rendered once, on the
 * first request.
 */
export async function registerFavicon(app: FastifyInstance): Promise<void> {
  let ico: Promise<Buffer> | undefined;
  await app.register((scope, _options, done) => {
    registerPublicCaching(scope, FAVICON_MAX_AGE_SECONDS);
    scope.get(FAVICON_PATHS.svg, { schema: { hide: true } }, (_request, reply) =>
      reply.type('image/svg+xml').send(BRAND_ICON_SVG),
    );
    scope.get(FAVICON_PATHS.ico, { schema: { hide: true } }, async (_request, reply) => {
      ico ??= renderIco();
      // A failed render is not kept: the next request tries again.
      const body = await ico.catch((error: unknown) => {
        ico = undefined;
        throw error;
      });
      return reply.type('image/x-icon').send(body);
    });
    done();
  });
}
