/**
 * The web app's hashed build files (`<dist>/assets`), read into memory once at start with the
 * brotli and gzip copies the build wrote next to them (ADR 0067). A signed-in screen's first load
 * asks for 40–70 of them at once; read from disk through @fastify/static each cost 1–3.6 ms of the
 * API process's CPU (a stat per encoding, a file stream), so the session and data requests of the
 * same page load queued behind them. The files never change under their names, so an answer is a
 * lookup and a kept `Buffer`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';

/** The file types the build writes into assets/; any other file is left to the disk. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/** The precompressed copies, in the order preferred when the browser accepts both equally. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];
const ENCODING_NAMES: Encoding[] = ENCODINGS.map((encoding) => encoding.name);

/** One encoding of a file: its bytes and the headers that describe them. */
export interface AssetVariant {
  body: Buffer;
  headers: Readonly<Record<string, string> & { etag: string }>;
}

export interface WebAsset {
  identity: AssetVariant;
  encoded: Partial<Record<Encoding, AssetVariant>>;
}

/** Cache for a year, as before: the name changes when the content does. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function variant(body: Buffer, type: string, etag: string, encoding?: Encoding): AssetVariant {
  return {
    body,
    headers: {
      'content-type': type,
      'content-length': String(body.length),
      'cache-control': IMMUTABLE_CACHE_CONTROL,
      vary: 'accept-encoding',
      // Strong and per encoding: the bytes of the brotli copy are not those of the plain file.
      etag: `"${etag}${encoding ? `-${encoding}` : ''}"`,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    },
  };
}

/**
 * Reads the folder's files of the known types with their precompressed copies, keyed by file
 * name. A missing folder gives an empty map.
 */
export function loadWebAssets(folder: string): Map<string, WebAsset> {
  const assets = new Map<string, WebAsset>();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return assets;
  }
  const present = new Set(names);
  for (const name of names) {
    const type = CONTENT_TYPES[path.extname(name)];
    if (!type) continue;
    const body = readFileSync(path.join(folder, name));
    const etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const encoded: WebAsset['encoded'] = {};
    for (const { name: encoding, suffix } of ENCODINGS)
      if (present.has(name + suffix))
        encoded[encoding] = variant(readFileSync(path.join(folder, name + suffix)), type, etag, encoding);
    assets.set(name, { identity: variant(body, type, etag), encoded });
  }
  return assets;
}

/** The copy to send for an `Accept-Encoding` header: the best accepted one the file has. */
export function chooseVariant(asset: WebAsset, acceptEncoding: string | undefined): AssetVariant {
  if (!acceptEncoding) return asset.identity;
  const available = ENCODING_NAMES.filter((encoding) => asset.encoded[encoding]);
  if (available.length === 0) return asset.identity;
  const chosen = negotiate<Encoding>(acceptEncoding, available);
  return (chosen && asset.encoded[chosen]) || asset.identity;
}
