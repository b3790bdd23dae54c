import { canAccessArea, ROUTES, type Actor, type Area, type RouteName } from '@matchwerk/shared';

export type SidebarLabelKey =
  | 'nav.statistics'
  | 'nav.vacancies'
  | 'nav.candidates'
  | 'nav.chats'
  | 'nav.organizations'
  | 'nav.users'
  | 'nav.settings'
  | 'nav.orders'
  | 'nav.studentStatistics'
  | 'nav.help'
  | 'nav.reports'
  | 'nav.administration';

export interface SidebarEntry {
  area: Area;
  labelKey: SidebarLabelKey;
  route: RouteName;
  path: string;
  /** Routes on which this entry is highlighted (spec §2). */
  activeOn: readonly RouteName[];
}

const entry = (
  area: Area,
  labelKey: SidebarLabelKey,
  route: RouteName,
  activeOn: readonly RouteName[] = [route],
): SidebarEntry => ({
  area,
  labelKey,
  route,
  path: ROUTES[route].path,
  activeOn,
});

/** Sidebar entries in the spec's order (§2); logout is added by the sidebar itself. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  entry('statistics', 'nav.statistics', 'Statistics'),
  entry('vacancies', 'nav.vacancies', 'Vacancies', ['Vacancies', 'NewVacancy', 'EditVacancy']),
  entry('candidates', 'nav.candidates', 'Candidates'),
  entry('chats', 'nav.chats', 'Chats', ['Chats', 'Chat']),
  entry('organizations', 'nav.organizations', 'Organizations', ['Organizations', 'Organization', 'NewOrganization']),
  entry('users', 'nav.users', 'Users'),
  entry('settings', 'nav.settings', 'Settings'),
  entry('orders', 'nav.orders', 'Orders'),
  entry('studentStatistics', 'nav.studentStatistics', 'StudentStatistics'),
  entry('reports', 'nav.reports', 'Reports'),
  entry('administration', 'nav.administration', 'Administration'),
  entry('help', 'nav.help', 'Help', ['Help', 'Accessibility']),
];

export function sidebarEntriesFor(actor: Actor): SidebarEntry[] {
  return SIDEBAR_ENTRIES.filter((e) => canAccessArea(actor, e.area));
}
