/**
 * The web app's routes (spec §2): hash routing with base path "/".
 * Names and paths exactly as the spec gives them; `area` links each route to the permission table.
 */
import type { Area } from './permissions';

export type RouteName =
  | 'Candidates'
  | 'Authaction'
  | 'Statistics'
  | 'Orders'
  | 'Login'
  | 'Signup'
  | 'Vacancies'
  | 'NewVacancy'
  | 'EditVacancy'
  | 'Chat'
  | 'Chats'
  | 'Settings'
  | 'Organizations'
  | 'NewOrganization'
  | 'Organization'
  | 'Users'
  | 'Help'
  | 'StudentStatistics'
  | 'ExternalPreview'
  | 'Accessibility'
  | 'Reports'
  | 'Administration';

export interface RouteDefinition {
  name: RouteName;
  path: string;
  /** German screen title. */
  title: string;
  requiresLogin: boolean;
  /** Permission area a signed-in user needs; undefined for public routes. */
  area?: Area;
}

export const ROUTES = {
  Candidates: { name: 'Candidates', path: '/', title: 'Anfragen', requiresLogin: true, area: 'candidates' },
  Authaction: { name: 'Authaction', path: '/authaction', title: 'Konto-Aktion', requiresLogin: false },
  Statistics: { name: 'Statistics', path: '/statistics', title: 'Statistik', requiresLogin: true, area: 'statistics' },
  Orders: { name: 'Orders', path: '/orders', title: 'Bestellungen', requiresLogin: true, area: 'orders' },
  Login: { name: 'Login', path: '/login', title: 'Anmelden', requiresLogin: false },
  Signup: { name: 'Signup', path: '/signup', title: 'Registrieren', requiresLogin: false },
  Vacancies: {
    name: 'Vacancies',
    path: '/vacancies',
    title: 'Stellenanzeigen',
    requiresLogin: true,
    area: 'vacancies',
  },
  NewVacancy: {
    name: 'NewVacancy',
    path: '/vacancies/new',
    title: 'Neue Stellenanzeige',
    requiresLogin: true,
    area: 'vacancies',
  },
  EditVacancy: {
    name: 'EditVacancy',
    path: '/vacancies/:id',
    title: 'Stellenanzeige bearbeiten',
    requiresLogin: true,
    area: 'vacancies',
  },
  Chat: { name: 'Chat', path: '/chat/:id', title: 'Chat', requiresLogin: true, area: 'chats' },
  Chats: { name: 'Chats', path: '/chats', title: 'Nachrichten', requiresLogin: true, area: 'chats' },
  Settings: { name: 'Settings', path: '/settings', title: 'Mein Unternehmen', requiresLogin: true, area: 'settings' },
  Organizations: {
    name: 'Organizations',
    path: '/organizations',
    title: 'Unternehmen',
    requiresLogin: true,
    area: 'organizations',
  },
  NewOrganization: {
    name: 'NewOrganization',
    path: '/organization/new',
    title: 'Neues Unternehmen',
    requiresLogin: true,
    area: 'organizations',
  },
  Organization: {
    name: 'Organization',
    path: '/organization/:id',
    title: 'Unternehmen bearbeiten',
    requiresLogin: true,
    area: 'organizations',
  },
  Users: { name: 'Users', path: '/users', title: 'Nutzer', requiresLogin: true, area: 'users' },
  Help: { name: 'Help', path: '/help', title: 'Support & Einstellungen', requiresLogin: true, area: 'help' },
  StudentStatistics: {
    name: 'StudentStatistics',
    path: '/student-statistics',
    title: 'Schüler',
    requiresLogin: true,
    area: 'studentStatistics',
  },
  ExternalPreview: {
    name: 'ExternalPreview',
    path: '/vorschau-lichtenfels',
    title: 'Vorschau Landkreis Lichtenfels',
    requiresLogin: false,
  },
  /** Erklärung zur Barrierefreiheit (BITV 2.0): public, like the legal texts (issue #13). */
  Accessibility: {
    name: 'Accessibility',
    path: '/barrierefreiheit',
    title: 'Erklärung zur Barrierefreiheit',
    requiresLogin: false,
  },
  /** Safeguarding reports of candidates (ADR 0101): partners and administrators. */
  Reports: { name: 'Reports', path: '/reports', title: 'Meldungen', requiresLogin: true, area: 'reports' },
  /** The administrators' own area (issue 48 item 10, ADR 0120): feedback, audit log, deadlines, failed mails. */
  Administration: {
    name: 'Administration',
    path: '/verwaltung',
    title: 'Verwaltung',
    requiresLogin: true,
    area: 'administration',
  },
} as const satisfies Record<RouteName, RouteDefinition>;

export const ROUTE_LIST: readonly RouteDefinition[] = Object.values(ROUTES);

/** Builds a concrete path from a route pattern, e.g. `href('EditVacancy', { id: '42' })` → `/vacancies/42`. */
export function href(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter "${key}" for ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * Redirect rule of spec §2: a route that needs login, is not Signup or ExternalPreview,
 * sends a signed-out user to Login.
 */
export function mustRedirectToLogin(route: RouteName, isSignedIn: boolean): boolean {
  if (isSignedIn) return false;
  if (route === 'Signup' || route === 'ExternalPreview') return false;
  return ROUTES[route].requiresLogin;
}
