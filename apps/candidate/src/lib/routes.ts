/**
 * The candidate app's hash routes (`/app/#/entdecken`, `/app/#/stelle/<id>`, …). The paths mails
 * link to come from CANDIDATE_APP_ROUTES (packages/shared), so a mail never links to a screen
 * the app lacks (routes.test.ts walks them all); the deck, a posting and the install guide are
 * the app's own. Pure functions: the router (app.tsx), the service worker and the tests share them.
 */
import { CANDIDATE_APP_ROUTES } from '@matchwerk/shared';

/** The one-time links of the candidate's mails, each with its token. */
export type LinkAction = 'bestaetigt' | 'email-aendern' | 'email-zurueck' | 'entsperren';

export type Route =
  | { name: 'entdecken' }
  | { name: 'anmelden'; next: string | null }
  | { name: 'registrieren'; next: string | null }
  | { name: 'link'; action: LinkAction; token: string }
  | { name: 'passwort'; token: string }
  | { name: 'stapel' }
  | { name: 'stelle'; id: string }
  | { name: 'anfragen' }
  | { name: 'nachrichten' }
  | { name: 'chat'; organizationId: string }
  | { name: 'profil' }
  | { name: 'einstellungen' }
  | { name: 'rechtliches' }
  | { name: 'hilfe' }
  | { name: 'installieren' }
  | { name: 'nicht-gefunden' };

export type RouteName = Route['name'];

/** Screens that need a signed-in candidate; the others are public. */
const SIGNED_IN_ONLY = new Set<RouteName>(['stapel', 'anfragen', 'nachrichten', 'chat', 'profil', 'einstellungen']);

export function needsSignIn(route: Route): boolean {
  return SIGNED_IN_ONLY.has(route.name);
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const first = (path: string) => path.split('/')[1] ?? '';

/** The mail routes' first segments (`/bestaetigt` → `bestaetigt`). */
const MAIL = {
  discover: first(CANDIDATE_APP_ROUTES.discover),
  signIn: first(CANDIDATE_APP_ROUTES.signIn),
  signUp: first(CANDIDATE_APP_ROUTES.signUp),
  emailConfirmed: first(CANDIDATE_APP_ROUTES.emailConfirmed),
  resetPassword: first(CANDIDATE_APP_ROUTES.resetPassword),
  confirmEmailChange: first(CANDIDATE_APP_ROUTES.confirmEmailChange),
  recoverEmail: first(CANDIDATE_APP_ROUTES.recoverEmail),
  unlockSignIn: first(CANDIDATE_APP_ROUTES.unlockSignIn),
  matchings: first(CANDIDATE_APP_ROUTES.matchings),
  chats: first(CANDIDATE_APP_ROUTES.chats),
  profile: first(CANDIDATE_APP_ROUTES.profile),
  settings: first(CANDIDATE_APP_ROUTES.settings),
  legal: first(CANDIDATE_APP_ROUTES.legal),
  help: first(CANDIDATE_APP_ROUTES.help),
};

const LINK_ACTIONS: Record<string, LinkAction> = {
  [MAIL.emailConfirmed]: 'bestaetigt',
  [MAIL.confirmEmailChange]: 'email-aendern',
  [MAIL.recoverEmail]: 'email-zurueck',
  [MAIL.unlockSignIn]: 'entsperren',
};

const SIMPLE: Record<string, RouteName> = {
  stapel: 'stapel',
  installieren: 'installieren',
  [MAIL.matchings]: 'anfragen',
  [MAIL.profile]: 'profil',
  [MAIL.settings]: 'einstellungen',
  [MAIL.legal]: 'rechtliches',
  [MAIL.help]: 'hilfe',
};

/** Only paths inside the app may be a `weiter` target (no other origin, no scheme). */
function safeNext(value: string | null): string | null {
  return value && /^\/[a-z]/.test(value) && !value.startsWith('//') ? value : null;
}

/** Reads a location hash (`#/stelle/abc?x=1`) as a route; an empty hash is Entdecken. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', query = ''] = raw.split('?', 2);
  const params = new URLSearchParams(query);
  let segments: string[];
  try {
    segments = pathPart.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { name: 'nicht-gefunden' };
  }
  const [head, second, ...rest] = segments;
  const notFound: Route = { name: 'nicht-gefunden' };
  if (rest.length > 0) return notFound;
  if (head === undefined || head === MAIL.discover) return second === undefined ? { name: 'entdecken' } : notFound;
  if (head === 'stelle') return second !== undefined && ID.test(second) ? { name: 'stelle', id: second } : notFound;
  if (head === MAIL.chats) {
    if (second === undefined) return { name: 'nachrichten' };
    return ID.test(second) ? { name: 'chat', organizationId: second } : notFound;
  }
  if (second !== undefined) return notFound;
  if (head === MAIL.signIn) return { name: 'anmelden', next: safeNext(params.get('weiter')) };
  if (head === MAIL.signUp) return { name: 'registrieren', next: safeNext(params.get('weiter')) };
  if (head === MAIL.resetPassword) return { name: 'passwort', token: params.get('token') ?? '' };
  const action = LINK_ACTIONS[head];
  if (action) return { name: 'link', action, token: params.get('token') ?? '' };
  const simple = SIMPLE[head];
  return simple ? ({ name: simple } as Route) : notFound;
}

/** The hash of a route (`#/…`), the inverse of parseHash. */
export function hashOf(route: Route): string {
  switch (route.name) {
    case 'entdecken':
      return `#/${MAIL.discover}`;
    case 'stelle':
      return `#/stelle/${encodeURIComponent(route.id)}`;
    case 'nachrichten':
      return `#/${MAIL.chats}`;
    case 'chat':
      return `#/${MAIL.chats}/${encodeURIComponent(route.organizationId)}`;
    case 'anmelden':
    case 'registrieren': {
      const path = route.name === 'anmelden' ? MAIL.signIn : MAIL.signUp;
      return route.next ? `#/${path}?weiter=${encodeURIComponent(route.next)}` : `#/${path}`;
    }
    case 'passwort':
      return `#/${MAIL.resetPassword}?token=${encodeURIComponent(route.token)}`;
    case 'link':
      return `#/${route.action}?token=${encodeURIComponent(route.token)}`;
    case 'anfragen':
      return `#/${MAIL.matchings}`;
    case 'profil':
      return `#/${MAIL.profile}`;
    case 'einstellungen':
      return `#/${MAIL.settings}`;
    case 'rechtliches':
      return `#/${MAIL.legal}`;
    case 'hilfe':
      return `#/${MAIL.help}`;
    case 'stapel':
    case 'installieren':
      return `#/${route.name}`;
    case 'nicht-gefunden':
      return `#/${MAIL.discover}`;
  }
}

/** The route a signed-out visitor of a signed-in screen is sent to: sign in, then back. */
export function signInFor(route: Route): Route {
  return { name: 'anmelden', next: hashOf(route).slice(1) };
}

/** Where the e-mail confirmation screen leads back to (the `weiter` of the sign-up, kept in localStorage). */
export const RETURN_KEY = 'matchwerk.weiter';

/** Where `weiter` leads after sign-in (the deck without one). */
export function afterSignIn(next: string | null): Route {
  const target = next ? parseHash(`#${next}`) : null;
  return target && target.name !== 'nicht-gefunden' ? target : { name: 'stapel' };
}

export function navigate(route: Route): void {
  window.location.hash = hashOf(route);
}
