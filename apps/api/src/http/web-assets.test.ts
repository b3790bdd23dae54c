import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifNoneMatchMatches } from './public-cache';
import { chooseVariant, loadWebAssets, type WebAsset } from './web-assets';

let folder: string;
let assets: Map<string, WebAsset>;
const script = 'export const a = 1;\n'.repeat(50);

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'mw-assets-'));
  writeFileSync(path.join(folder, 'index-abc.js'), script);
  writeFileSync(path.join(folder, 'index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(folder, 'index-abc.js.gz'), gzipSync(script));
  writeFileSync(path.join(folder, 'gzip-only-abc.css'), 'p{color:red}');
  writeFileSync(path.join(folder, 'gzip-only-abc.css.gz'), gzipSync('p{color:red}'));
  writeFileSync(path.join(folder, 'tiny-abc.js'), 'export{}');
  writeFileSync(path.join(folder, 'notes.txt'), 'not a build file');
  mkdirSync(path.join(folder, 'nested'));
  assets = loadWebAssets(folder);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function load(name: string): WebAsset {
  const asset = assets.get(name);
  if (!asset) throw new Error(`${name} was not loaded`);
  return asset;
}

describe('loadWebAssets', () => {
  it('keeps the build files of known types with their precompressed copies, and nothing else', () => {
    expect([...assets.keys()].sort()).toEqual(['gzip-only-abc.css', 'index-abc.js', 'tiny-abc.js']);
    const index = load('index-abc.js');
    expect(index.identity.body.toString()).toBe(script);
    expect(index.identity.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': String(script.length),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
    });
    expect(index.encoded.br?.headers['content-encoding']).toBe('br');
    expect(index.encoded.gzip?.headers['content-length']).toBe(String(gzipSync(script).length));
    expect(load('gzip-only-abc.css').encoded.br).toBeUndefined();
  });

  it('gives each encoding its own strong entity tag', () => {
    const index = load('index-abc.js');
    const tags = [index.identity, index.encoded.br, index.encoded.gzip].map((variant) => variant?.headers.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
  });

  it('gives an empty map for a missing folder', () => {
    expect(loadWebAssets(path.join(folder, 'missing')).size).toBe(0);
  });
});

describe('chooseVariant', () => {
  it('sends brotli when accepted, gzip when only that is, the plain file otherwise', () => {
    const index = load('index-abc.js');
    expect(chooseVariant(index, 'gzip, deflate, br, zstd').headers['content-encoding']).toBe('br');
    expect(chooseVariant(index, 'gzip').headers['content-encoding']).toBe('gzip');
    expect(chooseVariant(index, 'br;q=0, gzip').headers['content-encoding']).toBe('gzip');
    expect(chooseVariant(index, 'br;q=0.5, gzip;q=0.8').headers['content-encoding']).toBe('gzip');
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0'])
      expect(chooseVariant(index, header), String(header)).toBe(index.identity);
  });

  it('takes only the copies a file has', () => {
    expect(chooseVariant(load('gzip-only-abc.css'), 'br, gzip').headers['content-encoding']).toBe('gzip');
    const tiny = load('tiny-abc.js');
    expect(chooseVariant(tiny, 'br, gzip')).toBe(tiny.identity);
  });
});

describe('entity tags against If-None-Match (ifNoneMatchMatches)', () => {
  it('matches the entity tag in a list, weak or strong, and *', () => {
    const variant = load('index-abc.js').encoded.br;
    if (!variant) throw new Error('no brotli copy');
    const tag = variant.headers.etag;
    expect(ifNoneMatchMatches(tag, tag)).toBe(true);
    expect(ifNoneMatchMatches(`"other", W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
    expect(ifNoneMatchMatches('"other"', tag)).toBe(false);
    expect(ifNoneMatchMatches(load('index-abc.js').identity.headers.etag, tag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
  });
});
