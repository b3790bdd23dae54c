/**
 * Multipart upload with progress (spec §7: "POST multipart with one field named file").
 * fetch cannot report upload progress, so this uses XHR; failures still become `ApiError`,
 * exactly like `apiRequest`, so the one error handler treats them the same.
 */
import type { z } from 'zod';
import { ApiError, apiErrorFromResponse, CLIENT_ERROR_CODES } from './api-client';

export interface UploadOptions<TSchema extends z.ZodType> {
  /** The file of the field `file`; a form of text fields only leaves it out. */
  file?: Blob;
  /** Text fields sent before the file (e.g. the feedback form). */
  fields?: Record<string, string>;
  /** File name sent with the part (compressed blobs lose theirs). */
  fileName?: string;
  schema: TSchema;
  /** 0…1 while the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadFile<TSchema extends z.ZodType>(
  path: string,
  options: UploadOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const { file, fields, fileName, schema, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'Network error', text: '' }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFromResponse(xhr.status, text));
        return;
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        reject(
          new ApiError({
            status: xhr.status,
            code: CLIENT_ERROR_CODES.invalidResponse,
            message: 'Invalid JSON response',
            text,
          }),
        );
        return;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        reject(
          new ApiError({
            status: xhr.status,
            code: CLIENT_ERROR_CODES.invalidResponse,
            message: `Unexpected response from ${path}: ${parsed.error.message}`,
            text,
          }),
        );
        return;
      }
      onProgress?.(1);
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    if (file) form.append('file', file, fileName ?? (file instanceof File ? file.name : 'bild'));
    xhr.send(form);
  });
}
