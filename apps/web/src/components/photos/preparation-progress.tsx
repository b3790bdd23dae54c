import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import type { Preparation } from './use-image-preparation';

/** Progress of the crop-and-shrink step with its cancel button. */
export function PreparationProgress({
  state,
  onCancel,
}: {
  state: Extract<Preparation, { kind: 'processing' }>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const percent = Math.round(state.fraction * 100);
  const label =
    state.total > 1
      ? t('photos.preparingProgressMany', {
          n: String(state.index + 1),
          total: String(state.total),
          percent: String(percent),
        })
      : t('photos.preparingProgress', { percent: String(percent) });
  return (
    <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="body2" aria-hidden sx={{ mb: 0.5 }}>
          {label}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('photos.preparingLabel')}
          aria-valuetext={label}
        />
      </Box>
      <Button variant="outlined" color="inherit" onClick={onCancel}>
        {t('photos.prepareCancel')}
      </Button>
    </Box>
  );
}
