import { describe, expect, it } from 'vitest';
import { CANDIDATE_APP_ROUTES, candidateAppPath, candidateAppUrl } from './candidate-app';
import { CANDIDATE_APP_START_PATH, candidateAppPostingPath } from './public-urls';
import { CURRENT_CANDIDATE_LEGAL_VERSIONS, dueCandidateLegalDocuments } from './candidate-legal';

describe('candidateAppUrl', () => {
  it('links into the app under /app/ with the token after the #', () => {
    expect(candidateAppUrl('https://matchwerk.example', 'emailConfirmed', { query: { token: 'a b&c' } })).toBe(
      'https://matchwerk.example/app/#/bestaetigt?token=a%20b%26c',
    );
  });

  it('fills route parameters, drops undefined query values and a trailing slash of the public URL', () => {
    expect(
      candidateAppUrl('https://matchwerk.example/', 'chat', {
        params: { organizationId: 'org/1' },
        query: { from: undefined },
      }),
    ).toBe('https://matchwerk.example/app/#/nachrichten/org%2F1');
  });

  it('gives same-origin paths for the public pages: a posting and the start', () => {
    expect(candidateAppPostingPath('v 1')).toBe('/app/#/stelle/v%201');
    expect(CANDIDATE_APP_START_PATH).toBe('/app/#/entdecken');
    expect(candidateAppPath('signUp', { query: { weiter: '/stelle/x' } })).toBe(
      '/app/#/registrieren?weiter=%2Fstelle%2Fx',
    );
  });

  it('refuses a missing route parameter', () => {
    expect(() => candidateAppUrl('https://x.example', 'chat')).toThrow(/organizationId/);
  });

  it('has one path per route', () => {
    const paths = Object.values(CANDIDATE_APP_ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('dueCandidateLegalDocuments', () => {
  it('lists what is not accepted in its current version, with the last accepted one', () => {
    const due = dueCandidateLegalDocuments([
      { document: 'CANDIDATE_PRIVACY', version: '2020-01-01' },
      { document: 'CANDIDATE_TERMS', version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS },
      { document: 'PRIVACY', version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY },
    ]);
    expect(due).toEqual([
      {
        document: 'CANDIDATE_PRIVACY',
        version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY,
        acceptedVersion: '2020-01-01',
      },
    ]);
  });
});
