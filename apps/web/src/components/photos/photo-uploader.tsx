import '../../lib/locales/register-company-texts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PHOTO_ASPECT_RATIO } from '@matchwerk/shared';
import { lazy, Suspense, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ACCEPT_ATTRIBUTE } from '../../lib/image-compression';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import type { PhotoItem } from './photo-item';
import { PhotoTile } from './photo-tile';
import { PreparationProgress } from './preparation-progress';
import { useImagePreparation, type CropSettings, type Prepare } from './use-image-preparation';

// The screens import the item type from here, with the uploader.
export type { PhotoItem, PhotoStatus } from './photo-item';

// react-easy-crop loads with the dialog, when the first image is picked.
const CropDialog = lazy(() => import('./crop-dialog'));

export interface PhotoUploaderProps {
  items: readonly PhotoItem[];
  /** Most photos allowed; 1 makes it a single-image picker (logo). */
  max: number;
  /** Visible name of the pick button and the file input, e.g. "Fotos auswählen". */
  pickLabel: string;
  /** Describes one image for screen readers, e.g. "Foto {{n}}" → alt text. */
  altFor: (index: number) => string;
  onFiles: (files: File[]) => void;
  onRemove?: (key: string) => void;
  /** Moves a photo one place forward (-1) or back (+1). Without it there is no reordering. */
  onMove?: (key: string, delta: -1 | 1) => void;
  /** Badge on the first photo, e.g. "Titelbild". */
  coverLabel?: string;
  /** German message of the last failed upload, shown next to the uploader. */
  error?: string | undefined;
  /** Polite status text for screen readers (e.g. "Foto hochgeladen."). */
  status?: string | undefined;
  disabled?: boolean;
  removeDialog: { title: string; text: string };
  /**
   * The crop dialog's aspect ratio (and whether a logo may keep a margin); null uploads the
   * whole image. Default: posting photos, 16:9 as cards, pages and the widget show them.
   */
  crop?: CropSettings | null;
  /** Keep transparent pixels (logos). */
  keepTransparency?: boolean;
  /** Longest edge of a prepared image; default the 2000 px the server stores. */
  maxEdge?: number;
  /** Replaces the worker-based preparation (tests). */
  prepare?: Prepare;
}

const DEFAULT_CROP: CropSettings = { aspect: PHOTO_ASPECT_RATIO };

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Pick or drop images, see them with upload progress, reorder and remove them. Holds no
 * server state: the screen decides when files are compressed, uploaded or queued.
 */
export function PhotoUploader({
  items,
  max,
  pickLabel,
  altFor,
  onFiles,
  onRemove,
  onMove,
  coverLabel,
  error,
  status,
  disabled,
  removeDialog,
  crop = DEFAULT_CROP,
  keepTransparency = false,
  maxEdge,
  prepare,
}: PhotoUploaderProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const single = max === 1;
  const full = !single && items.length >= max;
  const preparation = useImagePreparation({
    crop,
    keepTransparency,
    maxEdge,
    onFiles,
    ...(prepare ? { prepare } : {}),
  });
  const busy = preparation.state.kind !== 'idle';
  const canPick = !disabled && !full && !busy;
  const shownError = [error, preparation.notice].filter(Boolean).join(' ') || undefined;

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length === 0) return;
    if (single) preparation.start(files.slice(0, 1), 1, 1);
    else preparation.start(files, max - items.length, max);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canPick) take(event.dataTransfer.files);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (canPick) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={!canPick}
          onClick={() => inputRef.current?.click()}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        >
          {pickLabel}
        </Button>
        <Typography id={hintId} color="text.secondary" variant="body2" sx={{ flex: '1 1 220px' }}>
          {full
            ? t('photos.full', { max: String(max) })
            : single
              ? t('photos.hintSingle')
              : t('photos.hint', { max: String(max) })}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          multiple={!single}
          aria-label={pickLabel}
          tabIndex={-1}
          disabled={!canPick}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
          style={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
            border: 0,
            padding: 0,
            margin: -1,
          }}
        />
      </Box>
      {preparation.state.kind === 'processing' && (
        <PreparationProgress state={preparation.state} onCancel={preparation.cancel} />
      )}
      {shownError && (
        <Alert id={errorId} severity="error" role="alert" sx={{ mt: 1 }}>
          {shownError}
        </Alert>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {status}
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {preparation.announcement}
      </Box>
      {preparation.state.kind === 'cropping' && crop && (
        <Suspense fallback={<LinearProgress aria-label={t('photos.cropLoading')} sx={{ mt: 2 }} />}>
          <CropDialog
            key={preparation.state.src}
            src={preparation.state.src}
            aspect={crop.aspect}
            allowMargin={crop.allowMargin ?? false}
            counter={
              preparation.state.total > 1
                ? t('photos.cropCounter', {
                    n: String(preparation.state.index + 1),
                    total: String(preparation.state.total),
                  })
                : undefined
            }
            onApply={preparation.answerCrop}
            onCancel={() => preparation.answerCrop(null)}
          />
        </Suspense>
      )}
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label={single ? t('photos.listLabelSingle') : t('photos.listLabel')}
          sx={{
            p: 0,
            m: 0,
            mt: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: single ? 'minmax(0, 240px)' : 'repeat(auto-fill, minmax(160px, 1fr))',
          }}
        >
          {items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              alt={altFor(index)}
              coverLabel={coverLabel}
              onMove={single ? undefined : onMove}
              onRemove={onRemove ? setConfirmKey : undefined}
              disabled={disabled}
              aspect={crop?.aspect ?? 4 / 3}
              contain={keepTransparency}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={confirmKey !== null}
        title={removeDialog.title}
        text={removeDialog.text}
        confirmLabel={t('photos.removeConfirm')}
        destructive
        onClose={() => setConfirmKey(null)}
        onConfirm={() => {
          if (confirmKey) onRemove?.(confirmKey);
          setConfirmKey(null);
        }}
      />
    </Box>
  );
}
