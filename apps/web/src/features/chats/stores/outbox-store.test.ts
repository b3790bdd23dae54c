import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingMessage } from '../lib/chat-messages';
import { useOutboxStore } from './outbox-store';

const pending = (clientMessageId: string, status: PendingMessage['status']): PendingMessage => ({
  clientMessageId,
  applicantId: 'app-1',
  authorId: 'user-1',
  text: 'Hallo',
  createdAt: '2026-11-21T10:00:00.000Z',
  status,
});

beforeEach(() => {
  sessionStorage.clear();
  useOutboxStore.setState({ messages: [] });
});

describe('chat outbox', () => {
  it('keeps unconfirmed messages in sessionStorage', () => {
    useOutboxStore.getState().add(pending('c1', 'sending'));
    expect(sessionStorage.getItem('matchwerk-chat-outbox')).toContain('"c1"');
    useOutboxStore.getState().remove(['c1']);
    expect(sessionStorage.getItem('matchwerk-chat-outbox')).not.toContain('"c1"');
  });

  it('after a reload shows a message that was still sending as not sent (it may or may not have arrived)', async () => {
    sessionStorage.setItem(
      'matchwerk-chat-outbox',
      JSON.stringify({ state: { messages: [pending('c1', 'sending'), pending('c2', 'failed')] }, version: 1 }),
    );
    await useOutboxStore.persist.rehydrate();
    expect(useOutboxStore.getState().messages.map((m) => [m.clientMessageId, m.status])).toEqual([
      ['c1', 'failed'],
      ['c2', 'failed'],
    ]);
  });

  it('adds the same clientMessageId only once', () => {
    useOutboxStore.getState().add(pending('c1', 'failed'));
    useOutboxStore.getState().add(pending('c1', 'sending'));
    expect(useOutboxStore.getState().messages).toHaveLength(1);
  });
});
