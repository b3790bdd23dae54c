/**
 * Choose the part of an image to keep, in the aspect ratio it is shown in. Loaded lazily with
 * react-easy-crop when the first image is picked. Keyboard: the crop area takes the arrow
 * keys (Shift for small steps), the zoom slider the arrow keys, Page keys, Home and End.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from '../../lib/i18n';
import type { CropArea } from '../../lib/image-compression';

export interface CropDialogProps {
  /** Address of the picked image (an object URL the caller owns). */
  src: string;
  /** Width ÷ height of the kept area. */
  aspect: number;
  /** Allows zooming out below "fill" so a wide logo fits whole, with transparent margin. */
  allowMargin: boolean;
  /** "Bild 2 von 3" when several files were picked. */
  counter?: string | undefined;
  onApply: (area: CropArea) => void;
  onCancel: () => void;
}

const MAX_ZOOM = 4;
/** Zooming out to a fifth fits a logo up to five times as wide as high into a square. */
const MARGIN_MIN_ZOOM = 0.2;

/** "16:9", "1:1", "4:3" – the ratio as people say it. */
export function ratioLabel(aspect: number): string {
  for (let height = 1; height <= 20; height += 1) {
    const width = aspect * height;
    if (Math.abs(width - Math.round(width)) < 1e-6) return `${Math.round(width)}:${height}`;
  }
  return aspect.toLocaleString('de-DE', { maximumFractionDigits: 2 });
}

/** Mount with `key` per image: the position and zoom start fresh for each. */
export default function CropDialog({ src, aspect, allowMargin, counter, onApply, onCancel }: CropDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const hintId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [failed, setFailed] = useState(false);
  const minZoom = allowMargin ? MARGIN_MIN_ZOOM : 1;

  const percent = (value: number) => t('photos.cropZoomValue', { percent: String(Math.round(value * 100)) });

  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {t('photos.cropTitle')}
        {counter && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {counter}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('photos.cropHint', { ratio: ratioLabel(aspect) })}
          {allowMargin ? ` ${t('photos.cropHintMargin')}` : ''}
        </Typography>
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            height: { xs: 260, sm: 360 },
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          {failed ? (
            <Typography role="alert" sx={{ color: 'common.white', p: 2 }}>
              {t('photos.cropUnreadable')}
            </Typography>
          ) : (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              minZoom={minZoom}
              maxZoom={MAX_ZOOM}
              restrictPosition={!allowMargin}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_percentages: Area, pixels: Area) => setArea(pixels)}
              mediaProps={{ alt: t('photos.cropImageAlt'), onError: () => setFailed(true) }}
              cropperProps={{
                role: 'group',
                'aria-label': t('photos.cropAreaLabel', { ratio: ratioLabel(aspect) }),
                'aria-describedby': hintId,
              }}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, px: 1 }}>
          <Typography id={`${titleId}-zoom`} variant="body2" sx={{ flexShrink: 0 }}>
            {t('photos.cropZoom')}
          </Typography>
          <Slider
            value={zoom}
            min={minZoom}
            max={MAX_ZOOM}
            step={0.05}
            shiftStep={0.5}
            onChange={(_event, value) => setZoom(value)}
            aria-labelledby={`${titleId}-zoom`}
            getAriaValueText={percent}
            valueLabelFormat={percent}
            valueLabelDisplay="auto"
            disabled={failed}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('photos.cropCancel')}</Button>
        <Button variant="contained" disabled={!area || failed} onClick={() => area && onApply(area)}>
          {t('photos.cropApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
