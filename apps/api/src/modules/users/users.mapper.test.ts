import { describe, expect, it } from 'vitest';
import type { SessionActor } from '../../access/actor';
import { toCurrentUser } from './users.mapper';

const actor: SessionActor = {
  userId: 'u1',
  type: 'REGIONAL_PARTNER',
  regions: ['LICHTENFELS', 'HORB'],
  organizationId: null,
  email: 'p@b.de',
  name: 'P',
  emailVerified: true,
  privacyStatementSignedAt: new Date('2026-01-02T03:04:05.000Z'),
  termsAndConditionsSignedAt: null,
  legalDue: [],
  notifyViaMail: false,
  notificationInterval: 'WEEKLY',
  organization: null,
  sessionId: 's',
};

describe('toCurrentUser', () => {
  it('gives a partner its first region and ISO dates', () => {
    expect(toCurrentUser(actor)).toEqual({
      id: 'u1',
      type: 'REGIONAL_PARTNER',
      email: 'p@b.de',
      emailVerified: true,
      name: 'P',
      region: 'LICHTENFELS',
      regions: ['LICHTENFELS', 'HORB'],
      organizationId: null,
      organization: null,
      privacyStatementSignedAt: '2026-01-02T03:04:05.000Z',
      termsAndConditionsSignedAt: null,
      legalDue: [],
      notifications: { notifyViaMail: false, interval: 'WEEKLY' },
    });
  });

  it('uses the organisation region for organisation users and drops stray regions', () => {
    const user = toCurrentUser({
      ...actor,
      type: 'ORGANIZATION',
      regions: ['HORB'],
      organizationId: 'o1',
      organization: { id: 'o1', name: 'O', region: 'SOEST', active: true, waitingForApproval: false },
    });
    expect(user.region).toBe('SOEST');
    expect(user.regions).toEqual([]);
  });
});
