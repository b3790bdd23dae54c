/**
 * Address → coordinates behind one interface (ARCHITECTURE §11). Offline default: German
 * postcode centroids shipped in this folder. With GEOCODER_URL: a Nominatim-compatible HTTP
 * service. Every failure is "not found" (null) — the vacancy is saved without coordinates.
 */
import { isGermany } from '@matchwerk/shared';
import { readFile } from 'node:fs/promises';
import { runtimeFile } from '../../config/runtime-files';

export interface GeocodeAddress {
  country: string;
  city: string;
  zipCode: string;
  street: string | null;
  streetNumber: string | null;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface Geocoder {
  geocode(address: GeocodeAddress): Promise<GeoPoint | null>;
}

const CENTROIDS_FILE = runtimeFile('modules/geocoding/de-postcode-centroids.json');
// The same table, as a bitmap, tells the shared schemas which postcodes exist (packages/shared/src/postcodes.ts).
export { isGermany };

/** Postcode centroids (≈ 8k German postcodes), loaded once on first use. */
export function createOfflineGeocoder(file = CENTROIDS_FILE): Geocoder {
  let table: Promise<Record<string, [number, number]>> | null = null;
  const load = () => {
    table ??= readFile(file, 'utf8').then((text) => JSON.parse(text) as Record<string, [number, number]>);
    return table;
  };
  return {
    async geocode(address) {
      if (!isGermany(address.country)) return null;
      const entry = (await load())[address.zipCode.trim()];
      return entry ? { lat: entry[0], lng: entry[1] } : null;
    },
  };
}

export interface HttpGeocoderOptions {
  baseUrl: string;
  userAgent?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A Nominatim-compatible /search endpoint (structured query, jsonv2). */
export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 3000;
  const userAgent = options.userAgent ?? 'Matchwerk/0.1 (geocoding of job postings)';
  return {
    async geocode(address) {
      const url = new URL('search', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', '1');
      url.searchParams.set('postalcode', address.zipCode);
      url.searchParams.set('city', address.city);
      url.searchParams.set('country', address.country || 'Deutschland');
      const street = [address.streetNumber, address.street].filter(Boolean).join(' ');
      if (street) url.searchParams.set('street', street);
      try {
        const response = await doFetch(url, {
          headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'de' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        if (!Array.isArray(body) || body.length === 0) return null;
        const first = body[0] as { lat?: unknown; lon?: unknown };
        const lat = Number(first.lat);
        const lng = Number(first.lon);
        if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
        return { lat, lng };
      } catch {
        return null;
      }
    },
  };
}
