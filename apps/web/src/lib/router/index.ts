/** The app's hash router (ADR 0080). */
export type { Location } from './history';
export { matchPath, type Params } from './match-path';
export {
  createHashRouter,
  createMemoryRouter,
  type AppRouter,
  type BlockerFunction,
  type NavigateOptions,
  type RouteConfig,
  type RouteLoader,
  type RouteModule,
  type RouteTree,
} from './router';
export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useRouteHandle,
  useSearchParams,
  type LinkProps,
  type NavigateFunction,
} from './router-react';
