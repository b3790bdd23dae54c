import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../components/layout/page';
import { dismissLoginPrerender } from '../lib/login-prerender';

/** Last line of defence: a render error or a failed lazy chunk (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('feedback.errorTitle'));
  useLayoutEffect(dismissLoginPrerender, []);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', p: 4 }}>
      <h1>{t('feedback.errorTitle')}</h1>
      <Alert severity="error" sx={{ mb: 2 }}>
        {t('feedback.appCrashed')}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('feedback.reload')}
      </Button>
    </Box>
  );
}
