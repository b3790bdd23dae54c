import { CANDIDATE_APP_ROUTES } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import { afterSignIn, hashOf, needsSignIn, parseHash, signInFor, type Route } from './routes';

describe('parseHash', () => {
  it('opens Entdecken without a hash', () => {
    expect(parseHash('')).toEqual({ name: 'entdecken' });
    expect(parseHash('#/')).toEqual({ name: 'entdecken' });
  });

  it('reads a posting and a chat with their ids', () => {
    expect(parseHash('#/stelle/3f2a-9')).toEqual({ name: 'stelle', id: '3f2a-9' });
    expect(parseHash('#/nachrichten/org_1')).toEqual({ name: 'chat', organizationId: 'org_1' });
    expect(parseHash('#/nachrichten')).toEqual({ name: 'nachrichten' });
  });

  it('answers unknown and malformed paths with nicht-gefunden', () => {
    expect(parseHash('#/gibtsnicht')).toEqual({ name: 'nicht-gefunden' });
    expect(parseHash('#/stelle')).toEqual({ name: 'nicht-gefunden' });
    expect(parseHash('#/stelle/a%2Fb')).toEqual({ name: 'nicht-gefunden' });
    expect(parseHash('#/stapel/extra')).toEqual({ name: 'nicht-gefunden' });
    expect(parseHash('#/stelle/%E0%A4%A')).toEqual({ name: 'nicht-gefunden' });
  });

  it('keeps only in-app targets as weiter', () => {
    expect(parseHash('#/anmelden?weiter=%2Fstelle%2Fabc')).toEqual({ name: 'anmelden', next: '/stelle/abc' });
    expect(parseHash('#/anmelden?weiter=https%3A%2F%2Fevil.example')).toEqual({ name: 'anmelden', next: null });
    expect(parseHash('#/registrieren?weiter=%2F%2Fevil.example')).toEqual({ name: 'registrieren', next: null });
  });

  it('reads the mail links with their tokens', () => {
    expect(parseHash('#/bestaetigt?token=abc')).toEqual({ name: 'link', action: 'bestaetigt', token: 'abc' });
    expect(parseHash('#/passwort?token=t1&email=a%40b.de')).toEqual({ name: 'passwort', token: 't1' });
  });

  it('has a screen for every route the mails link to (CANDIDATE_APP_ROUTES)', () => {
    for (const path of Object.values(CANDIDATE_APP_ROUTES)) {
      const concrete = path.replace(/:[A-Za-z]+/g, 'id-1');
      expect(parseHash(`#${concrete}?token=x`).name, path).not.toBe('nicht-gefunden');
    }
  });
});

describe('hashOf', () => {
  const routes: Route[] = [
    { name: 'entdecken' },
    { name: 'stapel' },
    { name: 'stelle', id: 'abc' },
    { name: 'chat', organizationId: 'o-1' },
    { name: 'anmelden', next: '/stelle/abc' },
    { name: 'registrieren', next: null },
    { name: 'einstellungen' },
    { name: 'link', action: 'entsperren', token: 'x y' },
    { name: 'passwort', token: 't' },
    { name: 'profil' },
    { name: 'rechtliches' },
  ];
  it.each(routes)('round-trips %o through parseHash', (route) => {
    expect(parseHash(hashOf(route))).toEqual(route);
  });

  it('sends a signed-out visitor to the sign-in and back', () => {
    const chat: Route = { name: 'chat', organizationId: 'o-1' };
    expect(needsSignIn(chat)).toBe(true);
    expect(needsSignIn({ name: 'entdecken' })).toBe(false);
    const signIn = parseHash(hashOf(signInFor(chat)));
    expect(signIn).toEqual({ name: 'anmelden', next: '/nachrichten/o-1' });
    expect(afterSignIn('/nachrichten/o-1')).toEqual(chat);
    expect(afterSignIn(null)).toEqual({ name: 'stapel' });
  });
});
