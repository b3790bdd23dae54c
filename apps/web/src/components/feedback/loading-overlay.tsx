import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../../lib/i18n';
import { useUiStore } from '../../stores/ui-store';

export interface LoadingOverlayProps {
  /** Forces the overlay on (e.g. before the app may render); otherwise follows `showDefaultLoading`. */
  open?: boolean;
}

/** The app shell's full-screen loading overlay (spec §2). */
export function LoadingOverlay({ open }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const showDefaultLoading = useUiStore((s) => s.showDefaultLoading);
  const visible = open ?? showDefaultLoading;
  return (
    <Backdrop open={visible} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      {visible && <CircularProgress color="inherit" aria-label={t('common.loading')} />}
    </Backdrop>
  );
}
