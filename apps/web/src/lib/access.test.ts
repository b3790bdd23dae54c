import { describe, expect, it } from 'vitest';
import { fakeAdmin, fakePartner, fakeUser } from '../testing/fake-user';
import {
  decidePostLogin,
  decideRouteAccess,
  pathAfterLegalAccepted,
  routeNameForPath,
  safeRedirectTarget,
} from './access';

const unsigned = {
  privacyStatementSignedAt: null,
  termsAndConditionsSignedAt: null,
  legalDue: [
    { document: 'PRIVACY' as const, version: '2026-11-26', acceptedVersion: null },
    { document: 'TERMS' as const, version: '2026-11-26', acceptedVersion: null },
  ],
};

describe('decideRouteAccess', () => {
  it('sends a signed-out user from a protected route to Login and keeps the intended path', () => {
    expect(decideRouteAccess({ route: 'Users', user: null, currentPath: '/users' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fusers',
    });
    expect(decideRouteAccess({ route: 'Candidates', user: null, currentPath: '/' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('goes to a plain Login right after logout', () => {
    expect(decideRouteAccess({ route: 'Users', user: null, currentPath: '/users', loggingOut: true })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('lets signed-out users open public routes', () => {
    for (const route of ['Login', 'Signup', 'Authaction', 'ExternalPreview'] as const) {
      expect(decideRouteAccess({ route, user: null, currentPath: '/x' })).toEqual({ kind: 'render' });
    }
  });

  it('treats an applicant like a signed-out user', () => {
    const applicant = fakeUser({ type: 'APPLICANT' });
    expect(decideRouteAccess({ route: 'Login', user: applicant, currentPath: '/login' })).toEqual({ kind: 'render' });
    expect(decideRouteAccess({ route: 'Help', user: applicant, currentPath: '/help' }).kind).toBe('redirect');
  });

  it('sends a signed-in user away from Login to the redirect target or the landing page', () => {
    expect(decideRouteAccess({ route: 'Login', user: fakeAdmin(), currentPath: '/login' })).toEqual({
      kind: 'redirect',
      to: '/statistics',
    });
    expect(decideRouteAccess({ route: 'Signup', user: fakeUser(), currentPath: '/signup' })).toEqual({
      kind: 'redirect',
      to: '/settings',
    });
    expect(
      decideRouteAccess({ route: 'Login', user: fakeAdmin(), currentPath: '/login', redirectParam: '/users' }),
    ).toEqual({
      kind: 'redirect',
      to: '/users',
    });
  });

  it('ignores the redirect target on Login while the legal texts are missing', () => {
    expect(
      decideRouteAccess({ route: 'Login', user: fakeAdmin(unsigned), currentPath: '/login', redirectParam: '/users' }),
    ).toEqual({
      kind: 'redirect',
      to: '/statistics',
    });
  });

  it('shows the legal gate on protected routes until both texts are accepted', () => {
    expect(decideRouteAccess({ route: 'Settings', user: fakeUser(unsigned), currentPath: '/settings' })).toEqual({
      kind: 'legalGate',
    });
    expect(decideRouteAccess({ route: 'Authaction', user: fakeUser(unsigned), currentPath: '/authaction' })).toEqual({
      kind: 'render',
    });
  });

  it('refuses areas the role may not use, but forwards the root route to the landing page', () => {
    expect(decideRouteAccess({ route: 'Settings', user: fakeAdmin(), currentPath: '/settings' })).toEqual({
      kind: 'noPermission',
      landingPath: '/statistics',
    });
    expect(decideRouteAccess({ route: 'Candidates', user: fakeAdmin(), currentPath: '/' })).toEqual({
      kind: 'redirect',
      to: '/statistics',
    });
    expect(decideRouteAccess({ route: 'Candidates', user: fakeUser(), currentPath: '/' })).toEqual({ kind: 'render' });
    expect(decideRouteAccess({ route: 'Orders', user: fakePartner('LICHTENFELS'), currentPath: '/orders' }).kind).toBe(
      'noPermission',
    );
    expect(decideRouteAccess({ route: 'Orders', user: fakePartner('SINDELFINGEN'), currentPath: '/orders' })).toEqual({
      kind: 'render',
    });
  });
});

describe('routeNameForPath / safeRedirectTarget', () => {
  it('prefers static paths over parametrised ones', () => {
    expect(routeNameForPath('/vacancies/new')).toBe('NewVacancy');
    expect(routeNameForPath('/vacancies/42?x=1')).toBe('EditVacancy');
    expect(routeNameForPath('/nope')).toBeUndefined();
  });

  it('follows only in-app paths the user may open', () => {
    expect(safeRedirectTarget(fakeAdmin(), '/users')).toBe('/users');
    expect(safeRedirectTarget(fakeUser(), '/users')).toBeUndefined();
    expect(safeRedirectTarget(fakeAdmin(), '//evil.example')).toBeUndefined();
    expect(safeRedirectTarget(fakeAdmin(), 'https://evil.example')).toBeUndefined();
    expect(safeRedirectTarget(fakeAdmin(), '/login')).toBeUndefined();
  });
});

describe('decidePostLogin', () => {
  it('refuses applicants and unverified accounts', () => {
    expect(decidePostLogin({ user: fakeUser({ type: 'APPLICANT' }), mobileView: false })).toEqual({
      kind: 'applicantRefused',
    });
    expect(decidePostLogin({ user: fakeUser({ emailVerified: false }), mobileView: false })).toEqual({
      kind: 'emailNotVerified',
    });
  });

  it('sends partners, admins and statistics users to Statistics and others to Settings', () => {
    expect(decidePostLogin({ user: fakeAdmin(), mobileView: false })).toEqual({ kind: 'navigate', to: '/statistics' });
    expect(decidePostLogin({ user: fakePartner('HORB'), mobileView: false })).toEqual({
      kind: 'navigate',
      to: '/statistics',
    });
    expect(decidePostLogin({ user: fakeUser({ type: 'STATISTICS' }), mobileView: false })).toEqual({
      kind: 'navigate',
      to: '/statistics',
    });
    expect(decidePostLogin({ user: fakeUser(), mobileView: false })).toEqual({ kind: 'navigate', to: '/settings' });
  });

  it('follows an allowed redirect, else reloads the root on mobile (roles landing on Statistics)', () => {
    expect(decidePostLogin({ user: fakeAdmin(), redirectParam: '/users', mobileView: true })).toEqual({
      kind: 'navigate',
      to: '/users',
    });
    expect(decidePostLogin({ user: fakeAdmin(), mobileView: true })).toEqual({ kind: 'reloadRoot' });
  });

  it('sends employers to Mein Unternehmen on phones too, not to the root (their Anfragen; issue 48 item 10)', () => {
    expect(decidePostLogin({ user: fakeUser(), redirectParam: '/users', mobileView: true })).toEqual({
      kind: 'navigate',
      to: '/settings',
    });
    expect(decidePostLogin({ user: fakeUser(), mobileView: true })).toEqual({ kind: 'navigate', to: '/settings' });
  });

  it('goes to the landing page when the legal texts are missing (the gate shows there)', () => {
    expect(decidePostLogin({ user: fakeAdmin(unsigned), redirectParam: '/users', mobileView: false })).toEqual({
      kind: 'navigate',
      to: '/statistics',
    });
  });
});

describe('pathAfterLegalAccepted', () => {
  it('goes to Vacancies, or to the landing page for statistics users', () => {
    expect(pathAfterLegalAccepted(fakeUser())).toBe('/vacancies');
    expect(pathAfterLegalAccepted(fakeUser({ type: 'STATISTICS' }))).toBe('/statistics');
  });
});
