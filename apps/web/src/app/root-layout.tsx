import { ROUTES, type RouteName } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, use, useDeferredValue, useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation, useSearchParams } from '../lib/router';
import { CenteredProgress } from '../components/feedback/centered-progress';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import type { AppShellProps } from '../components/layout/app-shell';
import { PlainFrame } from '../components/plain/plain-frame';
import { decideRouteAccess } from '../lib/access';
import { dismissLoginPrerender, isLoginPrerenderShown } from '../lib/login-prerender';
import { useCurrentRouteName } from '../lib/route-handle';
import { configQueryOptions, currentUserQueryOptions, isSignedInUser, useSignOut } from '../lib/session';
import { useUiStore } from '../stores/ui-store';
import { lazyThemed } from '../theme/lazy-themed';
import type * as appFrame from './app-frame';

// Shown only while a later screen's module loads: not part of the first screen's bundle (ADR 0032),
// with its theme, as it shows in the plain frame too.
const NavigationProgress = lazyThemed(() =>
  import('../components/feedback/navigation-progress').then((m) => m.NavigationProgress),
);

// Signed-out screens (Login) never show the sidebar: keep it out of their initial bundle.
export const loadSidebar = () => import('./polling-sidebar');
const PollingSidebar = lazy(() => loadSidebar().then((m) => ({ default: m.PollingSidebar })));

type AppFrameModule = typeof appFrame;
let appFrameLoading: Promise<AppFrameModule> | undefined;
let appFrameModule: AppFrameModule | undefined;

/**
 * MUI and the app shell: every screen's frame but the login's and signup's (ADR 0064). main.tsx
 * starts it with the app when the page opens elsewhere, so the first screen renders without waiting.
 */
export function loadAppFrame(): Promise<AppFrameModule> {
  appFrameLoading ??= import('./app-frame').then((module) => (appFrameModule = module));
  return appFrameLoading;
}

/** The app's frame; suspends only while its chunk still loads (never once it has: no extra render pass). */
function AppFrame(props: AppShellProps) {
  const { AppFrame: Frame } = appFrameModule ?? use(loadAppFrame());
  return <Frame {...props} />;
}

const NoPermissionPage = lazy(() =>
  import('../components/feedback/no-permission').then((m) => ({ default: m.NoPermissionPage })),
);

/** Screens shown in the plain frame: what a signed-out visitor opens first loads no MUI. */
const PLAIN_FRAME_ROUTES: ReadonlySet<RouteName> = new Set(['Login', 'Signup']);

/** Fetches the sidebar and the app's frame once the first screen is up, so they are there right after sign-in. */
function usePreloadSignedInFrame() {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void loadAppFrame();
      void loadSidebar();
    }, 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

const LegalGate = lazy(() => import('../features/legal/components/legal-gate').then((m) => ({ default: m.LegalGate })));

/**
 * Loads what every screen needs (config, current user) and flips `renderApp` once the user is
 * known. The config (support address, demo mailbox note) arrives beside it and fills in when it
 * is there: waiting for it would make the signed-out login wait for zod, which parses it (ADR 0032).
 */
function useBootstrap() {
  useQuery(configQueryOptions);
  const user = useQuery(currentUserQueryOptions);
  const renderApp = useUiStore((s) => s.renderApp);
  const setRenderApp = useUiStore((s) => s.setRenderApp);
  const ready = !user.isPending;
  useEffect(() => {
    if (ready && !renderApp) setRenderApp(true);
  }, [ready, renderApp, setRenderApp]);
  // The first screen's mount is the page's largest piece of work: deferred, React renders it in
  // slices and keeps the main thread free for input (a store update alone renders in one block).
  // Preact, which the build runs on (ADR 0072), returns the value as it is: there a long list
  // slices itself (lib/render-in-slices.ts, ADR 0073).
  return { renderApp: useDeferredValue(renderApp), user: user.data };
}

/** An applicant whose session survives a reload is refused like at sign-in (spec §1). */
function useRefuseApplicant(isApplicant: boolean) {
  const signOut = useSignOut();
  const setApplicantRefused = useUiStore((s) => s.setApplicantRefused);
  const { mutate, isPending } = signOut;
  useEffect(() => {
    if (isApplicant && !isPending) {
      setApplicantRefused(true);
      mutate();
    }
  }, [isApplicant, isPending, mutate, setApplicantRefused]);
}

export function RootLayout() {
  const { renderApp, user } = useBootstrap();
  const route = useCurrentRouteName();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const mainRef = useRef<HTMLElement>(null);
  const loggingOut = useUiStore((s) => s.loggingOut);
  const setLoggingOut = useUiStore((s) => s.setLoggingOut);
  const navigation = useNavigation();
  useRefuseApplicant(user?.type === 'APPLICANT');
  usePreloadSignedInFrame();

  useEffect(() => {
    if (loggingOut && route === 'Login') setLoggingOut(false);
  }, [loggingOut, route, setLoggingOut]);

  // The feedback form on Help sends the screen the user came from (ADR 0036).
  const setLastPage = useUiStore((s) => s.setLastPage);
  useEffect(() => {
    if (route && route !== 'Help') setLastPage(`${location.pathname}${location.search}`);
  }, [route, location.pathname, location.search, setLastPage]);

  // Spec §2: the content area starts at the top on every navigation.
  useLayoutEffect(() => {
    mainRef.current?.scrollTo?.({ top: 0 });
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  // The login prerendered into index.html stays until a screen is there (ADR 0061): the login
  // screen takes it over itself, any other screen (e.g. a signed-in user's landing) removes it.
  const otherScreenShown = renderApp && route !== 'Login';
  useLayoutEffect(() => {
    if (otherScreenShown) dismissLoginPrerender();
  }, [otherScreenShown]);

  if (!renderApp) return isLoginPrerenderShown() ? null : <LoadingOverlay open />;

  const decision = route
    ? decideRouteAccess({
        route,
        user,
        currentPath: `${location.pathname}${location.search}`,
        redirectParam: searchParams.get('redirect'),
        loggingOut,
      })
    : ({ kind: 'render' } as const);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  const showNavigation =
    // The external preview is a public page: no sidebar, also for a signed-in visitor. Nor the
    // e-mail link page: its link signs in, but it is no screen of the app yet (issue 48 item 9).
    isSignedInUser(user) &&
    route !== 'Login' &&
    route !== 'Signup' &&
    route !== 'ExternalPreview' &&
    route !== 'Authaction' &&
    decision.kind !== 'legalGate';

  const logout = () => {
    signOut.mutate(undefined, { onSettled: () => void navigate(ROUTES.Login.path) });
  };

  const content = (
    <>
      {navigation.state !== 'idle' && (
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      )}
      {decision.kind === 'noPermission' && (
        <Suspense fallback={<CenteredProgress />}>
          <NoPermissionPage landingPath={decision.landingPath} />
        </Suspense>
      )}
      {decision.kind === 'legalGate' && (
        <Suspense fallback={<CenteredProgress />}>
          <LegalGate />
        </Suspense>
      )}
      {decision.kind === 'render' && (
        <Suspense fallback={<CenteredProgress />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );

  if (decision.kind === 'render' && route && PLAIN_FRAME_ROUTES.has(route)) {
    return <PlainFrame mainRef={mainRef}>{content}</PlainFrame>;
  }

  return (
    <Suspense fallback={<LoadingOverlay open />}>
      <AppFrame
        navigationUser={showNavigation ? user : undefined}
        activeRoute={route}
        onLogout={logout}
        mainRef={mainRef}
        sidebar={PollingSidebar}
      >
        {content}
      </AppFrame>
    </Suspense>
  );
}
