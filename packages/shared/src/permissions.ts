/**
 * The permission table of spec §6, defined once. The API enforces it in its services;
 * the web app derives sidebar and route guards from it (but never relies on hiding).
 */
import type { Region } from './regions';
import type { UserType } from './users';

export const AREAS = [
  'statistics',
  'vacancies',
  'candidates',
  'chats',
  'organizations',
  'users',
  'settings',
  'orders',
  'studentStatistics',
  'help',
  'reports',
  'administration',
] as const;
export type Area = (typeof AREAS)[number];

/** The minimum a permission decision needs to know about the signed-in user. */
export interface Actor {
  type: UserType;
  /** A regional partner's regions (one or more); empty for other types. */
  regions: readonly Region[];
  /** The organisation an ORGANIZATION user belongs to. */
  organizationId: string | null;
}

/** The region whose partners see Orders and Student statistics. */
export const ORDERS_PARTNER_REGION: Region = 'SINDELFINGEN';

const isPartnerOf = (actor: Actor, region: Region) =>
  actor.type === 'REGIONAL_PARTNER' && actor.regions.includes(region);

const AREA_RULES: Record<Area, (actor: Actor) => boolean> = {
  statistics: (a) => a.type === 'REGIONAL_PARTNER' || a.type === 'ADMIN' || a.type === 'STATISTICS',
  vacancies: (a) => a.type !== 'STATISTICS' && a.type !== 'APPLICANT',
  candidates: (a) => a.type === 'ORGANIZATION',
  chats: (a) => a.type === 'ORGANIZATION',
  organizations: (a) => a.type === 'ADMIN' || a.type === 'REGIONAL_PARTNER',
  users: (a) => a.type === 'ADMIN' || a.type === 'REGIONAL_PARTNER',
  settings: (a) => a.type === 'ORGANIZATION',
  orders: (a) => a.type === 'ADMIN' || isPartnerOf(a, ORDERS_PARTNER_REGION),
  studentStatistics: (a) => isPartnerOf(a, ORDERS_PARTNER_REGION),
  help: (a) => a.type !== 'APPLICANT',
  // Safeguarding reports (ADR 0101): partners work their regions' reports, administrators all.
  reports: (a) => a.type === 'ADMIN' || a.type === 'REGIONAL_PARTNER',
  // The administrators' area (ADR 0120): feedback inbox, whole audit log, deadlines, failed mails.
  administration: (a) => a.type === 'ADMIN',
};

/** Whether the actor may use an area of the web app (spec §6). Applicants may use none. */
export function canAccessArea(actor: Actor, area: Area): boolean {
  return AREA_RULES[area](actor);
}

/**
 * Ownership rule for one organisation: an organisation user only its own organisation,
 * a regional partner only organisations in its regions, an admin every organisation.
 */
export function canManageOrganization(actor: Actor, organization: { id: string; region: Region }): boolean {
  switch (actor.type) {
    case 'ADMIN':
      return true;
    case 'REGIONAL_PARTNER':
      return actor.regions.includes(organization.region);
    case 'ORGANIZATION':
      return actor.organizationId === organization.id;
    case 'STATISTICS':
    case 'APPLICANT':
      return false;
  }
}

/** A regional partner is checked against a given region (spec §6); admins pass everywhere. */
export function canActInRegion(actor: Actor, region: Region): boolean {
  if (actor.type === 'ADMIN') return true;
  return isPartnerOf(actor, region);
}

/**
 * Whether the actor may move an organisation it manages from one region to another (spec §6,
 * issue #9): admins anywhere, partners only into their own regions, organisation users never —
 * the region decides which partner looks after them. Keeping the region is always allowed.
 */
export function canChangeOrganizationRegion(actor: Actor, from: Region, to: Region): boolean {
  return from === to || canActInRegion(actor, to);
}

/**
 * Who may send feedback (every web-app user) and who reads it and sets its status
 * (administrators only: feedback can concern any region; ADR 0036).
 */
export function canSendFeedback(actor: Actor): boolean {
  return actor.type !== 'APPLICANT';
}
export function canReviewFeedback(actor: Actor): boolean {
  return actor.type === 'ADMIN';
}

/** Where a verified, legally signed user lands after login (spec §2 "Post-login routing"). */
export function landingRouteFor(type: UserType): 'Statistics' | 'Settings' {
  return type === 'REGIONAL_PARTNER' || type === 'ADMIN' || type === 'STATISTICS' ? 'Statistics' : 'Settings';
}

/** Answer deadlines per region (issue 14, ADR 0041): administrators only. */
export function canManageResponseDeadlines(actor: Actor): boolean {
  return actor.type === 'ADMIN';
}
