import { describe, expect, it } from 'vitest';
import { legalDueFor, requireActor, requireOrganizationMember, type SessionActor } from './actor';
import { isUuid } from './ids';

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
  legalDue: [],
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
    expect(
      codeOf(() => requireActor({ ...applicant, termsAndConditionsSignedAt: null }, { legal: true, applicant: true })),
    ).toBe('LEGAL_NOT_SIGNED');
    for (const type of ['ORGANIZATION', 'ADMIN', 'REGIONAL_PARTNER', 'STATISTICS'] as const) {
      expect(codeOf(() => requireActor({ ...base, type }, { legal: true, applicant: true }))).toBe('FORBIDDEN');
    }
    expect(codeOf(() => requireActor(null, { legal: true, applicant: true }))).toBe('UNAUTHENTICATED');
    // The web-app user is told in German where this interface belongs.
    expect(() => requireActor(base, { legal: true, applicant: true })).toThrow(
      'Diese Schnittstelle ist der Matchwerk-App für Bewerberinnen und Bewerber vorbehalten.',
    );
  });
  it('applies the legal gate when asked: a document due in its current version closes it', () => {
    const unsigned = {
      ...base,
      legalDue: [{ document: 'TERMS' as const, version: '2027-01-01', acceptedVersion: '2026-11-26' }],
    };
    expect(codeOf(() => requireActor(unsigned, { legal: true }))).toBe('LEGAL_NOT_SIGNED');
    expect(codeOf(() => requireActor(unsigned, { legal: false }))).toBe('OK');
  });
  it('checks the permission area', () => {
    expect(codeOf(() => requireActor(base, { legal: true, area: 'settings' }))).toBe('OK');
    expect(codeOf(() => requireActor(base, { legal: true, area: 'organizations' }))).toBe('FORBIDDEN');
  });

  it('lists the documents whose current version is not accepted, with the version accepted before', () => {
    const versions = { PRIVACY: '2026-11-26', TERMS: '2027-03-01' };
    const accepted = [
      { document: 'PRIVACY' as const, version: '2026-11-26' },
      { document: 'TERMS' as const, version: '2026-01-01' },
      { document: 'TERMS' as const, version: '2026-11-26' },
    ];
    expect(legalDueFor('ORGANIZATION', accepted, versions)).toEqual([
      { document: 'TERMS', version: '2027-03-01', acceptedVersion: '2026-11-26' },
    ]);
    expect(legalDueFor('ADMIN', [], versions)).toEqual([
      { document: 'PRIVACY', version: '2026-11-26', acceptedVersion: null },
      { document: 'TERMS', version: '2027-03-01', acceptedVersion: null },
    ]);
    expect(legalDueFor('ORGANIZATION', [...accepted, { document: 'TERMS', version: '2027-03-01' }], versions)).toEqual(
      [],
    );
    // Candidates accept the mobile app's texts: their two dates decide.
    expect(legalDueFor('APPLICANT', [], versions)).toEqual([]);
  });
});

describe('requireOrganizationMember', () => {
  it('lets an organisation user with accepted legal texts into its area', () => {
    expect(requireOrganizationMember(base, 'candidates').organizationId).toBe('o1');
  });
  it('closes the area while a legal text is due', () => {
    const unsigned = {
      ...base,
      legalDue: [{ document: 'PRIVACY' as const, version: '2027-01-01', acceptedVersion: null }],
    };
    expect(codeOf(() => requireOrganizationMember(unsigned, 'candidates'))).toBe('LEGAL_NOT_SIGNED');
  });
  it('refuses a user of the area without an organisation', () => {
    expect(codeOf(() => requireOrganizationMember({ ...base, organizationId: null }, 'chats'))).toBe('FORBIDDEN');
  });
  it('refuses roles outside the area', () => {
    expect(codeOf(() => requireOrganizationMember({ ...base, type: 'ADMIN' }, 'candidates'))).toBe('FORBIDDEN');
  });
});

describe('isUuid', () => {
  const id = '0b6c3d1e-2f4a-4b5c-8d6e-7f8091a2b3c4';
  it('accepts a UUID in either case', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
  });
  it('accepts nothing around or inside it: no SQL error from a uuid column', () => {
    for (const value of ['', `x${id}`, `${id}x`, ` ${id}`, `${id}\n`, id.slice(0, -1), id.replaceAll('-', '')]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
