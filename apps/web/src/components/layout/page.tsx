import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageProps {
  /** German page title: the one h1 and the document title. */
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: number;
}

export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('common.pageTitle', { title });
  }, [t, title]);
}

/** Frame of every screen: sets `document.title` and renders exactly one h1. */
export function Page({ title, intro, actions, children, maxWidth = 1100 }: PageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth, mx: 'auto', width: '100%' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}
