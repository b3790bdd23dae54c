import { MAX_IMAGE_BYTES, MAX_IMAGE_EDGE_PX } from '@matchwerk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compressImage,
  isAbortError,
  isAcceptedImage,
  prepareImage,
  renamed,
  WorkerUnavailableError,
  type ImageProcessingDeps,
  type ImageWorker,
} from './image-compression';
import type { RenderRequest, RenderResponse } from './image-render';

function fileOf(size: number, type = 'image/png', name = 'Foto.PNG') {
  return new File([new Uint8Array(size)], name, { type });
}

/** A worker the test drives: it records the request and answers when told. */
class FakeWorker implements ImageWorker {
  onmessage: ((event: MessageEvent<RenderResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  requests: RenderRequest[] = [];
  terminated = false;
  postMessage(message: RenderRequest) {
    this.requests.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(message: RenderResponse) {
    this.onmessage?.(new MessageEvent('message', { data: message }));
  }
  fail() {
    this.onerror?.(new ErrorEvent('error', { message: 'script failed to load' }));
  }
}

function setup(renderHere: ImageProcessingDeps['renderHere'] = null) {
  const workers: FakeWorker[] = [];
  const deps: ImageProcessingDeps = {
    createWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    renderHere,
  };
  return { workers, deps, worker: () => workers.at(-1) as FakeWorker };
}

afterEach(() => vi.restoreAllMocks());

describe('prepareImage', () => {
  it('sends the file, crop and limits to a worker, reports its progress and returns its result', async () => {
    const { deps, worker } = setup();
    const progress: number[] = [];
    const file = fileOf(MAX_IMAGE_BYTES * 7);
    const crop = { x: 10, y: 20, width: 1600, height: 900 };
    const pending = prepareImage(
      file,
      { crop, keepTransparency: true, onProgress: (fraction) => progress.push(fraction) },
      deps,
    );

    expect(worker().requests).toEqual([
      { file, crop, maxEdge: MAX_IMAGE_EDGE_PX, maxBytes: MAX_IMAGE_BYTES, keepTransparency: true },
    ]);
    worker().answer({ type: 'progress', fraction: 0.4 });
    worker().answer({ type: 'progress', fraction: 0.7 });
    worker().answer({ type: 'done', blob: new Blob([new Uint8Array(1234)], { type: 'image/webp' }) });
    const result = await pending;

    expect(result.processed).toBe(true);
    expect(result.file.size).toBe(1234);
    expect(result.file.type).toBe('image/webp');
    expect(result.file.name).toBe('Foto.webp');
    expect(progress).toEqual([0.4, 0.7, 1]);
    expect(worker().terminated).toBe(true);
  });

  it('cancels: aborting terminates the worker at once and rejects with an AbortError', async () => {
    const { deps, worker } = setup();
    const abort = new AbortController();
    const pending = prepareImage(fileOf(MAX_IMAGE_BYTES * 7), { signal: abort.signal }, deps);
    worker().answer({ type: 'progress', fraction: 0.4 });
    abort.abort();

    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(worker().terminated).toBe(true);
    // A late answer of the stopped worker changes nothing.
    worker().answer({ type: 'done', blob: new Blob(['x']) });
  });

  it('starts no worker when already aborted', async () => {
    const { deps, workers } = setup();
    const abort = new AbortController();
    abort.abort();
    await expect(prepareImage(fileOf(MAX_IMAGE_BYTES * 2), { signal: abort.signal }, deps)).rejects.toSatisfy(
      isAbortError,
    );
    expect(workers).toHaveLength(0);
  });

  it('uploads the original when the worker reports a failure (spec §8)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { deps, worker } = setup();
    const original = fileOf(MAX_IMAGE_BYTES + 1);
    const pending = prepareImage(original, {}, deps);
    worker().answer({ type: 'error', message: 'Das Bild ließ sich nicht klein genug speichern.', tooLarge: true });
    await expect(pending).resolves.toEqual({ file: original, processed: false });
  });

  it('does the work on this thread when the worker script cannot start', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const renderHere = vi.fn<NonNullable<ImageProcessingDeps['renderHere']>>((_request, report) => {
      report(0.5);
      return Promise.resolve(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    });
    const { deps, worker } = setup(renderHere);
    const progress: number[] = [];
    const pending = prepareImage(
      fileOf(MAX_IMAGE_BYTES + 1),
      { onProgress: (fraction) => progress.push(fraction) },
      deps,
    );
    worker().fail();
    const result = await pending;
    expect(renderHere).toHaveBeenCalledOnce();
    expect(result.processed).toBe(true);
    expect([result.file.name, result.file.size]).toEqual(['Foto.jpg', 10]);
    expect(progress).toEqual([0.5, 1]);
  });

  it('treats a worker constructor that throws (blocked by a policy) as unavailable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const original = fileOf(MAX_IMAGE_BYTES + 1);
    const deps: ImageProcessingDeps = {
      createWorker: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      renderHere: null,
    };
    await expect(prepareImage(original, {}, deps)).resolves.toEqual({ file: original, processed: false });
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), expect.any(WorkerUnavailableError));
  });

  it('leaves a small image without crop alone and crops a small one when asked', async () => {
    const { deps, workers } = setup();
    const small = fileOf(1000);
    await expect(prepareImage(small, {}, deps)).resolves.toEqual({ file: small, processed: true });
    expect(workers).toHaveLength(0);
    void prepareImage(small, { crop: { x: 0, y: 0, width: 10, height: 10 } }, deps);
    expect(workers).toHaveLength(1);
  });
});

describe('compressImage', () => {
  it('returns the worker result without crop', async () => {
    const { deps, worker } = setup();
    const pending = compressImage(fileOf(MAX_IMAGE_BYTES + 1), deps);
    expect(worker().requests[0]?.crop).toBeUndefined();
    worker().answer({ type: 'done', blob: new Blob([new Uint8Array(5)], { type: 'image/webp' }) });
    await expect(pending).resolves.toMatchObject({ size: 5, name: 'Foto.webp' });
  });
});

describe('helpers', () => {
  it('names the file after the new type', () => {
    expect(renamed('Urlaub.2024.PNG', 'image/webp')).toBe('Urlaub.2024.webp');
    expect(renamed('ohne-endung', 'image/jpeg')).toBe('ohne-endung.jpg');
    expect(renamed('.png', 'image/webp')).toBe('bild.webp');
    expect(renamed('x.png', 'image/gif')).toBe('x.png');
  });

  it('accepts JPEG, PNG and WebP only', () => {
    expect(isAcceptedImage(fileOf(1, 'image/webp'))).toBe(true);
    expect(isAcceptedImage(fileOf(1, 'image/svg+xml'))).toBe(false);
  });
});
