/**
 * The app's router (ADR 0080): which screen the address shows, its module loaded before it is
 * shown (the previous screen stays until then, with `navigation` 'loading'), a screen's first
 * request started beside that (`loader`, ADR 0063), and navigation held back while a screen has
 * unsaved changes (blockers). Framework-free; router-react.tsx renders it.
 */
import type { ComponentType, ReactNode } from 'react';
import { createHashHistory, createMemoryHistory, parsePath, type AppHistory, type Location } from './history';
import { bySpecificity, matchPath, type Params } from './match-path';

export type RouteLoader = (input: { params: Params; searchParams: URLSearchParams }) => void;

/** A screen's module. */
export interface RouteModule {
  Component: ComponentType;
  /** Called when the route is entered (not on a change of its params or search): starts its first request. */
  loader?: RouteLoader;
}

export interface RouteConfig {
  path: string;
  /** What the app knows the route by (its spec name: route-handle.ts). */
  handle?: unknown;
  lazy?: () => Promise<RouteModule>;
  /** A route with nothing to load (the not-found page). */
  element?: ReactNode;
}

/** The whole tree: one layout around every screen (it renders `<Outlet />`). */
export interface RouteTree {
  layout: ReactNode;
  /** Shown while the first screen's module loads. */
  fallback?: ReactNode;
  /** Shown instead of everything when a screen fails to load or to render. */
  errorElement: ReactNode;
  routes: readonly RouteConfig[];
}

export interface RouteMatch {
  route: RouteConfig;
  params: Params;
}

export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

export type BlockerFunction = (input: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

/** A navigation a blocker held back: `proceed` lets it happen, `reset` stays. */
export interface BlockedNavigation {
  blockerKey: string;
  proceed: () => void;
  reset: () => void;
}

export interface RouterState {
  /** False until the first screen's module has loaded. */
  initialized: boolean;
  location: Location;
  match: RouteMatch | null;
  Component: ComponentType | null;
  /** 'loading' while the next screen's module loads. */
  navigation: 'idle' | 'loading';
  /** A screen whose module failed to load. */
  failure: { error: unknown } | null;
  blocked: BlockedNavigation | null;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface AppRouter {
  readonly tree: RouteTree;
  readonly state: RouterState;
  /** A path (`/chat/1?x=y`), a search of the current path (`?page=2`), or steps back (-1) or forward. */
  navigate: (to: string | number, options?: NavigateOptions) => Promise<void>;
  createHref: (path: string) => string;
  subscribe: (listener: () => void) => () => void;
  setBlocker: (key: string, shouldBlock: BlockerFunction) => void;
  deleteBlocker: (key: string) => void;
  dispose: () => void;
}

/**
 * An address of the app: absolute (`/chat/1?x=y`) or a search of the current path (`?page=2`).
 * Relative paths are refused: the app has none, and guessing their base would hide a mistake.
 */
export function resolvePath(to: string, current: Pick<Location, 'pathname'>): string {
  if (to.startsWith('?')) return `${current.pathname}${to}`;
  if (to.startsWith('/')) return to;
  throw new Error(`Router: "${to}" is neither an absolute path nor a search.`);
}

export function createRouter(tree: RouteTree, history: AppHistory): AppRouter {
  const routes = bySpecificity(tree.routes);
  const modules = new Map<RouteConfig, RouteModule>();
  const loading = new Map<RouteConfig, Promise<RouteModule>>();
  const blockers = new Map<string, BlockerFunction>();
  const listeners = new Set<() => void>();
  // Each navigation's number: a module that arrives after a newer navigation began is not shown.
  let latest = 0;
  // The entry shown: where a Back/Forward that a blocker holds back is undone to.
  let shownIndex = history.index;
  // The route of the screen shown: its loader runs again only when another route is entered.
  let entered: RouteConfig | null = null;
  // The entries of an undo and of the step the user then let through, by key: neither is asked again.
  let undoTo: string | null = null;
  let proceedTo: string | null = null;

  let state: RouterState = {
    initialized: false,
    location: history.location,
    match: null,
    Component: null,
    navigation: 'idle',
    failure: null,
    blocked: null,
  };
  const update = (changes: Partial<RouterState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };

  const matchRoute = (pathname: string): RouteMatch | null => {
    for (const route of routes) {
      const params = matchPath(route.path, pathname);
      if (params) return { route, params };
    }
    return null;
  };

  const moduleOf = (route: RouteConfig): RouteModule | Promise<RouteModule> | undefined => {
    if (!route.lazy) return undefined;
    const loaded = modules.get(route);
    if (loaded) return loaded;
    let promise = loading.get(route);
    if (!promise) {
      promise = route.lazy().then(
        (module) => {
          modules.set(route, module);
          return module;
        },
        (error: unknown) => {
          // The next attempt (another click, the error page's reload) asks the server again.
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, promise);
    }
    return promise;
  };

  /** Shows `match` at the location `write` puts into the history, once its module is there. */
  const show = (id: number, match: RouteMatch | null, write: () => Location) => {
    const commit = (module: RouteModule | undefined) => {
      const location = write();
      shownIndex = history.index;
      const entering = match && match.route !== entered;
      entered = match?.route ?? null;
      // A navigation held back earlier is void once another one has happened (as React Router did).
      update({
        initialized: true,
        location,
        match,
        Component: module?.Component ?? null,
        navigation: 'idle',
        failure: null,
        blocked: null,
      });
      if (entering && module?.loader) {
        module.loader({ params: match.params, searchParams: new URLSearchParams(location.search) });
      }
    };
    const module = match ? moduleOf(match.route) : undefined;
    if (!(module instanceof Promise)) {
      commit(module);
      return Promise.resolve();
    }
    update({ navigation: 'loading' });
    return module.then(
      (loaded) => {
        if (id === latest) commit(loaded);
      },
      (error: unknown) => {
        if (id !== latest) return;
        const location = write();
        shownIndex = history.index;
        // Entering the route again, once it loads, runs its loader.
        entered = null;
        update({
          initialized: true,
          location,
          match,
          Component: null,
          navigation: 'idle',
          failure: { error },
          blocked: null,
        });
      },
    );
  };

  const blockerFor = (nextLocation: Location, historyAction: HistoryAction): string | undefined => {
    for (const [key, shouldBlock] of blockers) {
      if (shouldBlock({ currentLocation: state.location, nextLocation, historyAction })) return key;
    }
    return undefined;
  };

  const push = (to: string, options: NavigateOptions, askBlockers: boolean): Promise<void> => {
    const { pathname, search } = parsePath(resolvePath(to, state.location));
    const historyAction: HistoryAction = options.replace ? 'REPLACE' : 'PUSH';
    const next: Location = { pathname, search, state: options.state ?? null, key: '' };
    const blockerKey = askBlockers ? blockerFor(next, historyAction) : undefined;
    if (blockerKey !== undefined) {
      update({
        blocked: {
          blockerKey,
          proceed: () => {
            update({ blocked: null });
            void push(to, options, false);
          },
          reset: () => update({ blocked: null }),
        },
      });
      return Promise.resolve();
    }
    const id = ++latest;
    return show(id, matchRoute(pathname), () => {
      const write = options.replace ? history.replace : history.push;
      write(`${pathname}${search}`, options.state);
      return history.location;
    });
  };

  const stopListening = history.listen(({ location, index }) => {
    if (undoTo !== null && location.key === undoTo) {
      undoTo = null;
      return;
    }
    const letThrough = proceedTo !== null && location.key === proceedTo;
    proceedTo = null;
    const blockerKey = letThrough || index === shownIndex ? undefined : blockerFor(location, 'POP');
    if (blockerKey !== undefined) {
      // The browser already shows the other entry: go back to where the user was while they decide.
      const undo = shownIndex - index;
      undoTo = state.location.key;
      history.go(undo);
      update({
        blocked: {
          blockerKey,
          proceed: () => {
            update({ blocked: null });
            proceedTo = location.key;
            history.go(-undo);
          },
          reset: () => update({ blocked: null }),
        },
      });
      return;
    }
    const id = ++latest;
    void show(id, matchRoute(location.pathname), () => location);
  });

  void show(++latest, matchRoute(history.location.pathname), () => history.location);

  return {
    tree,
    get state() {
      return state;
    },
    navigate: (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      return push(to, options, true);
    },
    createHref: (path) => history.createHref(resolvePath(path, state.location)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setBlocker: (key, shouldBlock) => {
      blockers.set(key, shouldBlock);
    },
    deleteBlocker: (key) => {
      blockers.delete(key);
      if (state.blocked?.blockerKey === key) update({ blocked: null });
    },
    dispose: () => {
      stopListening();
      history.dispose();
      listeners.clear();
      blockers.clear();
    },
  };
}

export const createHashRouter = (tree: RouteTree, win: Window = window) => createRouter(tree, createHashHistory(win));

export const createMemoryRouter = (tree: RouteTree, { initialEntries = ['/'] }: { initialEntries?: string[] } = {}) =>
  createRouter(tree, createMemoryHistory(initialEntries));
