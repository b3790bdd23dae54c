import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
// Imprint, privacy and accessibility on every public page (issue 48): the same links as under the sign-in card.
import { LegalLinks } from '../../../components/layout/legal-links';

/** The public pages' frame: the brand on top, no navigation (nobody needs to be signed in). */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Box component="header" sx={{ mb: 2 }}>
        <Link href="#/" underline="none" sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'text.primary' }}>
          {t('preview.brand')}
        </Link>
      </Box>
      {children}
      <Box component="footer" sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}
