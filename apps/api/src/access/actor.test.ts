import { describe, expect, it } from 'vitest';
import { requireActor, type SessionActor } from './actor';

const base: SessionActor = {
  userId: 'u1',
  type: 'ORGANIZATION',
  regions: [],
  organizationId: 'o1',
  email: 'a@b.de',
  name: 'A',
  emailVerified: true,
  privacyStatementSignedAt: new Date(),
  termsAndConditionsSignedAt: new Date(),
  notifyViaMail: true,
  notificationInterval: 'DAILY',
  organization: { id: 'o1', name: 'O', region: 'HORB', active: true, waitingForApproval: false },
  sessionId: 's1',
};

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'OK';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('requireActor', () => {
  it('refuses signed-out callers', () => {
    expect(codeOf(() => requireActor(null, { legal: false }))).toBe('UNAUTHENTICATED');
  });
  it('refuses applicants unless allowed', () => {
    const applicant = { ...base, type: 'APPLICANT' as const, organizationId: null, organization: null };
    expect(codeOf(() => requireActor(applicant, { legal: true }))).toBe('APPLICANT_NOT_ALLOWED');
    expect(codeOf(() => requireActor(applicant, { legal: false, allowApplicant: true }))).toBe('OK');
  });
  it('lets only applicants through to the candidate side', () => {
    const applicant = { ...base, type: 'APPLICANT' as const, organizationId: null, organization: null };
    expect(codeOf(() => requireActor(applicant, { legal: true, applicant: true }))).toBe('OK');
    expect(codeOf(() => requireActor({ ...applicant, termsAndConditionsSignedAt: null }, { legal: true, applicant: true }))).toBe('LEGAL_NOT_SIGNED');
    for (const type of ['ORGANIZATION', 'ADMIN', 'REGIONAL_PARTNER', 'STATISTICS'] as const) {
      expect(codeOf(() => requireActor({ ...base, type }, { legal: true, applicant: true }))).toBe('FORBIDDEN');
    }
    expect(codeOf(() => requireActor(null, { legal: true, applicant: true }))).toBe('UNAUTHENTICATED');
  });
  it('applies the legal gate when asked', () => {
    const unsigned = { ...base, privacyStatementSignedAt: null };
    expect(codeOf(() => requireActor(unsigned, { legal: true }))).toBe('LEGAL_NOT_SIGNED');
    expect(codeOf(() => requireActor(unsigned, { legal: false }))).toBe('OK');
  });
  it('checks the permission area', () => {
    expect(codeOf(() => requireActor(base, { legal: true, area: 'settings' }))).toBe('OK');
    expect(codeOf(() => requireActor(base, { legal: true, area: 'organizations' }))).toBe('FORBIDDEN');
  });
});
