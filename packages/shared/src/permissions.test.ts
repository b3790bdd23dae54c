import { describe, expect, it } from 'vitest';
import {
  AREAS,
  canAccessArea,
  canChangeOrganizationRegion,
  canManageOrganization,
  canReviewFeedback,
  canSendFeedback,
  landingRouteFor,
  type Actor,
  type Area,
} from './permissions';

const actor = (type: Actor['type'], regions: Actor['regions'] = [], organizationId: string | null = null): Actor => ({
  type,
  regions,
  organizationId,
});

/**
 * The whole area table of spec §6, one row per kind of user: every cell is checked, so widening
 * or narrowing any area for any role fails here (mutation testing found rows only half covered).
 */
const AREA_TABLE: [string, Actor, Area[]][] = [
  [
    'admin',
    actor('ADMIN'),
    ['statistics', 'vacancies', 'organizations', 'users', 'orders', 'help', 'reports', 'administration'],
  ],
  [
    'partner of Sindelfingen',
    actor('REGIONAL_PARTNER', ['SINDELFINGEN']),
    ['statistics', 'vacancies', 'organizations', 'users', 'orders', 'studentStatistics', 'help', 'reports'],
  ],
  [
    'partner elsewhere',
    actor('REGIONAL_PARTNER', ['HORB']),
    ['statistics', 'vacancies', 'organizations', 'users', 'help', 'reports'],
  ],
  ['organisation user', actor('ORGANIZATION', [], 'o1'), ['vacancies', 'candidates', 'chats', 'settings', 'help']],
  ['statistics user', actor('STATISTICS'), ['statistics', 'help']],
  // Region lists never open an area to anyone but a partner.
  ['statistics user listing Sindelfingen', actor('STATISTICS', ['SINDELFINGEN']), ['statistics', 'help']],
  ['applicant', actor('APPLICANT'), []],
];

describe('canAccessArea: the full table', () => {
  it.each(AREA_TABLE)('%s', (_name, who, allowed) => {
    expect(AREAS.filter((area) => canAccessArea(who, area))).toEqual(AREAS.filter((area) => allowed.includes(area)));
  });
});

describe('canAccessArea (spec §6)', () => {
  it('shows Orders to admins and to partners of Sindelfingen only', () => {
    expect(canAccessArea(actor('ADMIN'), 'orders')).toBe(true);
    expect(canAccessArea(actor('REGIONAL_PARTNER', ['SINDELFINGEN']), 'orders')).toBe(true);
    expect(canAccessArea(actor('REGIONAL_PARTNER', ['LICHTENFELS', 'HORB']), 'orders')).toBe(false);
    expect(canAccessArea(actor('ORGANIZATION', [], 'o1'), 'orders')).toBe(false);
  });

  it('shows Student statistics to partners of Sindelfingen only, not to admins', () => {
    expect(canAccessArea(actor('REGIONAL_PARTNER', ['SINDELFINGEN']), 'studentStatistics')).toBe(true);
    expect(canAccessArea(actor('ADMIN'), 'studentStatistics')).toBe(false);
  });

  it('keeps statistics users out of vacancies and organisation users out of statistics', () => {
    expect(canAccessArea(actor('STATISTICS'), 'vacancies')).toBe(false);
    expect(canAccessArea(actor('STATISTICS'), 'statistics')).toBe(true);
    expect(canAccessArea(actor('ORGANIZATION', [], 'o1'), 'statistics')).toBe(false);
    expect(canAccessArea(actor('ORGANIZATION', [], 'o1'), 'candidates')).toBe(true);
  });

  it('refuses applicants everywhere', () => {
    for (const area of ['help', 'vacancies', 'candidates', 'settings'] as const) {
      expect(canAccessArea(actor('APPLICANT'), area)).toBe(false);
    }
  });
});

describe('canManageOrganization', () => {
  const org = { id: 'o1', region: 'LICHTENFELS' as const };
  it('lets an organisation user manage only its own organisation', () => {
    expect(canManageOrganization(actor('ORGANIZATION', [], 'o1'), org)).toBe(true);
    expect(canManageOrganization(actor('ORGANIZATION', [], 'o2'), org)).toBe(false);
  });
  it('lets a partner manage only organisations in its regions', () => {
    expect(canManageOrganization(actor('REGIONAL_PARTNER', ['LICHTENFELS', 'HORB']), org)).toBe(true);
    expect(canManageOrganization(actor('REGIONAL_PARTNER', ['SINDELFINGEN']), org)).toBe(false);
  });
  it('lets statistics users and applicants manage no organisation, not even one they name', () => {
    expect(canManageOrganization(actor('STATISTICS', ['LICHTENFELS'], 'o1'), org)).toBe(false);
    expect(canManageOrganization(actor('APPLICANT', ['LICHTENFELS'], 'o1'), org)).toBe(false);
    expect(canManageOrganization(actor('ADMIN'), org)).toBe(true);
  });
});

describe('feedback (ADR 0036)', () => {
  it('every web-app user sends feedback, applicants do not; only administrators review it', () => {
    for (const type of ['ADMIN', 'REGIONAL_PARTNER', 'ORGANIZATION', 'STATISTICS'] as const) {
      expect(canSendFeedback(actor(type))).toBe(true);
      expect(canReviewFeedback(actor(type))).toBe(type === 'ADMIN');
    }
    expect(canSendFeedback(actor('APPLICANT'))).toBe(false);
    expect(canReviewFeedback(actor('APPLICANT'))).toBe(false);
  });
});

describe('landingRouteFor', () => {
  it('sends partners, admins and statistics users to Statistics, others to Settings', () => {
    expect(landingRouteFor('REGIONAL_PARTNER')).toBe('Statistics');
    expect(landingRouteFor('ADMIN')).toBe('Statistics');
    expect(landingRouteFor('STATISTICS')).toBe('Statistics');
    expect(landingRouteFor('ORGANIZATION')).toBe('Settings');
  });
});

describe('canChangeOrganizationRegion (issue #9)', () => {
  it('organisation users keep their region; partners move only into their own; admins anywhere', () => {
    expect(canChangeOrganizationRegion(actor('ORGANIZATION', [], 'o1'), 'SINDELFINGEN', 'SINDELFINGEN')).toBe(true);
    expect(canChangeOrganizationRegion(actor('ORGANIZATION', [], 'o1'), 'SINDELFINGEN', 'HORB')).toBe(false);
    expect(canChangeOrganizationRegion(actor('REGIONAL_PARTNER', ['LICHTENFELS', 'HORB']), 'LICHTENFELS', 'HORB')).toBe(
      true,
    );
    expect(
      canChangeOrganizationRegion(actor('REGIONAL_PARTNER', ['LICHTENFELS', 'HORB']), 'LICHTENFELS', 'SINDELFINGEN'),
    ).toBe(false);
    expect(canChangeOrganizationRegion(actor('ADMIN'), 'LICHTENFELS', 'SINDELFINGEN')).toBe(true);
  });
});
