import type { RouteName } from '@matchwerk/shared';
import { useRouteHandle } from './router';

/** Every route of the router carries its spec name in `handle`. */
export interface RouteHandle {
  route: RouteName;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { route?: unknown }).route === 'string';
}

/** Name of the deepest matched route, undefined on the not-found page. */
export function useCurrentRouteName(): RouteName | undefined {
  const handle = useRouteHandle();
  return isRouteHandle(handle) ? handle.route : undefined;
}
