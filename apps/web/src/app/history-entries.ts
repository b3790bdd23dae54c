/**
 * React Router's hash history numbers each history entry it creates (`idx` in `history.state`)
 * and tells a blocker how far a Back/Forward went from the difference. An entry the browser made
 * on its own — the user edited the `#/…` part in the address bar — has no number: the router then
 * cannot block the navigation (the unsaved-changes dialog would be skipped and the changes lost)
 * and warns "You are trying to use a blocker on a POP navigation…" in the console.
 *
 * This listener runs before the router's (capture phase, registered first) and gives such an
 * entry the next number after the entry it was made from, the same state a router PUSH writes, so
 * the router treats it as a step forward that a blocker can undo.
 */

interface RouterHistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

function indexOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  const { idx } = state;
  return typeof idx === 'number' ? idx : null;
}

function randomKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export interface HistoryEntryNumbering {
  /** Call after every router navigation: remembers the number of the entry now shown. */
  sync: () => void;
  dispose: () => void;
}

/** Install before the router is created, so this popstate listener runs before the router's. */
export function numberBrowserMadeHistoryEntries(win: Window = window): HistoryEntryNumbering {
  // The router numbers the first entry 0 when it starts, if it has no number yet.
  let current = indexOf(win.history.state) ?? 0;
  const onPopState = () => {
    const index = indexOf(win.history.state);
    if (index !== null) {
      current = index;
      return;
    }
    current += 1;
    const state: RouterHistoryState = { usr: null, key: randomKey(), idx: current };
    win.history.replaceState(state, '');
  };
  win.addEventListener('popstate', onPopState, { capture: true });
  return {
    sync: () => {
      current = indexOf(win.history.state) ?? current;
    },
    dispose: () => win.removeEventListener('popstate', onPopState, { capture: true }),
  };
}
