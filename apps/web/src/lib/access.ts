/**
 * Pure navigation decisions: the route guard (spec §2 redirect rule + §6 permissions + legal
 * gate) and post-login routing. Kept free of React so they are tested directly.
 */
import {
  canAccessArea,
  hasSignedLegal,
  landingRouteFor,
  mustRedirectToLogin,
  ROUTES,
  type CurrentUser,
  type RouteDefinition,
  type RouteName,
} from '@matchwerk/shared';
import { matchPath } from './router';
import { actorFor, isSignedInUser } from './session';

export function landingPathFor(user: CurrentUser): string {
  return ROUTES[landingRouteFor(user.type)].path;
}

// Static paths before parametrised ones, so /vacancies/new is NewVacancy, not EditVacancy.
const ROUTES_BY_SPECIFICITY = Object.values(ROUTES).sort(
  (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
);

/** The route a path belongs to, or undefined. */
export function routeNameForPath(path: string): RouteName | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return ROUTES_BY_SPECIFICITY.find((route) => matchPath(route.path, pathname))?.name;
}

export function canOpenRoute(user: CurrentUser, route: RouteName): boolean {
  const definition: RouteDefinition = ROUTES[route];
  return definition.area === undefined || canAccessArea(actorFor(user), definition.area);
}

/**
 * A redirect target from `?redirect=` is followed only if it is an in-app path of a
 * protected route the user may open (no open redirects, no loop back to Login).
 */
export function safeRedirectTarget(user: CurrentUser, redirect: string | null | undefined): string | undefined {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return undefined;
  const route = routeNameForPath(redirect);
  if (!route || !ROUTES[route].requiresLogin || !canOpenRoute(user, route)) return undefined;
  return redirect;
}

export type RouteDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  | { kind: 'noPermission'; landingPath: string }
  | { kind: 'legalGate' };

export interface RouteAccessInput {
  route: RouteName;
  user: CurrentUser | null | undefined;
  /** Current path with search, kept as `?redirect=` when sending to Login. */
  currentPath: string;
  /** The `redirect` search parameter on Login/Signup. */
  redirectParam?: string | null;
  /** Right after logout the app goes to a plain Login (spec §2 "After logout: Login"). */
  loggingOut?: boolean;
}

export function loginPathWithRedirect(currentPath: string): string {
  return currentPath && currentPath !== '/'
    ? `${ROUTES.Login.path}?redirect=${encodeURIComponent(currentPath)}`
    : ROUTES.Login.path;
}

export function decideRouteAccess({
  route,
  user,
  currentPath,
  redirectParam,
  loggingOut,
}: RouteAccessInput): RouteDecision {
  const signedIn = isSignedInUser(user);
  if (mustRedirectToLogin(route, signedIn)) {
    return { kind: 'redirect', to: loggingOut ? ROUTES.Login.path : loginPathWithRedirect(currentPath) };
  }
  if (!signedIn) return { kind: 'render' };

  if (route === 'Login' || route === 'Signup') {
    // Same target as post-login routing: the intended page only once the legal texts are signed.
    const redirect = hasSignedLegal(user) ? safeRedirectTarget(user, redirectParam) : undefined;
    return { kind: 'redirect', to: redirect ?? landingPathFor(user) };
  }
  if (!ROUTES[route].requiresLogin) return { kind: 'render' };
  if (!hasSignedLegal(user)) return { kind: 'legalGate' };
  if (!canOpenRoute(user, route)) {
    // The root route (Candidates) forwards other roles to their landing page: the mobile
    // post-login full page load lands there (spec §2).
    if (route === 'Candidates') return { kind: 'redirect', to: landingPathFor(user) };
    return { kind: 'noPermission', landingPath: landingPathFor(user) };
  }
  return { kind: 'render' };
}

export type PostLoginDecision =
  | { kind: 'applicantRefused' }
  | { kind: 'emailNotVerified' }
  | { kind: 'navigate'; to: string }
  | { kind: 'reloadRoot' };

export interface PostLoginInput {
  user: CurrentUser;
  redirectParam?: string | null;
  mobileView: boolean;
}

/** Post-login routing of spec §2. The legal gate shows on whatever route we land on. */
export function decidePostLogin({ user, redirectParam, mobileView }: PostLoginInput): PostLoginDecision {
  if (user.type === 'APPLICANT') return { kind: 'applicantRefused' };
  if (!user.emailVerified) return { kind: 'emailNotVerified' };
  const redirect = safeRedirectTarget(user, redirectParam);
  if (redirect && hasSignedLegal(user)) return { kind: 'navigate', to: redirect };
  // Spec §2: the mobile full page load to the root replaces going to Statistics. Employers land on
  // Mein Unternehmen on every device (issue 48 item 10): the root is their Anfragen, not their home.
  if (mobileView && landingRouteFor(user.type) === 'Statistics') return { kind: 'reloadRoot' };
  return { kind: 'navigate', to: landingPathFor(user) };
}

/** Where accepting the legal texts leads (spec §2: Vacancies; statistics users may not open it). */
export function pathAfterLegalAccepted(user: CurrentUser): string {
  return canOpenRoute(user, 'Vacancies') ? ROUTES.Vacancies.path : landingPathFor(user);
}

/** The spec's full page load to the root path: drops the hash so the browser really reloads. */
export function reloadAtRoot(): void {
  window.location.assign(window.location.pathname);
}
