import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CANDIDATE_APP_CALL_TO_ACTION } from '@matchwerk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
    </Box>
  );
}

/** The call to action: candidates apply in the Matchwerk app. */
export function AppCallToAction() {
  return (
    <Paper component="section" aria-labelledby="app-cta-title" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Typography id="app-cta-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {CANDIDATE_APP_CALL_TO_ACTION.title}
      </Typography>
      <Typography>{CANDIDATE_APP_CALL_TO_ACTION.text}</Typography>
    </Paper>
  );
}
