/**
 * Prepares an image in the browser before upload (spec §5, §9: at most 2 MB): crops it to
 * the chosen area, shrinks it to the stored size and re-encodes it — in a same-origin module
 * worker, so the page stays responsive, with progress and cancel (issue #14, ADR 0044). If it
 * fails for any other reason than a cancel, the original file is uploaded (spec §8).
 */
import { MAX_IMAGE_BYTES, MAX_IMAGE_EDGE_PX } from '@matchwerk/shared';
import { canRender, renderImage, type CropArea, type RenderRequest, type RenderResponse } from './image-render';

export type { CropArea } from './image-render';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

/** What the client needs of a Worker (a fake in tests). */
export interface ImageWorker {
  onmessage: ((event: MessageEvent<RenderResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage: (message: RenderRequest) => void;
  terminate: () => void;
}

export interface ImageProcessingDeps {
  createWorker: () => ImageWorker;
  /** Runs the same work on this thread when no worker can start; null where the browser cannot. */
  renderHere: ((request: RenderRequest, report: (fraction: number) => void) => Promise<Blob>) | null;
}

/** Vite bundles the worker as its own file under /assets: same origin, no blob: URL. */
const defaultDeps = (): ImageProcessingDeps => ({
  createWorker: () =>
    new Worker(new URL('./image-compression.worker.ts', import.meta.url), { type: 'module', name: 'Bildverarbeitung' }),
  renderHere: canRender() ? renderImage : null,
});

export interface PrepareOptions {
  /** Area to keep, in pixels of the oriented image; without it the whole image. */
  crop?: CropArea | undefined;
  /** Logos keep transparent pixels. */
  keepTransparency?: boolean;
  /** Longest edge of the result; default (and most) MAX_IMAGE_EDGE_PX, what the server stores. */
  maxEdge?: number;
  /** Share done, 0…1. */
  onProgress?: (fraction: number) => void;
  /** Aborting ends the work at once and rejects with an AbortError. */
  signal?: AbortSignal;
}

export interface PreparedImage {
  file: File;
  /** False when the original is returned because processing failed (spec §8). */
  processed: boolean;
}

/** The worker could not start (old browser, blocked script): the caller may do the work itself. */
export class WorkerUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Der Bildverarbeitungs-Worker konnte nicht starten.', { cause });
    this.name = 'WorkerUnavailableError';
  }
}

export function abortError(): DOMException {
  return new DOMException('Die Bildverarbeitung wurde abgebrochen.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Runs one request in a fresh worker; terminating it is the cancel. */
export function renderInWorker(
  request: RenderRequest,
  options: Pick<PrepareOptions, 'onProgress' | 'signal'>,
  createWorker: () => ImageWorker,
): Promise<Blob> {
  const { signal, onProgress } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  let worker: ImageWorker;
  try {
    worker = createWorker();
  } catch (error) {
    return Promise.reject(new WorkerUnavailableError(error));
  }
  return new Promise<Blob>((resolve, reject) => {
    let started = false;
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event) => {
      const message = event.data;
      started = true;
      if (message.type === 'progress') {
        onProgress?.(message.fraction);
        return;
      }
      finish();
      if (message.type === 'done') resolve(message.blob);
      else reject(new Error(message.message));
    };
    // An error before the first message means the script did not load or run.
    worker.onerror = (event) => {
      finish();
      reject(started ? new Error('Die Bildverarbeitung ist abgebrochen.') : new WorkerUnavailableError(event));
    };
    worker.postMessage(request);
  });
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The file name with the extension of the new type ("Foto.PNG" → "Foto.webp"). */
export function renamed(name: string, type: string): string {
  const extension = EXTENSIONS[type];
  if (!extension) return name;
  const base = name.replace(/\.[^./\\]*$/, '') || 'bild';
  return `${base}.${extension}`;
}

/**
 * Crops and shrinks `file` to at most MAX_IMAGE_BYTES and MAX_IMAGE_EDGE_PX. A file that is
 * small enough and needs no crop is returned as it is. Rejects only on abort.
 */
export async function prepareImage(
  file: File,
  options: PrepareOptions = {},
  deps: ImageProcessingDeps = defaultDeps(),
): Promise<PreparedImage> {
  if (!options.crop && file.size <= MAX_IMAGE_BYTES) return { file, processed: true };
  const request: RenderRequest = {
    file,
    crop: options.crop,
    maxEdge: Math.min(options.maxEdge ?? MAX_IMAGE_EDGE_PX, MAX_IMAGE_EDGE_PX),
    maxBytes: MAX_IMAGE_BYTES,
    keepTransparency: options.keepTransparency ?? false,
  };
  try {
    let blob: Blob;
    try {
      blob = await renderInWorker(request, options, deps.createWorker);
    } catch (error) {
      if (!(error instanceof WorkerUnavailableError) || !deps.renderHere) throw error;
      console.warn('Bildverarbeitung ohne Worker, im Hauptthread.', error);
      blob = await deps.renderHere(request, (fraction) => options.onProgress?.(fraction));
      if (options.signal?.aborted) throw abortError();
    }
    options.onProgress?.(1);
    return {
      file: new File([blob], renamed(file.name, blob.type), { type: blob.type || file.type, lastModified: Date.now() }),
      processed: true,
    };
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.warn('Bildverarbeitung fehlgeschlagen, das Original wird hochgeladen.', error);
    return { file, processed: false };
  }
}

/** Returns a file of at most MAX_IMAGE_BYTES where possible, else the original. Never throws. */
export async function compressImage(file: File, deps?: ImageProcessingDeps): Promise<File> {
  return (await prepareImage(file, {}, deps)).file;
}

/** Whether the browser says the file is one of the accepted image types (the server checks the bytes). */
export function isAcceptedImage(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}
