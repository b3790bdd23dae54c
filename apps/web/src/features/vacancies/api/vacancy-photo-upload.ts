import { photoUploadResponseSchema } from '@matchwerk/shared';
import { vacancyPaths } from '../../../lib/api-paths';
import { compressImage } from '../../../lib/image-compression';
import { uploadFile } from '../../../lib/upload';

/**
 * Compresses (falls back to the original) and uploads one photo; progress 0…1. Only the editor
 * uploads: apart from vacancies-api.ts, so the posting list does not load the image code.
 */
export async function uploadVacancyPhoto(
  vacancyId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const compressed = await compressImage(file);
  const { photoId } = await uploadFile(vacancyPaths.photos(vacancyId), {
    file: compressed,
    fileName: compressed.name,
    schema: photoUploadResponseSchema,
    ...(onProgress ? { onProgress } : {}),
  });
  return photoId;
}
