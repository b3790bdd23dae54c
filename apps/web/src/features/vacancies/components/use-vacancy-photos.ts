import { MAX_PHOTOS_PER_VACANCY, type Vacancy } from '@matchwerk/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { PhotoItem } from '../../../components/photos/photo-uploader';
import { apiErrorMessage } from '../../../lib/form';
import { isAcceptedImage } from '../../../lib/image-compression';
import { uploadVacancyPhoto } from '../api/vacancy-photo-upload';
import {
  useDeleteVacancyPhoto,
  useRefreshVacancy,
  useReorderVacancyPhotos,
  vacancyPhotoUrl,
} from '../api/vacancies-api';

interface LocalPhoto {
  key: string;
  file: File;
  url: string;
  progress?: number;
}

let localCounter = 0;
const nextKey = () => `local-${++localCounter}`;

/** Moves the entry at `index` by `delta` places; out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/**
 * Photos of the editor. A saved posting uploads, deletes and reorders at once; a new one
 * queues the files and uploads them right after it is created (`uploadQueued`).
 */
export function useVacancyPhotos(vacancy: Vacancy | null) {
  const { t } = useTranslation();
  const vacancyId = vacancy?.id ?? '';
  const [queued, setQueued] = useState<LocalPhoto[]>([]);
  const [uploads, setUploads] = useState<LocalPhoto[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const deletePhoto = useDeleteVacancyPhoto(vacancyId);
  const reorder = useReorderVacancyPhotos(vacancyId);
  const refresh = useRefreshVacancy();
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const local = (file: File): LocalPhoto => {
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    return { key: nextKey(), file, url };
  };
  const release = (photo: LocalPhoto) => {
    URL.revokeObjectURL(photo.url);
    urls.current.delete(photo.url);
  };

  const saved = vacancy?.photos ?? [];
  const count = saved.length + queued.length + uploads.length;
  const failText = (e: unknown) => apiErrorMessage(e) ?? t('feedback.actionFailed');

  const upload = useCallback(
    async (id: string, photo: LocalPhoto, onProgress: (fraction: number) => void) =>
      uploadVacancyPhoto(id, photo.file, onProgress),
    [],
  );

  const addFiles = async (files: File[]) => {
    setError(undefined);
    const images = files.filter(isAcceptedImage);
    if (images.length < files.length) setError(t('photos.notAnImage'));
    const room = MAX_PHOTOS_PER_VACANCY - count;
    if (images.length > room) setError(t('photos.tooMany', { max: String(MAX_PHOTOS_PER_VACANCY) }));
    const accepted = images.slice(0, Math.max(0, room)).map(local);
    if (accepted.length === 0) return;
    if (!vacancy) {
      setQueued((q) => [...q, ...accepted]);
      return;
    }
    setUploads((u) => [...u, ...accepted.map((p) => ({ ...p, progress: 0 }))]);
    for (const photo of accepted) {
      try {
        await upload(vacancy.id, photo, (progress) =>
          setUploads((u) => u.map((p) => (p.key === photo.key ? { ...p, progress } : p))),
        );
        await refresh(vacancy.id);
        setStatus(t('photos.uploaded'));
      } catch (e) {
        setError(failText(e));
      } finally {
        setUploads((u) => u.filter((p) => p.key !== photo.key));
        release(photo);
      }
    }
  };

  const remove = (key: string) => {
    const queuedPhoto = queued.find((p) => p.key === key);
    if (queuedPhoto) {
      release(queuedPhoto);
      setQueued((q) => q.filter((p) => p.key !== key));
      setStatus(t('photos.removed'));
      return;
    }
    setError(undefined);
    deletePhoto.mutate(key, { onSuccess: () => setStatus(t('photos.removed')), onError: (e) => setError(failText(e)) });
  };

  const move = (key: string, delta: -1 | 1) => {
    const queuedIndex = queued.findIndex((p) => p.key === key);
    if (queuedIndex >= 0) {
      setQueued((q) => moveItem(q, queuedIndex, delta));
      setStatus(t('photos.moved'));
      return;
    }
    const index = saved.indexOf(key);
    if (index < 0) return;
    setError(undefined);
    reorder.mutate(moveItem(saved, index, delta), {
      onSuccess: () => setStatus(t('photos.moved')),
      onError: (e) => setError(failText(e)),
    });
  };

  /** Uploads the queued files to the just-created posting; returns the first error text, if any. */
  const uploadQueued = async (id: string): Promise<string | undefined> => {
    let firstError: string | undefined;
    const pending = [...queued];
    for (const photo of pending) {
      setQueued((q) => q.map((p) => (p.key === photo.key ? { ...p, progress: 0 } : p)));
      try {
        await upload(id, photo, (progress) =>
          setQueued((q) => q.map((p) => (p.key === photo.key ? { ...p, progress } : p))),
        );
      } catch (e) {
        firstError ??= failText(e);
      }
    }
    return firstError;
  };

  const items: PhotoItem[] = [
    ...saved.map((photoId): PhotoItem => ({ key: photoId, src: vacancyPhotoUrl(vacancyId, photoId), status: 'saved' })),
    ...uploads.map((p): PhotoItem => ({ key: p.key, src: p.url, status: 'uploading', progress: p.progress ?? 0 })),
    ...queued.map((p): PhotoItem =>
      p.progress === undefined
        ? { key: p.key, src: p.url, status: 'queued' }
        : { key: p.key, src: p.url, status: 'uploading', progress: p.progress },
    ),
  ];

  return {
    items,
    addFiles,
    remove,
    move,
    uploadQueued,
    error,
    setError,
    status,
    busy: uploads.length > 0 || deletePhoto.isPending || reorder.isPending,
    hasPendingChanges: queued.length > 0 || uploads.length > 0,
  };
}
