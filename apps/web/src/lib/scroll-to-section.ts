import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from './router';

/** Sections of *Mein Unternehmen* that other screens link to (Help → "Einstellungen"). */
export const SETTINGS_SECTIONS = { notifications: 'benachrichtigungen', deleteAccount: 'konto-loeschen' } as const;

/**
 * Hash routing leaves no room for "#anchor": links say `?abschnitt=<id>` instead. Once the
 * screen's data has arrived (no query fetching any more, so nothing above moves the section
 * down afterwards), the section is scrolled into view once and its heading focused, so
 * keyboard and screen-reader users land there too.
 */
export function useScrollToSection(): void {
  const [searchParams] = useSearchParams();
  const section = searchParams.get('abschnitt');
  const fetching = useIsFetching();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!section || fetching > 0 || done.current === section) return;
    const element = document.getElementById(section);
    if (!element) return;
    done.current = section;
    element.scrollIntoView?.({ block: 'start' });
    element.querySelector<HTMLElement>('h2[tabindex="-1"]')?.focus({ preventScroll: true });
  }, [section, fetching]);
}
