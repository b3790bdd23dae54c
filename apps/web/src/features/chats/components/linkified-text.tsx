import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { linkSegments } from '../lib/linkify';
import { visuallyHidden } from '@mui/utils';

/** Chat text with clickable links: web links open in a new tab without access to this page. */
export function LinkifiedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const segments = useMemo(() => linkSegments(text), [text]);
  return (
    <>
      {segments.map((segment) =>
        segment.kind === 'text' ? (
          <span key={segment.start}>{segment.text}</span>
        ) : segment.external ? (
          <Link
            key={segment.start}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            underline="always"
          >
            {segment.text}
            <Box component="span" sx={visuallyHidden}>
              {` ${t('chats.opensInNewTab')}`}
            </Box>
          </Link>
        ) : (
          <Link key={segment.start} href={segment.href} color="inherit" underline="always">
            {segment.text}
          </Link>
        ),
      )}
    </>
  );
}
