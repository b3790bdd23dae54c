import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import {
  isAbortError,
  isAcceptedImage,
  prepareImage,
  type CropArea,
  type PrepareOptions,
  type PreparedImage,
} from '../../lib/image-compression';

export interface CropSettings {
  /** Width ÷ height of the kept area. */
  aspect: number;
  /** Zooming out past the image (logos: the whole logo with transparent margin). */
  allowMargin?: boolean;
}

export type Preparation =
  | { kind: 'idle' }
  /** `src`: an object URL of `file`, made when its dialog opens and revoked when it closes. */
  | { kind: 'cropping'; file: File; src: string; index: number; total: number }
  | { kind: 'processing'; index: number; total: number; fraction: number };

export type Prepare = (file: File, options: PrepareOptions) => Promise<PreparedImage>;

interface Options {
  crop: CropSettings | null;
  keepTransparency: boolean;
  maxEdge: number | undefined;
  /** Gets the prepared files (and, untouched, the files that are no accepted image). */
  onFiles: (files: File[]) => void;
  prepare?: Prepare;
}

/**
 * Picked files → crop dialog for each (if cropping) → cropped and shrunk in the worker one
 * after the other with progress → handed on together. Cancel stops the worker and hands on nothing.
 */
export function useImagePreparation({ crop, keepTransparency, maxEdge, onFiles, prepare = prepareImage }: Options) {
  const { t } = useTranslation();
  const [state, setState] = useState<Preparation>({ kind: 'idle' });
  const [announcement, setAnnouncement] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const queue = useRef<{ files: File[]; others: File[]; areas: (CropArea | null)[] }>({
    files: [],
    others: [],
    areas: [],
  });
  const controller = useRef<AbortController | null>(null);
  // The newest onFiles: the screen's handler sees the photos it has when the work ends.
  const onFilesRef = useRef(onFiles);
  useEffect(() => {
    onFilesRef.current = onFiles;
  });
  const cropUrl = useRef<string | null>(null);
  const releaseCropUrl = () => {
    if (cropUrl.current) URL.revokeObjectURL(cropUrl.current);
    cropUrl.current = null;
  };
  useEffect(
    () => () => {
      controller.current?.abort();
      releaseCropUrl();
    },
    [],
  );

  const process = useCallback(
    async (jobs: { file: File; area: CropArea | undefined }[], others: File[]) => {
      const abort = new AbortController();
      controller.current = abort;
      const done: File[] = [];
      let fellBack = false;
      setAnnouncement(t('photos.preparing', { n: '1', total: String(jobs.length) }));
      try {
        for (const [index, job] of jobs.entries()) {
          setState({ kind: 'processing', index, total: jobs.length, fraction: 0 });
          const result = await prepare(job.file, {
            crop: job.area,
            keepTransparency,
            maxEdge,
            signal: abort.signal,
            onProgress: (fraction) => setState({ kind: 'processing', index, total: jobs.length, fraction }),
          });
          if (!result.processed) fellBack = true;
          done.push(result.file);
        }
      } catch (error) {
        setState({ kind: 'idle' });
        controller.current = null;
        if (isAbortError(error)) {
          setAnnouncement(t('photos.prepareCancelled'));
          return;
        }
        console.error('Bildvorbereitung fehlgeschlagen', error);
        setNotice(t('photos.prepareError'));
        return;
      }
      controller.current = null;
      setState({ kind: 'idle' });
      if (fellBack) setNotice(t('photos.prepareFailed'));
      setAnnouncement(t('photos.prepared'));
      onFilesRef.current([...done, ...others]);
    },
    [keepTransparency, maxEdge, prepare, t],
  );

  const next = useCallback(
    (index: number) => {
      const { files, others, areas } = queue.current;
      const file = files[index];
      releaseCropUrl();
      if (file) {
        cropUrl.current = URL.createObjectURL(file);
        setState({ kind: 'cropping', file, src: cropUrl.current, index, total: files.length });
        return;
      }
      const jobs = files.flatMap((f, i) => {
        const area = areas[i];
        return area === null ? [] : [{ file: f, area }];
      });
      if (jobs.length === 0) {
        setState({ kind: 'idle' });
        setAnnouncement(t('photos.cropSkippedAll'));
        if (others.length > 0) onFilesRef.current(others);
        return;
      }
      void process(jobs, others);
    },
    [process, t],
  );

  /** Starts with the picked files; `room` is how many more of `max` the screen takes (the rest is refused with a notice). */
  const start = (picked: File[], room: number, max: number) => {
    setNotice(undefined);
    const images = picked.filter(isAcceptedImage);
    const others = picked.filter((file) => !isAcceptedImage(file));
    const taken = images.slice(0, Math.max(0, room));
    if (taken.length < images.length)
      setNotice(
        t('photos.tooManyTaken', { max: String(max), taken: String(taken.length), picked: String(images.length) }),
      );
    if (taken.length === 0) {
      if (others.length > 0) onFilesRef.current(others);
      return;
    }
    if (!crop) {
      void process(
        taken.map((file) => ({ file, area: undefined })),
        others,
      );
      return;
    }
    queue.current = { files: taken, others, areas: [] };
    next(0);
  };

  const answerCrop = (area: CropArea | null) => {
    if (state.kind !== 'cropping') return;
    queue.current.areas[state.index] = area;
    next(state.index + 1);
  };

  const cancel = () => controller.current?.abort();

  return { state, announcement, notice, start, answerCrop, cancel };
}
