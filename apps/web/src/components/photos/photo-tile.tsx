import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PhotoItem } from './photo-item';

export interface PhotoTileProps {
  item: PhotoItem;
  index: number;
  count: number;
  alt: string;
  coverLabel: string | undefined;
  /** Moves the photo one place forward (-1) or back (+1); undefined: no reordering. */
  onMove: ((key: string, delta: -1 | 1) => void) | undefined;
  onRemove: ((key: string) => void) | undefined;
  disabled: boolean | undefined;
  aspect: number;
  contain: boolean;
}

/** One photo of the uploader's grid: the image (or a placeholder if it fails), its progress and buttons. */
export function PhotoTile({
  item,
  index,
  count,
  alt,
  coverLabel,
  onMove,
  onRemove,
  disabled,
  aspect,
  contain,
}: PhotoTileProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const busy = item.status === 'uploading';
  return (
    <Box
      component="li"
      aria-label={t('photos.itemLabel', { n: String(index + 1), total: String(count) })}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: String(aspect), bgcolor: 'grey.100' }}>
        {broken ? (
          <Box
            sx={{
              height: '100%',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              color: 'text.secondary',
            }}
          >
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
            sx={{ width: '100%', height: '100%', objectFit: contain ? 'contain' : 'cover', display: 'block' }}
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
            <IconButton
              aria-label={t('photos.moveForward')}
              disabled={disabled || busy || index === 0}
              onClick={() => onMove(item.key, -1)}
            >
              <ArrowBackIcon />
            </IconButton>
            <IconButton
              aria-label={t('photos.moveBack')}
              disabled={disabled || busy || index === count - 1}
              onClick={() => onMove(item.key, 1)}
            >
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
