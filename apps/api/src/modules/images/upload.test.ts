import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { sendImage, type ImageFile } from './upload';

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
});
