/**
 * Crops, shrinks and re-encodes one image with createImageBitmap and OffscreenCanvas. Runs in
 * the compression worker (image-compression.worker.ts); the same code runs on the main thread
 * only when the worker cannot start. Native decode, scale and encode: a 12-megapixel photo
 * takes well under a second, where the JavaScript PNG encoder of browser-image-compression
 * took ~40 s on the main thread (issue #14, ADR 0044).
 */

/** A rectangle in the pixels of the (EXIF-oriented) image; may reach past its edges (a logo fitted with margin). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RenderRequest {
  file: Blob;
  crop?: CropArea | undefined;
  /** Longest edge of the result. */
  maxEdge: number;
  /** Largest result in bytes; quality, then size, is lowered until it fits. */
  maxBytes: number;
  /** Keep transparent pixels (logos): WebP (or PNG) if there are any; else, and for photos, JPEG on white. */
  keepTransparency: boolean;
}

/** One encoding step: the canvas size and the quality to try. */
export interface EncodeStep {
  width: number;
  height: number;
  quality: number;
}

const QUALITIES = [0.85, 0.72, 0.6] as const;
/** Each size round shrinks the edges to this share; five rounds reach about a quarter. */
const SHRINK = 0.75;
const SIZE_ROUNDS = 5;
const MIN_EDGE = 16;

/** Width and height inside maxEdge × maxEdge with the same proportions, never enlarged, at least 1 px. */
export function fitInside(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The steps tried in order until a result fits: every quality at one size, then a smaller size. */
export function encodeSteps(width: number, height: number, maxEdge: number): EncodeStep[] {
  const steps: EncodeStep[] = [];
  let size = fitInside(width, height, maxEdge);
  for (let round = 0; round < SIZE_ROUNDS; round += 1) {
    for (const quality of QUALITIES) steps.push({ ...size, quality });
    const next = fitInside(
      size.width,
      size.height,
      Math.max(MIN_EDGE, Math.round(Math.max(size.width, size.height) * SHRINK)),
    );
    if (next.width === size.width && next.height === size.height) break;
    size = next;
  }
  return steps;
}

export class ImageTooLargeError extends Error {
  constructor() {
    super('Das Bild ließ sich nicht klein genug speichern.');
    this.name = 'ImageTooLargeError';
  }
}

/** Whether any pixel is not fully opaque (read back once per canvas size; ~10 ms for a megapixel). */
export function hasTransparency(pixels: Uint8ClampedArray): boolean {
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return true;
  return false;
}

/**
 * JPEG wherever nothing is transparent: Chromium encodes 3 megapixels in ~50 ms, WebP takes
 * ~1.2 s (the server re-encodes to WebP anyway). Transparent pixels (a logo, or its margin)
 * need WebP, or PNG where the browser cannot encode WebP (Safari answers with PNG then).
 */
async function encode(canvas: OffscreenCanvas, quality: number, transparent: boolean): Promise<Blob> {
  if (!transparent) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  const webp = await canvas.convertToBlob({ type: 'image/webp', quality });
  return webp.type === 'image/webp' ? webp : canvas.convertToBlob({ type: 'image/png' });
}

/**
 * The result of `request`; `report` gets the share done (0…1) after each step. Decode and
 * encode are single native calls, so the share counts steps, not bytes.
 */
export async function renderImage(request: RenderRequest, report: (fraction: number) => void): Promise<Blob> {
  report(0.05);
  // The default imageOrientation ('from-image') turns the pixels as EXIF says, as <img> and the crop dialog show them.
  const bitmap = await createImageBitmap(request.file);
  try {
    report(0.4);
    const area = request.crop ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
    const steps = encodeSteps(area.width, area.height, request.maxEdge);
    let canvas: OffscreenCanvas | null = null;
    let transparent = false;
    for (const [index, step] of steps.entries()) {
      if (!canvas || canvas.width !== step.width || canvas.height !== step.height) {
        canvas = new OffscreenCanvas(step.width, step.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('OffscreenCanvas 2D is not available');
        if (!request.keepTransparency) {
          // JPEG has no transparency: transparent pixels (and a crop past the image) become white, not black.
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, step.width, step.height);
        }
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'high';
        // A source rectangle past the image is clipped with the destination in proportion (HTML spec).
        context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, step.width, step.height);
        transparent =
          request.keepTransparency && hasTransparency(context.getImageData(0, 0, step.width, step.height).data);
      }
      report(0.5 + (0.45 * index) / steps.length);
      const blob = await encode(canvas, step.quality, transparent);
      if (blob.size <= request.maxBytes) {
        report(1);
        return blob;
      }
    }
    throw new ImageTooLargeError();
  } finally {
    bitmap.close();
  }
}

/** Whether this context can run renderImage. */
export function canRender(scope: { createImageBitmap?: unknown; OffscreenCanvas?: unknown } = globalThis): boolean {
  return typeof scope.createImageBitmap === 'function' && typeof scope.OffscreenCanvas === 'function';
}

/** Messages of the compression worker: progress shares, then the result or a failure. */
export type RenderResponse =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; blob: Blob }
  | { type: 'error'; message: string; tooLarge: boolean };
