import { publicPreviewPath, REGIONS, ROUTE_LIST, ROUTES, type RouteName } from '@matchwerk/shared';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { CenteredProgress } from '../components/feedback/centered-progress';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import type { RouteHandle } from '../lib/route-handle';
import { createHashRouter, useLocation, type RouteConfig, type RouteModule, type RouteTree } from '../lib/router';
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
  Reports: () => import('./routes/reports.route'),
  Administration: () => import('./routes/administration.route'),
};

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
 * The screen's module and, where it has a prefetch, a loader that starts it. The router calls it
 * when the route is entered, not on a change of its search: the screen asks for what it shows next
 * (e.g. the next page by cursor).
 */
function screenModule(queryClient: QueryClient, route: RouteName): () => Promise<RouteModule> {
  return async () => {
    const { Component, prefetch } = await LAZY_ROUTES[route]();
    return { Component, loader: prefetch && prefetchingLoader(queryClient, route, prefetch) };
  };
}

/**
 * ExternalPreview generalised (issue #13): `/vorschau-<region>` for every region (the spec's
 * `/vorschau-lichtenfels` is the route of ROUTES) and `/vorschau-<region>/stelle/<id>` for one posting.
 */
function previewRoutes(queryClient: QueryClient): RouteConfig[] {
  const handle = { route: 'ExternalPreview' } satisfies RouteHandle;
  const lazy = screenModule(queryClient, 'ExternalPreview');
  return REGIONS.flatMap((region) => {
    const path = publicPreviewPath(region);
    return [
      ...(path === ROUTES.ExternalPreview.path ? [] : [{ path, handle, lazy }]),
      { path: `${path}/stelle/:id`, handle, lazy },
    ];
  });
}

export const appRoutes = (queryClient: QueryClient): RouteTree => ({
  layout: <RootLayout />,
  errorElement: <RouteErrorPage />,
  fallback: <LoadingOverlay open />,
  routes: [
    ...ROUTE_LIST.map((route): RouteConfig => ({
      path: route.path,
      handle: { route: route.name } satisfies RouteHandle,
      lazy: screenModule(queryClient, route.name),
    })),
    ...previewRoutes(queryClient),
    { path: '*', element: <NotFoundRoute /> },
  ],
});

export function createAppRouter(queryClient: QueryClient) {
  return createHashRouter(appRoutes(queryClient));
}
