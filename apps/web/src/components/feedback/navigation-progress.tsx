import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from '../../lib/i18n';

/** A thin bar at the top while the next screen's module loads (slow connections see progress, not a frozen page). */
export function NavigationProgress() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
