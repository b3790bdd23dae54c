/**
 * Compresses an image in the browser before upload (spec §5, §9: at most 2 MB). If
 * compression fails for any reason the original file is uploaded (spec §8).
 */
import { MAX_IMAGE_BYTES } from '@matchwerk/shared';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

export type Compressor = (file: File, options: { maxSizeMB: number; useWebWorker: boolean; maxWidthOrHeight: number }) => Promise<Blob>;

// The library is loaded only when the first image is picked.
const defaultCompressor: Compressor = async (file, options) => {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, options);
};

/** Returns a file of at most MAX_IMAGE_BYTES where possible, else the original. Never throws. */
export async function compressImage(file: File, compressor: Compressor = defaultCompressor): Promise<File> {
  if (file.size <= MAX_IMAGE_BYTES) return file;
  try {
    const blob = await compressor(file, { maxSizeMB: MAX_IMAGE_BYTES / (1024 * 1024), useWebWorker: true, maxWidthOrHeight: 4000 });
    return new File([blob], file.name, { type: blob.type || file.type, lastModified: Date.now() });
  } catch (error) {
    console.warn('Bildkomprimierung fehlgeschlagen, das Original wird hochgeladen.', error);
    return file;
  }
}

/** Whether the browser says the file is one of the accepted image types (the server checks the bytes). */
export function isAcceptedImage(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}
