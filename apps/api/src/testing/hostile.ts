/** Hostile inputs shared by the upload and rich-text tests. */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { makeImage } from './uploads';

export const XSS_PAYLOADS = [
  '<script>alert(1)</script><p>Text</p>',
  '<img src=x onerror="alert(1)"><p>Bild</p>',
  '<a href="javascript:alert(1)">Klick</a>',
  '<a href="JaVaScRiPt:alert(1)">Klick</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Daten</a>',
  '<svg onload="alert(1)"><circle r="5"/></svg><p>SVG</p>',
  '<iframe src="https://evil.example"></iframe><p>Rahmen</p>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">Stil</p>',
  '<style>body{display:none}</style><p>CSS</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p><object data="x.swf"></object><embed src="x.swf"></p>',
  '<form action="https://evil.example"><input name="x"><button>Los</button></form>',
] as const;

/** Nothing of these may survive sanitising. */
export const XSS_FORBIDDEN = [
  /<script/i,
  /onerror/i,
  /onload/i,
  /onclick/i,
  /javascript:/i,
  /data:/i,
  /<iframe/i,
  /<svg/i,
  /<style/i,
  /style=/i,
  /<img/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit greyscale PNG of side × side pixels that compresses to a few dozen KB. */
export function pixelBombPng(side = 16_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const idat = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const RENAMED_HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
);

/** A JPEG cut off at 60 % of its bytes. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await makeImage('jpeg', 800, 600);
  return full.subarray(0, Math.floor(full.length * 0.6));
}

/** A JPEG carrying EXIF with camera data, GPS position and orientation 6 (rotate 90°). */
export async function jpegWithGpsExif(): Promise<Buffer> {
  return sharp(await makeImage('jpeg', 300, 200))
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'Testkamera', Model: 'Geheim 3000', Copyright: 'Privat' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 42/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 1/1 2/1' },
      },
    })
    .jpeg()
    .toBuffer();
}
