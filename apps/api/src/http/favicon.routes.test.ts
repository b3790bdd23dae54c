import { API_PATHS, BRAND_ICON_SVG, DEMO_OUTBOX_PAGE } from '@matchwerk/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { encodeIco, FAVICON_LINK_TAGS } from './favicon';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** The PNG images of an ICO file, from its directory. */
function imagesOfIco(ico: Buffer): { size: number; png: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    return { size: ico.readUInt8(entry), png: ico.subarray(offset, offset + length) };
  });
}

describe('the favicon (issue #14)', () => {
  it('serves /favicon.svg, cached a day with an ETag, and 304 on revalidation', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toBe(BRAND_ICON_SVG);
    const etag = response.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves /favicon.ico: an ICO of 16, 32 and 48 px PNG images of the icon', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const images = imagesOfIco(response.rawPayload);
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const image of images) {
      const meta = await sharp(image.png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', image.size, image.size]);
    }
  });

  it('links both icons from the server-rendered pages: the demo outbox and the 404 page', async () => {
    for (const url of [DEMO_OUTBOX_PAGE, '/gibt-es-nicht']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain(FAVICON_LINK_TAGS);
    }
    // The icon is no API answer: the /rest 404 stays JSON.
    const api = await testApp.app.inject({ method: 'GET', url: `${API_PATHS.demoOutbox}-gibt-es-nicht` });
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('encodeIco', () => {
  it('writes the header, one directory entry per image and the images after it', () => {
    const ico = encodeIco([
      { size: 16, png: Buffer.from('aaaa') },
      { size: 256, png: Buffer.from('bb') },
    ]);
    expect(ico.length).toBe(6 + 32 + 6);
    expect(imagesOfIco(ico)).toEqual([
      { size: 16, png: Buffer.from('aaaa') },
      { size: 0, png: Buffer.from('bb') },
    ]);
  });
});
