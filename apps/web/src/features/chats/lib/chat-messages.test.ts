import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMessage } from '../../../testing/fake-marketplace';
import { applyPoll, applySentMessage, mergeMessages, newClientMessageId, unconfirmed, type PendingMessage } from './chat-messages';

const a = fakeMessage({ id: 'a', timestamp: '2026-11-20T10:00:00.000Z' });
const b = fakeMessage({ id: 'b', timestamp: '2026-11-20T10:01:00.000Z', sender: 'ORGANIZATION', clientMessageId: 'c-b' });
const c = fakeMessage({ id: 'c', timestamp: '2026-11-20T10:02:00.000Z' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mergeMessages', () => {
  it('adds new messages in time order and drops copies by id', () => {
    expect(mergeMessages([a, c], [b, c]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('drops a second message with the same clientMessageId', () => {
    const twin = { ...b, id: 'b2' };
    expect(mergeMessages([a, b], [twin]).map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('orders mixed offsets by the instant, not the string', () => {
    const berlin = fakeMessage({ id: 'x', timestamp: '2026-11-20T11:00:30+01:00' }); // 10:00:30Z
    expect(mergeMessages([a, b], [berlin]).map((m) => m.id)).toEqual(['a', 'x', 'b']);
  });
});

describe('applyPoll / applySentMessage', () => {
  const chat = { applicant: {} as never, messages: [a], cursor: 'k1' };

  it('a send answer and a poll delivering the same message leave it once', () => {
    const afterSend = applySentMessage(chat, b);
    expect(afterSend.cursor).toBe('k1');
    const afterPoll = applyPoll(afterSend, { messages: [b, c], cursor: 'k2' });
    expect(afterPoll.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(afterPoll.cursor).toBe('k2');
    // …and in the other order.
    expect(applySentMessage(applyPoll(chat, { messages: [b], cursor: 'k2' }), b).messages.map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('unconfirmed', () => {
  const pending = (clientMessageId: string): PendingMessage => ({
    clientMessageId,
    applicantId: 'app-1',
    authorId: 'user-1',
    text: 'x',
    createdAt: '2026-11-20T10:05:00.000Z',
    status: 'sending',
  });

  it('hides outbox entries the server already has', () => {
    expect(unconfirmed([pending('c-b'), pending('c-new')], [a, b]).map((p) => p.clientMessageId)).toEqual(['c-new']);
  });
});

describe('newClientMessageId', () => {
  it('makes a valid UUID, also without crypto.randomUUID (http on a LAN address)', () => {
    expect(z.uuid().safeParse(newClientMessageId()).success).toBe(true);
    const realCrypto = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => realCrypto.getRandomValues(array) });
    const id = newClientMessageId();
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id).not.toBe(newClientMessageId());
  });
});
