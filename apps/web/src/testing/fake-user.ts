import type { CurrentUser } from '@matchwerk/shared';

const SIGNED = '2026-01-01T10:00:00.000Z';

/** A verified, legally signed user; override what a test cares about. */
export function fakeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    type: 'ORGANIZATION',
    email: 'anna@example.org',
    emailVerified: true,
    name: 'Anna Beispiel',
    region: 'HORB',
    regions: [],
    organizationId: 'org-1',
    organization: { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB', active: true, waitingForApproval: false },
    privacyStatementSignedAt: SIGNED,
    termsAndConditionsSignedAt: SIGNED,
    legalDue: [],
    notifications: { notifyViaMail: true, interval: 'DAILY' },
    ...overrides,
  };
}

export const fakeAdmin = (o: Partial<CurrentUser> = {}) =>
  fakeUser({ type: 'ADMIN', name: 'Ada Admin', region: null, organizationId: null, organization: null, ...o });

export const fakePartner = (region: CurrentUser['region'] & string, o: Partial<CurrentUser> = {}) =>
  fakeUser({
    type: 'REGIONAL_PARTNER',
    name: 'Paul Partner',
    region,
    regions: [region],
    organizationId: null,
    organization: null,
    ...o,
  });
