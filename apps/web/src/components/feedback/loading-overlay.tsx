import { useTranslation } from '../../lib/i18n';
import { useUiStore } from '../../stores/ui-store';
import '../plain/plain.css';

export interface LoadingOverlayProps {
  /** Forces the overlay on (e.g. before the app may render); otherwise follows `showDefaultLoading`. */
  open?: boolean;
}

/** The app shell's full-screen loading overlay (spec §2). MUI-free: it shows before MUI has loaded (ADR 0064). */
export function LoadingOverlay({ open }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const showDefaultLoading = useUiStore((s) => s.showDefaultLoading);
  if (!(open ?? showDefaultLoading)) return null;
  return (
    <div className="mw-overlay">
      <span className="mw-spinner" role="progressbar" aria-label={t('common.loading')} />
    </div>
  );
}
