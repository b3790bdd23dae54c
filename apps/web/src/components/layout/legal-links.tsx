import { ROUTES } from '@matchwerk/shared';
import { Link as RouterLink } from '../../lib/router';
import { useTranslation } from '../../lib/i18n';
import { LEGAL_PAGES } from '../../lib/legal-pages';
import '../plain/plain.css';

/**
 * The legal links under the signed-out cards (Login, Signup, the e-mail link pages) and on the
 * public preview (issue 48): public bodies
 * must link the accessibility statement where everyone can reach it (BITV 2.0). Plain links (ADR 0064).
 */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('auth.legalLinks')} className="mw-legal-links">
      <a className="mw-link" href={LEGAL_PAGES.privacy}>
        {t('help.privacy')}
      </a>
      <a className="mw-link" href={LEGAL_PAGES.imprint}>
        {t('help.imprint')}
      </a>
      <RouterLink className="mw-link" to={ROUTES.Accessibility.path}>
        {t('auth.accessibility')}
      </RouterLink>
    </nav>
  );
}
