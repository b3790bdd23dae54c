/** The router in React: its provider, the screen's outlet, links and hooks (ADR 0080). */
import {
  Component,
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Location } from './history';
import type { Params } from './match-path';
import { resolvePath, type AppRouter, type BlockerFunction, type NavigateOptions, type RouterState } from './router';

const RouterContext = createContext<AppRouter | null>(null);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(): AppRouter {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links need a <RouterProvider> above them.');
  return router;
}

function useRouterState(): RouterState {
  const router = useRouter();
  return useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
}

interface BoundaryProps {
  /** A new location clears the error: the user can leave a screen that failed. */
  resetKey: string;
  errorElement: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: { value: unknown } | null;
  resetKey: string;
}

/** A screen (or the layout) that throws while rendering shows the error page instead of nothing. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(value: unknown): Partial<BoundaryState> {
    return { error: { value } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RouteErrorContext.Provider value={error.value}>{this.props.errorElement}</RouteErrorContext.Provider>;
  }
}

/** Renders the tree's layout once the first screen's module is there (its fallback until then). */
export function RouterProvider({ router }: { router: AppRouter }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const { tree } = router;
  let content: ReactNode;
  if (!state.initialized) content = tree.fallback ?? null;
  else if (state.failure) {
    content = <RouteErrorContext.Provider value={state.failure.error}>{tree.errorElement}</RouteErrorContext.Provider>;
  } else {
    content = (
      <RouteErrorBoundary resetKey={state.location.key} errorElement={tree.errorElement}>
        {tree.layout}
      </RouteErrorBoundary>
    );
  }
  return <RouterContext.Provider value={router}>{content}</RouterContext.Provider>;
}

/** The current screen. */
export function Outlet() {
  const { Component: Screen, match } = useRouterState();
  if (Screen) return <Screen />;
  return <>{match?.route.element ?? null}</>;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useParams(): Params {
  return useRouterState().match?.params ?? NO_PARAMS;
}
const NO_PARAMS: Params = {};

/** What the matched route carries in `handle`; undefined on the not-found page. */
export function useRouteHandle(): unknown {
  return useRouterState().match?.route.handle;
}

export function useNavigation(): { state: RouterState['navigation'] } {
  return { state: useRouterState().navigation };
}

/** The error the error page is shown for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback<NavigateFunction>((to, options) => router.navigate(to, options), [router]);
}

export type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The current search, and a setter that navigates to the same path with another search. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      const query = new URLSearchParams(init).toString();
      void router.navigate(`${router.state.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [searchParams, setSearchParams];
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface Blocker {
  state: 'unblocked' | 'blocked';
  proceed?: () => void;
  reset?: () => void;
}

/**
 * Holds back a navigation `shouldBlock` says yes to, in the app and by Back/Forward, until
 * `proceed` or `reset`. Closing or reloading the tab is the page's own `beforeunload`.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useRouter();
  const key = useId();
  const { blocked } = useRouterState();
  useLayoutEffect(() => {
    router.setBlocker(key, shouldBlock);
  }, [router, key, shouldBlock]);
  useLayoutEffect(() => () => router.deleteBlocker(key), [router, key]);
  if (blocked?.blockerKey !== key) return UNBLOCKED;
  return { state: 'blocked', proceed: blocked.proceed, reset: blocked.reset };
}
const UNBLOCKED: Blocker = { state: 'unblocked' };

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

const withModifier = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** A link into the app: a real `href` (new tab, copy address), a click navigates in place. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, ...rest },
  ref,
) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || withModifier(event) || (target && target !== '_self')) return;
    event.preventDefault();
    // A link to the page shown replaces its entry, so that Back does not seem to do nothing.
    const { pathname, search } = router.state.location;
    void router.navigate(to, {
      replace: replace ?? resolvePath(to, router.state.location) === `${pathname}${search}`,
      state,
    });
  };
  return <a {...rest} ref={ref} href={router.createHref(to)} target={target} onClick={handleClick} />;
});
