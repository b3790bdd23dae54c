import { describe, expect, it } from 'vitest';
import { cacheNames, notificationTarget, strategyFor } from './strategy';

const origin = 'https://matchwerk.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: origin + path, mode });

describe('strategyFor', () => {
  it('serves the shell and pages inside /app/ only', () => {
    expect(strategyFor(get('/app/assets/index-abc.js'), origin)).toBe('shell');
    expect(strategyFor(get('/app/', 'navigate'), origin)).toBe('page');
    expect(strategyFor(get('/', 'navigate'), origin)).toBe('network');
  });

  it('keeps lists and chats per user and images cache-first', () => {
    expect(strategyFor(get('/rest/applicant/matchings?cursor=x'), origin)).toBe('lists');
    expect(strategyFor(get('/rest/applicant/chats'), origin)).toBe('lists');
    expect(strategyFor(get('/rest/applicant/chats/org-1'), origin)).toBe('chat');
    expect(strategyFor(get('/rest/public/vacancies/v1/photos/p1'), origin)).toBe('images');
  });

  it('never caches writes, the session, polling or other origins', () => {
    expect(strategyFor({ method: 'POST', url: `${origin}/rest/applicant/matchings`, mode: 'cors' }, origin)).toBe(
      'network',
    );
    expect(strategyFor(get('/rest/auth/get-session'), origin)).toBe('network');
    expect(strategyFor(get('/rest/applicant/chats/org-1/polling'), origin)).toBe('network');
    expect(strategyFor(get('/rest/applicant/unread'), origin)).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://cdn.example/x.js', mode: 'cors' }, origin)).toBe('network');
  });
});

describe('cacheNames and notificationTarget', () => {
  it('names the data caches after their user', () => {
    expect(cacheNames('v1', 'u1')).toEqual({ shell: 'mw-shell-v1', data: 'mw-data-u1', images: 'mw-images-u1' });
    expect(cacheNames('v1', null).data).toBe('mw-data-public');
  });

  it('opens only paths inside the app', () => {
    expect(notificationTarget('/app/#/nachrichten/o1')).toBe('/app/#/nachrichten/o1');
    expect(notificationTarget('https://evil.example/')).toBe('/app/#/nachrichten');
    expect(notificationTarget(undefined)).toBe('/app/#/nachrichten');
  });
});
