/** Test helpers for uploads: images made with sharp and multipart bodies built by hand. */
import sharp from 'sharp';

export interface MultipartRequest {
  payload: Buffer;
  headers: Record<string, string>;
}

/** A multipart/form-data body with text fields (`fields`, first) and one file part (default field `file`; none when `data` is null). */
export function multipartBody(
  data: Buffer | null,
  options: { filename?: string; contentType?: string; field?: string; fields?: Record<string, string> } = {},
): MultipartRequest {
  const boundary = `----matchwerk${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(options.fields ?? {})
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  if (data === null)
    return {
      payload: Buffer.from(`${texts}--${boundary}--\r\n`),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  const head =
    texts +
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'bild.jpg'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small valid image (solid colour with a stripe) in the given format. */
export async function makeImage(format: 'png' | 'jpeg' | 'webp' = 'png', width = 64, height = 48): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).composite([
    {
      input: {
        create: {
          width: Math.max(1, Math.floor(width / 4)),
          height,
          channels: 3,
          background: { r: 250, g: 200, b: 40 },
        },
      },
      left: 0,
      top: 0,
    },
  ]);
  return image.toFormat(format).toBuffer();
}
