/**
 * Where the app is: the `#/path?search` part of the address (hash routing, spec §3), or a list of
 * entries in memory for tests and the login's prerender. Every entry the app makes carries its
 * position (`idx`) in `history.state`, so a Back or Forward is known as a step of some size that a
 * blocker can undo (ADR 0080).
 */

export interface Location {
  pathname: string;
  /** `?…` or the empty string. */
  search: string;
  /** What the navigation that made this entry passed along (`navigate(to, { state })`). */
  state: unknown;
  /** Unique per entry: a screen that reads `state` once can tell a new entry from a re-render. */
  key: string;
}

/** A Back or Forward (or a `go`): the browser already shows `location`, the entry at `index`. */
export interface PopUpdate {
  location: Location;
  index: number;
}

export interface AppHistory {
  readonly location: Location;
  /** The position of the entry shown. */
  readonly index: number;
  push: (path: string, state?: unknown) => void;
  replace: (path: string, state?: unknown) => void;
  go: (delta: number) => void;
  /** Back and Forward only: `push` and `replace` are the caller's own and not reported. */
  listen: (listener: (update: PopUpdate) => void) => () => void;
  createHref: (path: string) => string;
  dispose: () => void;
}

/** What the app writes into `history.state`: the caller's state, the entry's key and its position. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function entryState(state: unknown): EntryState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { idx, key, usr } = state as Partial<EntryState>;
  return typeof idx === 'number' && typeof key === 'string' ? { idx, key, usr } : null;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** `/a?b=1` into its path and search; a path without a leading slash is taken from the root. */
export function parsePath(path: string): { pathname: string; search: string } {
  const queryAt = path.indexOf('?');
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  const search = queryAt === -1 ? '' : path.slice(queryAt);
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search: search === '?' ? '' : search };
}

/** Links are written the same in the browser, the tests and the prerender: `#/signup` (ADR 0061). */
const hashHref = (path: string) => `#${path}`;

/**
 * The browser's history, with the path in the address's `#…`. An entry the browser made on its
 * own (the user edited `#/…` in the address bar, or a plain `<a href="#/…">` was followed) has no
 * position yet: it gets the next one after the entry it was made from, so that a blocker can undo
 * it like a step forward.
 */
export function createHashHistory(win: Window = window): AppHistory {
  const listeners = new Set<(update: PopUpdate) => void>();
  const readLocation = (): Location => {
    const entry = entryState(win.history.state);
    const hash = win.location.hash.replace(/^#/, '');
    return { ...parsePath(hash || '/'), state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };

  let index = entryState(win.history.state)?.idx;
  if (index === undefined) {
    index = 0;
    win.history.replaceState({ usr: null, key: createKey(), idx: index } satisfies EntryState, '');
  }
  let current = index;
  let location = readLocation();

  const write = (method: 'pushState' | 'replaceState', path: string, state: unknown, idx: number) => {
    win.history[method]({ usr: state ?? null, key: createKey(), idx } satisfies EntryState, '', hashHref(path));
    current = idx;
    location = readLocation();
  };

  const onPopState = () => {
    let entry = entryState(win.history.state);
    if (!entry) {
      const next = readLocation();
      // The same address again (Enter in the address bar, a link to the page shown): the browser
      // replaced the entry, it did not add one.
      if (next.pathname === location.pathname && next.search === location.search) {
        win.history.replaceState({ usr: location.state, key: location.key, idx: current } satisfies EntryState, '');
        return;
      }
      entry = { usr: null, key: createKey(), idx: current + 1 };
      win.history.replaceState(entry, '');
    }
    current = entry.idx;
    location = readLocation();
    for (const listener of listeners) listener({ location, index: current });
  };
  win.addEventListener('popstate', onPopState);

  return {
    get location() {
      return location;
    },
    get index() {
      return current;
    },
    push: (path, state) => write('pushState', path, state, current + 1),
    replace: (path, state) => write('replaceState', path, state, current),
    go: (delta) => win.history.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: hashHref,
    dispose: () => {
      win.removeEventListener('popstate', onPopState);
      listeners.clear();
    },
  };
}

/** The same in memory: the tests' router and the login's prerender. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): AppHistory {
  const listeners = new Set<(update: PopUpdate) => void>();
  const toLocation = (path: string, state: unknown = null): Location => ({
    ...parsePath(path),
    state,
    key: createKey(),
  });
  const entries = (initialEntries.length > 0 ? initialEntries : ['/']).map((path) => toLocation(path));
  let index = entries.length - 1;
  return {
    get location() {
      return entries[index] as Location;
    },
    get index() {
      return index;
    },
    push: (path, state) => {
      entries.splice(index + 1, entries.length, toLocation(path, state ?? null));
      index += 1;
    },
    replace: (path, state) => {
      entries[index] = toLocation(path, state ?? null);
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      const location = entries[index] as Location;
      for (const listener of listeners) listener({ location, index });
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: hashHref,
    dispose: () => listeners.clear(),
  };
}
