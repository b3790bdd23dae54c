import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeApplicant, fakeMessage } from '../../../testing/fake-marketplace';
import { fakeUser } from '../../../testing/fake-user';
import { apiError, recordRequests, serveApi, sessionHandlers, noUnread } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { chatKeys } from '../api/chats-api';
import { useOutboxStore } from '../stores/outbox-store';

const applicant = fakeApplicant({ id: 'app-lea', names: ['Lea'], familyNames: ['Schulz'] });

const history: ChatMessage[] = [
  fakeMessage({
    id: 'm1',
    seq: 1,
    sender: 'SYSTEM',
    text: 'Die Anfrage wurde angenommen.',
    timestamp: '2026-11-20T09:00:00.000Z',
  }),
  fakeMessage({
    id: 'm2',
    seq: 2,
    sender: 'APPLICANT',
    text: 'Hallo! Mein Lebenslauf: www.example.de/lea',
    timestamp: '2026-11-20T09:05:00.000Z',
  }),
  fakeMessage({
    id: 'm3',
    seq: 3,
    sender: 'ORGANIZATION',
    clientMessageId: '3b0c6f5e-8f0a-4c53-9d43-1f1c2b9c7a10',
    text: 'Danke! javascript:alert(1) ist kein Link.',
    timestamp: '2026-11-20T09:10:00.000Z',
  }),
];

interface ServerOptions {
  /** Answers for the send calls in order; a number is an error status. */
  sendAnswers?: ('ok' | number)[];
  chatStatus?: number;
  /** Messages per chat page (the API's default is 50). */
  pageSize?: number;
  /** Every send is stored, but its answer is lost (the network fails). */
  lostAnswers?: boolean;
}

/** A small fake chat server: messages get ids m<n>; the cursor is the number of messages seen. */
function serveChat(options: ServerOptions = {}) {
  const messages = [...history];
  const sendAnswers = [...(options.sendAnswers ?? [])];
  const polls: string[] = [];
  const reads: number[] = [];
  /** The candidate's read mark ("gelesen"), as the candidate app reports it. */
  let readByApplicant = 0;
  let contactEndedAt: string | null = null;
  const store = (text: string, clientMessageId: string | null, sender: ChatMessage['sender']) => {
    const existing = clientMessageId ? messages.find((m) => m.clientMessageId === clientMessageId) : undefined;
    if (existing) return existing;
    const message = fakeMessage({
      id: `m${messages.length + 1}`,
      seq: messages.length + 1,
      sender,
      text,
      clientMessageId,
      timestamp: new Date().toISOString(),
    });
    messages.push(message);
    return message;
  };
  /** What the send endpoint received, in order (also the sends it answered with an error). */
  const sent: { text: string; clientMessageId: string }[] = [];
  const requests = recordRequests();
  serveApi(
    ...sessionHandlers(fakeUser()),
    http.get('/rest/messages/organization/app-lea', ({ request }) => {
      if (options.chatStatus) return apiError(options.chatStatus, 'NOT_FOUND', 'x');
      // seq = position + 1; `before` is the seq of the oldest message the client has.
      const before = Number(new URL(request.url).searchParams.get('before') ?? messages.length + 1);
      const earlier = messages.slice(0, before - 1);
      const page = earlier.slice(-(options.pageSize ?? 50));
      const older = page.length < earlier.length ? String(earlier.length - page.length + 1) : null;
      return HttpResponse.json({
        applicant,
        messages: page,
        cursor: String(messages.length),
        older,
        readByApplicant,
        contactEndedAt,
      });
    }),
    http.get('/rest/messages/organization/app-lea/polling', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const since = Number(params.get('since'));
      const read = Number(params.get('read') ?? 0);
      polls.push(String(since));
      if (since >= messages.length && read >= readByApplicant) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({ messages: messages.slice(since), cursor: String(messages.length), readByApplicant });
    }),
    http.post('/rest/messages/organization/app-lea/read', async ({ request }) => {
      const { seq } = (await request.json()) as { seq: number };
      reads.push(seq);
      return HttpResponse.json({ readSeq: seq });
    }),
    noUnread(),
    http.post('/rest/messages/app-lea', async ({ request }) => {
      const { text, clientMessageId } = (await request.json()) as { text: string; clientMessageId: string };
      sent.push({ text, clientMessageId });
      if (options.lostAnswers) {
        // The server stored it, but the answer never arrived.
        store(text, clientMessageId, 'ORGANIZATION');
        return HttpResponse.error();
      }
      const answer = sendAnswers.shift() ?? 'ok';
      if (answer !== 'ok') return apiError(answer, 'INTERNAL', 'kaputt');
      return HttpResponse.json(store(text, clientMessageId, 'ORGANIZATION'), { status: 201 });
    }),
    http.get('/rest/messages', () => HttpResponse.json({ chats: [] })),
  );
  return {
    requests,
    polls,
    reads,
    /** The candidate app reports reading up to seq. */
    candidateReads: (seq: number) => {
      readByApplicant = seq;
    },
    /** The candidate writes (as the candidate app would). */
    candidateWrites: (text: string) => store(text, null, 'APPLICANT'),
    /** The candidate ended contact (ADR 0101). */
    endContact: () => {
      contactEndedAt = '2026-11-21T08:00:00.000Z';
    },
    sends: () => sent,
  };
}

function logItems() {
  return within(screen.getByRole('log', { name: 'Nachrichtenverlauf' })).getAllByRole('listitem');
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, mobileView: false, showErrorSnackbar: false });
  useOutboxStore.setState({ messages: [] });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Chat', () => {
  it('shows the newest page and puts older messages in front with "Ältere Nachrichten laden"', async () => {
    const server = serveChat({ pageSize: 2 });
    renderApp('/chat/app-lea');
    const log = await screen.findByRole('log', { name: 'Nachrichtenverlauf' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).queryByText('Die Anfrage wurde angenommen.')).toBeNull();
    await userEvent.setup().click(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' }));
    expect(await within(log).findByText('Die Anfrage wurde angenommen.')).toBeTruthy();
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    expect(server.requests.filter((c) => c.method === 'GET').map((c) => c.path)).toContain(
      '/rest/messages/organization/app-lea?before=2',
    );
    expect(within(log).queryByRole('button', { name: 'Ältere Nachrichten laden' })).toBeNull();
    expect(within(log).getByText('Beginn des Chats')).toBeTruthy();
  });

  it('shows that the candidate ended contact instead of the composer; the history stays readable', async () => {
    serveChat().endContact();
    renderApp('/chat/app-lea');
    expect(await screen.findByText(/hat den Kontakt beendet/)).toBeTruthy();
    expect(logItems()).toHaveLength(3);
    expect(screen.queryByRole('textbox', { name: 'Nachricht schreiben' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Senden' })).toBeNull();
  });

  it('shows the title, the back link and the history with timestamps; links open safely in a new tab', async () => {
    serveChat();
    renderApp('/chat/app-lea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat mit Lea Schulz' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alle Nachrichten' }).getAttribute('href')).toBe('#/chats');
    const log = screen.getByRole('log', { name: 'Nachrichtenverlauf' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(logItems()).toHaveLength(3);
    expect(within(log).getAllByText(/^\d\d\.\d\d\.2026 \d\d:\d\d$/)).toHaveLength(3);

    const link = within(log).getByRole('link', { name: /www\.example\.de\/lea/ });
    expect(link.getAttribute('href')).toBe('https://www.example.de/lea');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(log).getAllByRole('link')).toHaveLength(1);
    expect(within(log).getByText(/javascript:alert\(1\) ist kein Link/)).toBeTruthy();
    // Who wrote what, for screen readers.
    expect(within(log).getByText('Lea Schulz:', { exact: false })).toBeTruthy();
    expect(within(log).getByText('Sie:', { exact: false })).toBeTruthy();
  });

  it('sends with Enter, Shift+Enter starts a new line, and the server copy replaces "wird gesendet…"', async () => {
    const server = serveChat();
    renderApp('/chat/app-lea');
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Nachricht schreiben' });
    // No maxlength: it would cut a pasted text silently (the composer counts and refuses instead).
    expect(field.getAttribute('maxlength')).toBeNull();
    await user.type(field, 'Guten Tag{Shift>}{Enter}{/Shift}Frau Schulz');
    expect((field as HTMLTextAreaElement).value).toBe('Guten Tag\nFrau Schulz');
    await user.type(field, '{Enter}');

    await waitFor(() => expect(server.sends()).toHaveLength(1));
    const sent = server.sends()[0];
    expect(sent?.text).toBe('Guten Tag\nFrau Schulz');
    expect(z.uuid().safeParse(sent?.clientMessageId).success).toBe(true);
    expect((field as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(logItems()).toHaveLength(4));
    await waitFor(() => expect(screen.queryByText('wird gesendet…')).toBeNull());
    expect(useOutboxStore.getState().messages).toEqual([]);
    // The own message shown marks the chat read up to it; awaited, so the request cannot outlive the test.
    await waitFor(() => expect(server.reads.at(-1)).toBe(4));
  });

  it('keeps a failed message as "Nicht gesendet", retries with the same clientMessageId, and shows it once when send answer and poll both deliver it', async () => {
    const server = serveChat({ sendAnswers: [503, 'ok'] });
    const { queryClient } = renderApp('/chat/app-lea');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Nachricht schreiben' }), 'Wann passt es Ihnen?{Enter}');

    expect(await screen.findByText('Nicht gesendet')).toBeTruthy();
    expect(screen.getByText('Wann passt es Ihnen?')).toBeTruthy();
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
    const firstId = server.sends()[0]?.clientMessageId;

    await user.click(screen.getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() => expect(server.sends()).toHaveLength(2));
    expect(server.sends()[1]?.clientMessageId).toBe(firstId);
    // The poll brings the same message (and the cursor moved past it only there).
    await act(() => queryClient.refetchQueries({ queryKey: chatKeys.poll('app-lea') }));

    await waitFor(() => expect(screen.queryByText('Nicht gesendet')).toBeNull());
    expect(screen.getAllByText('Wann passt es Ihnen?')).toHaveLength(1);
    expect(logItems()).toHaveLength(4);
    expect(useOutboxStore.getState().messages).toEqual([]);
  });

  it('drops the outbox entry when a poll delivers the message before the retry', async () => {
    serveChat({ lostAnswers: true });
    const { queryClient } = renderApp('/chat/app-lea');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Nachricht schreiben' }), 'Bis morgen{Enter}');
    expect(await screen.findByText('Nicht gesendet')).toBeTruthy();

    await act(() => queryClient.refetchQueries({ queryKey: chatKeys.poll('app-lea') }));
    await waitFor(() => expect(screen.queryByText('Nicht gesendet')).toBeNull());
    expect(screen.getAllByText('Bis morgen')).toHaveLength(1);
    expect(useOutboxStore.getState().messages).toEqual([]);
  });

  it('polls every 5 s with the cursor: 204 changes nothing, new messages appear', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serveChat();
    renderApp('/chat/app-lea');
    await screen.findByRole('heading', { level: 1, name: 'Chat mit Lea Schulz' });
    expect(server.polls).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(server.polls).toEqual(['3']));
    expect(logItems()).toHaveLength(3);

    server.candidateWrites('Ich kann am Montag um 10 Uhr.');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Ich kann am Montag um 10 Uhr.')).toBeTruthy();
    expect(server.polls).toEqual(['3', '3']);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(server.polls).toEqual(['3', '3', '4']));
    expect(logItems()).toHaveLength(4);
  });

  it('marks the chat read up to the newest message and shows "gelesen" once the candidate has read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serveChat();
    renderApp('/chat/app-lea');
    await screen.findByRole('heading', { level: 1, name: 'Chat mit Lea Schulz' });
    await waitFor(() => expect(server.reads).toEqual([3]));
    const own = () => logItems().find((item) => item.textContent?.includes('javascript:alert(1)'));
    expect(own()?.textContent).not.toContain('gelesen');

    server.candidateReads(3);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(own()?.textContent).toContain('gelesen'));
    // The candidate's own message never says "gelesen".
    expect(logItems().find((item) => item.textContent?.includes('Lebenslauf'))?.textContent).not.toContain('gelesen');

    server.candidateWrites('Bis Montag!');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await screen.findByText('Bis Montag!');
    await waitFor(() => expect(server.reads).toEqual([3, 4]));
  });

  it("explains a chat that does not exist or is not the user's, with a way back", async () => {
    serveChat({ chatStatus: 404 });
    renderApp('/chat/app-lea');
    expect(
      await screen.findByText('Diesen Chat gibt es nicht (mehr) oder Sie haben keinen Zugriff darauf.'),
    ).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'Alle Nachrichten' }).every((l) => l.getAttribute('href') === '#/chats'),
    ).toBe(true);
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });
});
