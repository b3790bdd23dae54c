import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ROUTES } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { LEGAL_PAGES } from '../../../lib/legal-pages';

/**
 * The legal links under the signed-out cards (Login, Signup, the e-mail link pages): public bodies
 * must link the accessibility statement where everyone can reach it (BITV 2.0).
 */
export function AuthLegalLinks() {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('auth.legalLinks')}
      sx={{ mt: 2, textAlign: 'center', display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2 }}
    >
      <Link href={LEGAL_PAGES.privacy} variant="body2">
        {t('help.privacy')}
      </Link>
      <Link href={LEGAL_PAGES.imprint} variant="body2">
        {t('help.imprint')}
      </Link>
      <Link component={RouterLink} to={ROUTES.Accessibility.path} variant="body2">
        {t('auth.accessibility')}
      </Link>
    </Box>
  );
}
