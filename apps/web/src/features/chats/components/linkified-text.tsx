import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { TextSegment } from '../lib/linkify';
import { visuallyHidden } from '@mui/utils';

/*
 * linkifyjs (10 kB gzip, mostly its list of top-level domains) is not part of a chat's first
 * paint: Lighthouse's LCP there is a message's text, bound by the bytes loaded before it. Messages
 * show as plain text until the module is there, then every mounted LinkifiedText gets its links
 * in the same render; after that, links render at once.
 */
let linkSegments: ((text: string) => TextSegment[]) | null = null;
let linkifyLoad: Promise<void> | null = null;
const linkifyListeners = new Set<() => void>();

function loadLinkify() {
  linkifyLoad ??= import('../lib/linkify')
    .then((linkify) => {
      linkSegments = linkify.linkSegments;
      for (const listener of linkifyListeners) listener();
    })
    // A catch of its own, not then's second argument: the build moves that `then` inside Vite's
    // preload wrapper, and a failed preload of linkifyjs' chunk would go unhandled.
    .catch((error: unknown) => {
      // Links are a convenience: the messages stay readable as plain text. Not retried, so the
      // error is reported once, not for every message.
      console.error('Chat links could not be loaded; messages stay plain text.', error);
    });
}

function subscribeToLinkify(listener: () => void) {
  linkifyListeners.add(listener);
  return () => {
    linkifyListeners.delete(listener);
  };
}

const loadedLinkSegments = () => linkSegments;

/** Chat text with clickable links: web links open in a new tab without access to this page. */
export function LinkifiedText({ text }: { text: string }) {
  const { t } = useTranslation();
  // In render, not in an effect: the chunk's request starts before the first paint, so the links
  // follow right after it.
  loadLinkify();
  const segmentsOf = useSyncExternalStore(subscribeToLinkify, loadedLinkSegments, loadedLinkSegments);
  const segments = useMemo(
    // Until linkify is there, the whole text is one text segment: the same span linkify's first
    // segment renders in, and links only underline, so the text wraps the same before and after.
    (): TextSegment[] => (segmentsOf ? segmentsOf(text) : text ? [{ kind: 'text', start: 0, text }] : []),
    [segmentsOf, text],
  );
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
