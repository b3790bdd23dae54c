import { isKnownPostcode } from '@matchwerk/shared';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpGeocoder, createOfflineGeocoder } from './geocoder';

const address = {
  country: 'Deutschland',
  city: 'Sindelfingen',
  zipCode: '71063',
  street: 'Mahdentalstraße',
  streetNumber: '54',
};

describe('offline geocoder (postcode centroids)', () => {
  const geocoder = createOfflineGeocoder();
  it('finds German postcodes', async () => {
    expect(await geocoder.geocode(address)).toEqual({ lat: 48.7, lng: 9.017 });
    expect(await geocoder.geocode({ ...address, zipCode: '96215', country: '' })).toEqual({ lat: 50.146, lng: 11.059 });
  });
  it('answers null for unknown postcodes and other countries', async () => {
    expect(await geocoder.geocode({ ...address, zipCode: '00000' })).toBeNull();
    expect(await geocoder.geocode({ ...address, country: 'Österreich', zipCode: '1010' })).toBeNull();
  });
});

describe('the shared postcode bitmap (ADR 0043)', () => {
  it('knows exactly the postcodes of the geocoding table', () => {
    const table = JSON.parse(readFileSync(new URL('./de-postcode-centroids.json', import.meta.url), 'utf8')) as Record<
      string,
      unknown
    >;
    const all = Array.from({ length: 100_000 }, (_, n) => String(n).padStart(5, '0'));
    expect(all.filter(isKnownPostcode)).toEqual(Object.keys(table).sort());
  });
});

describe('HTTP geocoder (Nominatim-compatible)', () => {
  let server: Server;
  let baseUrl: string;
  const seen: IncomingMessage[] = [];
  const abandoned: IncomingMessage[] = [];
  let mode: 'ok' | 'empty' | 'error' | 'slow' | 'garbage' = 'ok';

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request);
      // Never answers: only the client's timeout can end the request.
      if (mode === 'slow') return void response.on('close', () => abandoned.push(request));
      if (mode === 'error') return void response.writeHead(500).end('kaputt');
      response.writeHead(200, { 'content-type': 'application/json' });
      if (mode === 'garbage') return void response.end('{not json');
      response.end(
        JSON.stringify(mode === 'empty' ? [] : [{ lat: '48.7093', lon: '9.0042', display_name: 'Sindelfingen' }]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a structured query with a User-Agent and parses lat/lon', async () => {
    mode = 'ok';
    const geocoder = createHttpGeocoder({ baseUrl, userAgent: 'Matchwerk-Test/1' });
    expect(await geocoder.geocode(address)).toEqual({ lat: 48.7093, lng: 9.0042 });
    const request = seen.at(-1)!;
    expect(request.headers['user-agent']).toBe('Matchwerk-Test/1');
    const url = new URL(request.url!, 'http://x');
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      format: 'jsonv2',
      postalcode: '71063',
      city: 'Sindelfingen',
      street: '54 Mahdentalstraße',
      country: 'Deutschland',
    });
  });

  it.each(['empty', 'error', 'garbage'] as const)('answers null when the service says %s', async (which) => {
    mode = which;
    expect(await createHttpGeocoder({ baseUrl }).geocode(address)).toBeNull();
  });

  it('gives up after the timeout', async () => {
    mode = 'slow';
    expect(await createHttpGeocoder({ baseUrl, timeoutMs: 100 }).geocode(address)).toBeNull();
    // The client hung up (aborted), not the server.
    await vi.waitFor(() => expect(abandoned).toHaveLength(1));
  });

  it('answers null when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await createHttpGeocoder({ baseUrl: `http://127.0.0.1:${port}` }).geocode(address)).toBeNull();
  });
});
