import { screen, within } from '@testing-library/react';
import type { ChatSummary } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeApplicant, fakeMessage } from '../../../testing/fake-marketplace';
import { fakeUser } from '../../../testing/fake-user';
import { noUnread, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

function summary(
  id: string,
  names: string[],
  familyNames: string[],
  timestamp: string,
  lastMessage: ChatSummary['lastMessage'],
  unread = 0,
): ChatSummary {
  const { photos, photosCount } = fakeApplicant();
  return {
    applicantId: id,
    applicant: { id, names, familyNames, photos: id === 'app-tom' ? ['ph-9'] : photos, photosCount },
    lastMessage,
    timestamp,
    unread,
    contactEnded: false,
  };
}

const chats: ChatSummary[] = [
  summary(
    'app-lea',
    ['Lea'],
    ['Schulz'],
    '2026-11-19T08:00:00.000Z',
    fakeMessage({ sender: 'ORGANIZATION', text: 'Bis Montag!\nGruß', timestamp: '2026-11-19T08:00:00.000Z' }),
  ),
  summary(
    'app-tom',
    ['Tom', 'Luca'],
    ['Becker'],
    '2026-11-20T15:45:00.000Z',
    fakeMessage({ sender: 'APPLICANT', text: 'Danke für die Zusage', timestamp: '2026-11-20T15:45:00.000Z' }),
  ),
  summary('app-ali', ['Ali'], ['Demir'], '2026-11-18T07:00:00.000Z', null),
];

function serveChats(list: ChatSummary[]) {
  serveApi(
    ...sessionHandlers(fakeUser()),
    noUnread(),
    http.get('/rest/messages', () => HttpResponse.json({ chats: list })),
  );
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, mobileView: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Nachrichten (Chats)', () => {
  it('lists chats newest first with name, last message ("Sie: " for own), time and a link to the chat', async () => {
    serveChats(chats);
    renderApp('/chats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nachrichten' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Unterhaltungen' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#/chat/app-tom', '#/chat/app-lea', '#/chat/app-ali']);
    expect(within(links[0]!).getByText('Tom Luca Becker')).toBeTruthy();
    expect(within(links[0]!).getByText('Danke für die Zusage')).toBeTruthy();
    expect(within(links[0]!).getByText(/^20\.11\.2026 \d\d:45$/)).toBeTruthy();
    expect(within(links[1]!).getByText('Sie: Bis Montag! Gruß')).toBeTruthy();
    expect(within(links[2]!).getByText('Noch keine Nachrichten')).toBeTruthy();
  });

  it('shows an empty state that leads to the Anfragen', async () => {
    serveChats([]);
    renderApp('/chats');
    expect(await screen.findByText(/Noch keine Nachrichten\. Sobald Sie eine Anfrage annehmen/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Anfragen' }).getAttribute('href')).toBe('#/');
  });
});
