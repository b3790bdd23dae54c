import { useTranslation } from '../../lib/i18n';
import '../plain/plain.css';

/** Inline loading state of a page or section. MUI-free: it is the fallback of the first screens (ADR 0064). */
export function CenteredProgress() {
  const { t } = useTranslation();
  return (
    <div className="mw-progress-row" role="status">
      <span className="mw-spinner" role="progressbar" aria-label={t('common.loading')} />
    </div>
  );
}
