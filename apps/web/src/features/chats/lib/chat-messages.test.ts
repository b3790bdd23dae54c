import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMessage } from '../../../testing/fake-marketplace';
import {
  applyOlder,
  applyPoll,
  applyReload,
  applySentMessage,
  mergeMessages,
  newClientMessageId,
  unconfirmed,
  type PendingMessage,
} from './chat-messages';

const a = fakeMessage({ id: 'a', timestamp: '2026-11-20T10:00:00.000Z' });
const b = fakeMessage({
  id: 'b',
  timestamp: '2026-11-20T10:01:00.000Z',
  sender: 'ORGANIZATION',
  clientMessageId: 'c-b',
});
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
  const chat = {
    applicant: {} as never,
    messages: [a],
    cursor: 'k1',
    older: null,
    readByApplicant: 0,
    contactEndedAt: null,
  };

  it('a send answer and a poll delivering the same message leave it once', () => {
    const afterSend = applySentMessage(chat, b);
    expect(afterSend.cursor).toBe('k1');
    const afterPoll = applyPoll(afterSend, { messages: [b, c], cursor: 'k2' });
    expect(afterPoll.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(afterPoll.cursor).toBe('k2');
    // …and in the other order.
    expect(applySentMessage(applyPoll(chat, { messages: [b], cursor: 'k2' }), b).messages.map((m) => m.id)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('applyOlder / applyReload', () => {
  const chat = {
    applicant: {} as never,
    messages: [b, c],
    cursor: 'k3',
    older: '2',
    readByApplicant: 0,
    contactEndedAt: null,
  };

  it('puts an older page in front and keeps the poll cursor', () => {
    const withOlder = applyOlder(chat, { messages: [a], older: null });
    expect(withOlder.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(withOlder).toMatchObject({ cursor: 'k3', older: null });
  });

  it('keeps the older messages on a refetch that overlaps, and replaces them after a gap', () => {
    const loaded = applyOlder(chat, { messages: [a], older: null });
    const d = fakeMessage({ id: 'd', timestamp: '2026-11-20T10:03:00Z' });
    const overlapping = applyReload(loaded, { ...chat, messages: [c, d], cursor: 'k4', older: '3' });
    expect(overlapping.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(overlapping).toMatchObject({ cursor: 'k4', older: null });
    const e = fakeMessage({ id: 'e', timestamp: '2026-11-20T10:04:00Z' });
    const gap = applyReload(loaded, { ...chat, messages: [d, e], cursor: 'k5', older: '4' });
    expect(gap.messages.map((m) => m.id)).toEqual(['d', 'e']);
    expect(gap.older).toBe('4');
    expect(applyReload(undefined, chat)).toBe(chat);
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
