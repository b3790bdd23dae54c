import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useDocumentTitle } from './page';

export interface CenteredCardProps {
  /** The page's h1 and document title. */
  title: string;
  children: ReactNode;
  maxWidth?: number;
}

/** Frame of the signed-out screens (Login, Signup, Authaction) and the legal gate. */
export function CenteredCard({ title, children, maxWidth = 480 }: CenteredCardProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth, mx: 'auto', width: '100%', pt: { xs: 0, sm: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 40, height: 40 }} />
        <Box>
          <Typography component="p" variant="h2" color="primary.dark">
            {t('common.appName')}
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary">
            {t('auth.tagline')}
          </Typography>
        </Box>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
