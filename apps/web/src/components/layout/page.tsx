import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

export interface PageProps {
  /** German page title: the one h1 and the document title. */
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: number;
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
