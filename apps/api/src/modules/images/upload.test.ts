import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { registerPublicCaching } from '../../http/public-cache';
import { sendImage, sendPublicImage, type ImageFile } from './upload';

let loads = 0;
const image: ImageFile = {
  mimeType: 'image/webp',
  etag: '"0123456789abcdef0123456789abcdef"',
  load: () => {
    loads += 1;
    return Promise.resolve(Buffer.from('RIFF-webp-bytes'));
  },
};
const gone: ImageFile = { ...image, load: () => Promise.reject(new AppError('NOT_FOUND')) };
const app = Fastify();
app.get('/bild', (_request, reply) => sendImage(reply, image));
app.get('/weg', (_request, reply) => sendImage(reply, gone));
void app.register((scope, _options, done) => {
  registerPublicCaching(scope, 60);
  scope.get('/oeffentlich/bild', (_request, reply) => sendPublicImage(reply, image));
  scope.get('/oeffentlich/weg', (_request, reply) => sendPublicImage(reply, gone));
  done();
});

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('sendImage', () => {
  it('answers a revalidation with 304 without reading the file', async () => {
    const response = await app.inject({ method: 'GET', url: '/bild', headers: { 'if-none-match': image.etag } });
    expect(response.statusCode).toBe(304);
    expect(response.headers.etag).toBe(image.etag);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    expect(loads).toBe(0);
  });

  it('reads the file once for a full answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/bild', headers: { 'if-none-match': '"anderes"' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('RIFF-webp-bytes');
    expect(response.headers['content-length']).toBe('15');
    expect(response.headers['content-type']).toBe('image/webp');
    expect(loads).toBe(1);
  });

  it('leaves a file gone from the storage uncacheable (no ETag, no max-age on the 404)', async () => {
    const response = await app.inject({ method: 'GET', url: '/weg' });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers a public revalidation with 304 and the public caching, without reading the file', async () => {
    const before = loads;
    const again = await app.inject({
      method: 'GET',
      url: '/oeffentlich/bild',
      headers: { 'if-none-match': image.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(image.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    expect(loads).toBe(before);
    const full = await app.inject({ method: 'GET', url: '/oeffentlich/bild' });
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({
      etag: image.etag,
      'cache-control': 'public, max-age=60',
      'content-type': 'image/webp',
    });
    expect(loads).toBe(before + 1);
    const missing = await app.inject({ method: 'GET', url: '/oeffentlich/weg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});
