import { useState } from 'react';

/**
 * True from the first render where `open` is, and from then on: a lazily loaded dialog mounts when
 * it first opens and stays mounted, so that it can play its closing transition and open again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // State from an earlier render, set while rendering (react.dev, "Storing information from previous renders").
  if (open && !opened) setOpened(true);
  return opened || open;
}
