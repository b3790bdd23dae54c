import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UnreadResponse } from '@matchwerk/shared';
import { MemoryRouter } from '../../../testing/memory-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import '../../../lib/locales/register-company-texts';
import { apiError, serveApi } from '../../../testing/api-server';
import { NewSincePanel } from './new-since-panel';

const nothing: UnreadResponse = {
  cursor: 'a.b.c',
  matchingsVersion: 'a',
  chatsVersion: 'b',
  matchings: 0,
  messages: 0,
  newMatchings: [],
  unreadChats: [],
};

function renderPanel(answer: () => Response) {
  serveApi(http.get('/rest/unread', answer));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NewSincePanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Neu seit Ihrem letzten Besuch' });
}

describe('NewSincePanel', () => {
  it('says so when nothing is new', async () => {
    const panel = renderPanel(() => HttpResponse.json(nothing));
    expect(await within(panel).findByText('Nichts Neues seit Ihrem letzten Besuch')).toBeTruthy();
  });

  it('links each new matching to Anfragen and each chat with unread messages to the chat', async () => {
    const panel = renderPanel(() =>
      HttpResponse.json({
        ...nothing,
        matchings: 12,
        messages: 3,
        newMatchings: [
          {
            vacancyId: 'v1',
            vacancyTitle: 'Ausbildung Tischler',
            applicantId: 'a1',
            applicant: { names: ['Lea'], familyNames: ['Schulz'] },
            createdAt: '2026-11-20T09:00:00.000Z',
          },
        ],
        unreadChats: [
          {
            applicantId: 'a2',
            applicant: { names: ['Tom'], familyNames: ['Becker'] },
            unread: 3,
            lastMessageAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      } satisfies UnreadResponse),
    );
    expect(await within(panel).findByRole('heading', { name: '12 neue Anfragen' })).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: 'Lea Schulz interessiert sich für „Ausbildung Tischler“' })
        .getAttribute('href'),
    ).toBe('#/');
    // More new ones than listed: the rest is reachable, not dropped.
    expect(within(panel).getByRole('link', { name: 'Alle offenen Anfragen ansehen (12 neu)' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: '3 ungelesene Nachrichten' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Tom Becker: 3 ungelesene Nachrichten' }).getAttribute('href')).toBe(
      '#/chat/a2',
    );
  });

  it('shows a load error with a retry button', async () => {
    const panel = renderPanel(() => apiError(500, 'INTERNAL', 'kaputt'));
    expect(await within(panel).findByText('Die Neuigkeiten konnten nicht geladen werden.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
