import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { titleWithUnread, useUnreadStore } from '../../stores/unread-store';

export interface PageProps {
  /** German page title: the one h1 and the document title. */
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: number;
}

/** Sets the document title; new matchings and unread messages go in front as "(4) …" (ADR 0040). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const unread = useUnreadStore((s) => s.total);
  useEffect(() => {
    document.title = titleWithUnread(t('common.pageTitle', { title }), unread);
  }, [t, title, unread]);
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
