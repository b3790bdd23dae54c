import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import '../../lib/locales/register-company-texts';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE } from '../../lib/image-compression';
import { ConfirmDialog } from '../dialogs/confirm-dialog';

export type PhotoStatus = 'saved' | 'queued' | 'uploading';

export interface PhotoItem {
  /** Stable key: the photo id, or a local id for files not uploaded yet. */
  key: string;
  /** Image address (server URL or a local object URL). */
  src: string;
  status: PhotoStatus;
  /** 0…1 while uploading. */
  progress?: number;
}

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
}

function PhotoTile({
  item,
  index,
  count,
  alt,
  coverLabel,
  onMove,
  onRemove,
  disabled,
}: {
  item: PhotoItem;
  index: number;
  count: number;
  alt: string;
  coverLabel: string | undefined;
  onMove: PhotoUploaderProps['onMove'];
  onRemove: ((key: string) => void) | undefined;
  disabled: boolean | undefined;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const busy = item.status === 'uploading';
  return (
    <Box
      component="li"
      aria-label={t('photos.itemLabel', { n: String(index + 1), total: String(count) })}
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper' }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.100' }}>
        {broken ? (
          <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
            <BrokenImageOutlinedIcon aria-hidden />
            <Typography variant="caption">{t('photos.unavailable')}</Typography>
          </Box>
        ) : (
          <Box
            component="img"
            src={item.src}
            alt={alt}
            loading="lazy"
            onError={() => setBroken(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
        {coverLabel && index === 0 && (
          <Chip label={coverLabel} size="small" color="primary" sx={{ position: 'absolute', top: 8, left: 8 }} />
        )}
      </Box>
      {item.status === 'uploading' && (
        <LinearProgress
          variant="determinate"
          value={Math.round((item.progress ?? 0) * 100)}
          aria-label={t('photos.uploading', { percent: String(Math.round((item.progress ?? 0) * 100)) })}
        />
      )}
      {item.status === 'queued' && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1, pt: 0.5 }}>
          {t('photos.queued')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 0.5 }}>
        {onMove ? (
          <Box>
            <IconButton aria-label={t('photos.moveForward')} disabled={disabled || busy || index === 0} onClick={() => onMove(item.key, -1)}>
              <ArrowBackIcon />
            </IconButton>
            <IconButton aria-label={t('photos.moveBack')} disabled={disabled || busy || index === count - 1} onClick={() => onMove(item.key, 1)}>
              <ArrowForwardIcon />
            </IconButton>
          </Box>
        ) : (
          <span />
        )}
        {onRemove && (
          <IconButton aria-label={t('photos.remove')} disabled={disabled || busy} onClick={() => onRemove(item.key)}>
            <DeleteOutlineIcon />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}

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
}: PhotoUploaderProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const single = max === 1;
  const full = !single && items.length >= max;
  const canPick = !disabled && !full;

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0) onFiles(single ? files.slice(0, 1) : files);
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
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        >
          {pickLabel}
        </Button>
        <Typography id={hintId} color="text.secondary" variant="body2" sx={{ flex: '1 1 220px' }}>
          {full ? t('photos.full', { max: String(max) }) : single ? t('photos.hintSingle') : t('photos.hint', { max: String(max) })}
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
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, padding: 0, margin: -1 }}
        />
      </Box>
      {error && (
        <Alert id={errorId} severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Box role="status" aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {status}
      </Box>
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
