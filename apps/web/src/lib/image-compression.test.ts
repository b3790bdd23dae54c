import { MAX_IMAGE_BYTES } from '@matchwerk/shared';
import { describe, expect, it, vi } from 'vitest';
import { compressImage, isAcceptedImage, type Compressor } from './image-compression';

function fileOf(size: number, type = 'image/jpeg') {
  return new File([new Uint8Array(size)], 'foto.jpg', { type });
}

describe('compressImage', () => {
  it('uploads the original when compression fails (spec §5)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const original = fileOf(MAX_IMAGE_BYTES + 1);
    const failing: Compressor = () => Promise.reject(new Error('canvas not available'));
    await expect(compressImage(original, failing)).resolves.toBe(original);
  });

  it('uses the compressed image and keeps the file name', async () => {
    const compressor = vi.fn<Compressor>(() => Promise.resolve(new Blob([new Uint8Array(1000)], { type: 'image/jpeg' })));
    const result = await compressImage(fileOf(MAX_IMAGE_BYTES + 1), compressor);
    expect(result.size).toBe(1000);
    expect(result.name).toBe('foto.jpg');
    expect(compressor).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ maxSizeMB: 2, useWebWorker: true }));
  });

  it('leaves small images alone', async () => {
    const compressor = vi.fn<Compressor>();
    const small = fileOf(1000);
    await expect(compressImage(small, compressor)).resolves.toBe(small);
    expect(compressor).not.toHaveBeenCalled();
  });

  it('accepts JPEG, PNG and WebP only', () => {
    expect(isAcceptedImage(fileOf(1, 'image/webp'))).toBe(true);
    expect(isAcceptedImage(fileOf(1, 'image/svg+xml'))).toBe(false);
  });
});
