import { ROUTE_LIST, type RouteName } from '@matchwerk/shared';
import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import { NotFoundPage } from '../components/feedback/not-found';
import type { RouteHandle } from '../lib/route-handle';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error';

type LazyRoute = () => Promise<{ Component: ComponentType }>;

const placeholder: LazyRoute = () => import('./routes/placeholder.route');

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
  ExternalPreview: placeholder,
  Accessibility: () => import('./routes/accessibility.route'),
};

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first lazy route module loads.
    hydrateFallbackElement: <LoadingOverlay open />,
    children: [
      ...ROUTE_LIST.map(
        (route): RouteObject => ({
          path: route.path,
          handle: { route: route.name } satisfies RouteHandle,
          lazy: LAZY_ROUTES[route.name],
        }),
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
