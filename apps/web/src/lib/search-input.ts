/**
 * Search as you type, once for every list: a search runs when typing pauses, not per key.
 */
import { useEffect, useState } from 'react';
import { useDebounce, useDebouncedCallback } from 'use-debounce';

/** How long typing must pause before a search runs. */
export const SEARCH_DEBOUNCE_MS = 350;

/** `text` once typing has paused (autocompletes that search the server as the user types). */
export function useDebouncedText(text: string): string {
  const [debounced] = useDebounce(text, SEARCH_DEBOUNCE_MS);
  return debounced;
}

/**
 * The text of a search field whose search lives elsewhere, usually in the URL. Typing commits
 * the text once typing pauses (only when it differs from the committed search beyond spaces, and
 * when `accept` allows it: a text that is too long stays in the field with its error). A change
 * from outside (back button, "Filter zurücksetzen") replaces what the field shows and drops a
 * commit still waiting. A search this field sent that comes back as `committed` changes nothing
 * in the field: the user may have typed on while it travelled through the router.
 */
export function useSearchInput(
  committed: string,
  commit: (text: string) => void,
  accept: (text: string) => boolean = () => true,
): readonly [string, (text: string) => void] {
  const [input, setInput] = useState(committed);
  const [shown, setShown] = useState(committed);
  // Searches sent and not yet come back, oldest first (trimmed, as they are compared).
  const [travelling, setTravelling] = useState<readonly string[]>([]);
  const [outsideChanges, setOutsideChanges] = useState(0);
  if (shown !== committed) {
    setShown(committed);
    const own = travelling.indexOf(committed.trim());
    if (own >= 0) {
      setTravelling(travelling.slice(own + 1));
    } else {
      setTravelling([]);
      setInput(committed);
      setOutsideChanges(outsideChanges + 1);
    }
  }
  // The callback of the latest render runs, so it compares with the current search.
  const commitWhenPaused = useDebouncedCallback((text: string) => {
    if (text.trim() === committed.trim() || !accept(text)) return;
    setTravelling((sent) => [...sent, text.trim()]);
    commit(text);
  }, SEARCH_DEBOUNCE_MS);
  useEffect(() => commitWhenPaused.cancel(), [outsideChanges, commitWhenPaused]);

  const change = (text: string) => {
    setInput(text);
    commitWhenPaused(text);
  };
  return [input, change] as const;
}
