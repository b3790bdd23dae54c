import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../../lib/i18n';

/** Inline loading state of a page or section. */
export function CenteredProgress() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
