import { publicPreviewPath, REGIONS, ROUTE_LIST, ROUTES, type RouteName } from '@matchwerk/shared';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { createHashRouter, useLocation, type RouteObject } from 'react-router';
import { CenteredProgress } from '../components/feedback/centered-progress';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import type { RouteHandle } from '../lib/route-handle';
import { RootLayout } from './root-layout';
import { prefetchingLoader, type RoutePrefetch } from './route-prefetch';
import { RouteErrorPage } from './route-error';

/** A screen's module: its component, and the first request it makes if that can start earlier. */
type LazyRoute = () => Promise<{ Component: ComponentType; prefetch?: RoutePrefetch }>;

const externalPreview: LazyRoute = () => import('./routes/external-preview.route');

/** One lazy module per screen, so the login route loads only what it shows. */
const LAZY_ROUTES: Record<RouteName, LazyRoute> = {
  Candidates: () => import('./routes/candidates.route'),
  Authaction: () => import('./routes/authaction.route'),
  Statistics: () => import('./routes/statistics.route'),
  Orders: () => import('./routes/orders.route'),
  Login: () => import('./routes/login.route'),
  Signup: () => import('./routes/login.route'),
  Vacancies: () => import('./routes/vacancies.route'),
  NewVacancy: () => import('./routes/vacancy-editor.route'),
  EditVacancy: () => import('./routes/vacancy-editor.route'),
  Chat: () => import('./routes/chat.route'),
  Chats: () => import('./routes/chats.route'),
  Settings: () => import('./routes/settings.route'),
  Organizations: () => import('./routes/organizations.route'),
  NewOrganization: () => import('./routes/organization.route'),
  Organization: () => import('./routes/organization.route'),
  Users: () => import('./routes/users.route'),
  Help: () => import('./routes/help.route'),
  StudentStatistics: () => import('./routes/student-statistics.route'),
  ExternalPreview: externalPreview,
  Accessibility: () => import('./routes/accessibility.route'),
};

/**
 * ExternalPreview generalised (issue #13): `/vorschau-<region>` for every region (the spec's
 * `/vorschau-lichtenfels` is the route of ROUTES) and `/vorschau-<region>/stelle/<id>` for one posting.
 */
const previewRoutes: RouteObject[] = REGIONS.flatMap((region) => {
  const path = publicPreviewPath(region);
  const handle = { route: 'ExternalPreview' } satisfies RouteHandle;
  return [
    ...(path === ROUTES.ExternalPreview.path ? [] : [{ path, handle, lazy: externalPreview }]),
    { path: `${path}/stelle/:id`, handle, lazy: externalPreview },
  ];
});

const PreviewNotFound = lazy(() => externalPreview().then((module) => ({ default: module.Component })));
// In the app's frame (MUI), which the login does not load (ADR 0064).
const NotFoundPage = lazy(() => import('../components/feedback/not-found').then((m) => ({ default: m.NotFoundPage })));

/** An unknown page; under `/vorschau-` the preview's own "region not found" with the regions that exist. */
function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<CenteredProgress />}>
      {pathname.startsWith('/vorschau-') ? <PreviewNotFound /> : <NotFoundPage />}
    </Suspense>
  );
}

/**
 * The screen's module and, where it has a prefetch, a loader that starts it. Not revalidated on a
 * change of the search: the screen asks for what it shows next (e.g. the next page by cursor).
 */
function screenRoute(queryClient: QueryClient, route: RouteName): RouteObject['lazy'] {
  return async () => {
    const { Component, prefetch } = await LAZY_ROUTES[route]();
    if (!prefetch) return { Component };
    return { Component, loader: prefetchingLoader(queryClient, route, prefetch), shouldRevalidate: () => false };
  };
}

export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first lazy route module loads.
    hydrateFallbackElement: <LoadingOverlay open />,
    children: [
      ...ROUTE_LIST.map((route): RouteObject => ({
        path: route.path,
        handle: { route: route.name } satisfies RouteHandle,
        lazy: screenRoute(queryClient, route.name),
      })),
      ...previewRoutes,
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createHashRouter(appRoutes(queryClient));
}
