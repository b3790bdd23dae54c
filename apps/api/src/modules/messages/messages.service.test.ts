import { describe, expect, it } from 'vitest';
import type { SessionActor } from '../../access/actor';
import { isAppError } from '../../errors/app-error';
import { createDomainEventBus } from '../../events/domain-events';
import { createRecordingNotificationEvents, notificationsSubscriber } from '../notifications';
import { chatVersionsSubscriber } from './chat-versions.subscriber';
import { chatKey, createMemoryChatVersionStore } from './chat-version-store';
import type { MessagesRepository, NewMessage, StoredMessage } from './messages.repository';
import { createMessagesService, type MessagesServiceDeps } from './messages.service';

const ORG = '11111111-1111-4111-8111-111111111111';
const APPLICANT = 'applicant-1';

const orgUser: SessionActor = {
  userId: 'org-user',
  type: 'ORGANIZATION',
  regions: [],
  organizationId: ORG,
  email: 'firma@test.example',
  name: 'Firma',
  emailVerified: true,
  privacyStatementSignedAt: new Date(),
  termsAndConditionsSignedAt: new Date(),
  legalDue: [],
  notifyViaMail: true,
  notificationInterval: 'IMMEDIATELY',
  organization: { id: ORG, name: 'Firma', region: 'HORB', active: true, waitingForApproval: false },
  sessionId: 's1',
};
const applicant: SessionActor = {
  ...orgUser,
  userId: APPLICANT,
  type: 'APPLICANT',
  organizationId: null,
  organization: null,
};

/** An in-memory chat repository that counts every call (each call = one database round trip in the real one). */
function countingRepository() {
  const stored: StoredMessage[] = [];
  let chatExists = true;
  const calls: string[] = [];
  const repo: MessagesServiceDeps['messagesRepository'] = {
    listForOrganization: () => Promise.resolve([]),
    listForApplicant: () => Promise.resolve([]),
    findChat() {
      calls.push('findChat');
      return Promise.resolve(chatExists ? { id: 'chat-1', version: stored.length } : null);
    },
    pageMessages(_org: string, _applicant: string, before: number, limit: number) {
      calls.push('pageMessages');
      if (!chatExists) return Promise.resolve(null);
      const older = stored.filter((message) => message.seq < before);
      const page = older.slice(-limit);
      return Promise.resolve({
        chatId: 'chat-1',
        version: stored.length,
        applicantRead: 0,
        contactEndedAt: null,
        messages: page,
        older: older.length > limit ? (page[0]?.seq ?? null) : null,
      });
    },
    messagesAfter(_org: string, _applicant: string, since: number) {
      calls.push('messagesAfter');
      return Promise.resolve(
        chatExists
          ? { version: stored.length, applicantRead: 0, messages: stored.filter((message) => message.seq > since) }
          : null,
      );
    },
    send(input: NewMessage) {
      calls.push('send');
      if (!chatExists) return Promise.resolve(null);
      const existing = stored.find(
        (message) => message.clientMessageId === input.clientMessageId && message.sender === input.sender,
      );
      if (existing) return Promise.resolve({ message: existing, created: false, version: stored.length });
      const message: StoredMessage = {
        id: `m${stored.length + 1}`,
        seq: stored.length + 1,
        sender: input.sender,
        text: input.text,
        clientMessageId: input.clientMessageId,
        createdAt: input.now,
      };
      stored.push(message);
      return Promise.resolve({ message, created: true, version: message.seq });
    },
  } satisfies Pick<
    MessagesRepository,
    'listForOrganization' | 'listForApplicant' | 'findChat' | 'pageMessages' | 'messagesAfter' | 'send'
  >;
  return { repo, calls, stored, dropChat: () => (chatExists = false) };
}

function setup() {
  const fake = countingRepository();
  const versions = createMemoryChatVersionStore();
  const notifications = createRecordingNotificationEvents();
  // The app's subscribers of a sent message that this service's polls depend on (ADR 0092).
  const events = createDomainEventBus({ log: { error: () => undefined } });
  events.subscribe(chatVersionsSubscriber(versions));
  events.subscribe(notificationsSubscriber(notifications));
  const service = createMessagesService({
    messagesRepository: fake.repo,
    applicantsRepository: { findProfile: () => Promise.resolve(null), photoIdsOf: () => Promise.resolve([]) },
    versions,
    events,
    sendLimit: () => Promise.resolve({ allowed: true, retryAfter: null }),
    clock: () => new Date('2026-11-21T10:00:00Z'),
  });
  return { ...fake, versions, notifications, service };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('chat polling', () => {
  it('answers an idle poll from the version store without any repository call after warm-up', async () => {
    const { service, calls } = setup();
    await service.sendAsOrganization(orgUser, APPLICANT, { text: 'Hallo', clientMessageId: uuid(1) });
    const chat = await service.getForOrganization(orgUser, APPLICANT, { limit: 50 });
    expect(chat.cursor).toBe('1');
    calls.length = 0;
    for (let i = 0; i < 100; i++) expect(await service.pollForOrganization(orgUser, APPLICANT, chat.cursor)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('does one query on a cold store, then none', async () => {
    const { service, calls, versions } = setup();
    await service.sendAsApplicant(applicant, ORG, { text: 'Hallo', clientMessageId: uuid(1) });
    await versions.forget(chatKey(ORG, APPLICANT));
    calls.length = 0;
    expect(await service.pollForOrganization(orgUser, APPLICANT, '1')).toBeNull();
    expect(calls).toEqual(['messagesAfter']);
    expect(await service.pollForOrganization(orgUser, APPLICANT, '1')).toBeNull();
    expect(calls).toEqual(['messagesAfter']);
  });

  it('returns what the other side sent after the cursor, with the new cursor', async () => {
    const { service } = setup();
    await service.sendAsOrganization(orgUser, APPLICANT, { text: 'Erste', clientMessageId: uuid(1) });
    const { cursor } = await service.getForApplicant(applicant, ORG, { limit: 50 }).catch(() => ({ cursor: '1' }));
    await service.sendAsApplicant(applicant, ORG, { text: 'Antwort', clientMessageId: uuid(2) });
    const polled = await service.pollForOrganization(orgUser, APPLICANT, cursor);
    expect(polled?.messages.map((message) => message.text)).toEqual(['Antwort']);
    expect(polled?.cursor).toBe('2');
    expect(await service.pollForOrganization(orgUser, APPLICANT, polled!.cursor)).toBeNull();
  });

  it('gives each side the idempotency keys of its own messages only, in pages, polls and send answers', async () => {
    const { service } = setup();
    const sent = await service.sendAsOrganization(orgUser, APPLICANT, { text: 'Erste', clientMessageId: uuid(1) });
    const answered = await service.sendAsApplicant(applicant, ORG, { text: 'Antwort', clientMessageId: uuid(2) });
    expect(sent.message.clientMessageId).toBe(uuid(1));
    expect(answered.message.clientMessageId).toBe(uuid(2));
    const keys = (messages: { text: string; clientMessageId: string | null }[] | undefined) =>
      messages?.map((message) => [message.text, message.clientMessageId]);
    expect(keys((await service.getForOrganization(orgUser, APPLICANT, { limit: 50 })).messages)).toEqual([
      ['Erste', uuid(1)],
      ['Antwort', null],
    ]);
    expect(keys((await service.pollForOrganization(orgUser, APPLICANT, '0'))?.messages)).toEqual([
      ['Erste', uuid(1)],
      ['Antwort', null],
    ]);
    expect(keys((await service.pollForApplicant(applicant, ORG, '0'))?.messages)).toEqual([
      ['Erste', null],
      ['Antwort', uuid(2)],
    ]);
  });

  it('refuses foreign cursors with 400 and an unknown chat with 404', async () => {
    const { service, dropChat } = setup();
    await expect(service.pollForOrganization(orgUser, APPLICANT, 'x')).rejects.toMatchObject({ statusCode: 400 });
    dropChat();
    await expect(service.pollForOrganization(orgUser, APPLICANT, '0')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses web users on the candidate side and candidates on the organisation side', async () => {
    const { service } = setup();
    const status = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 200;
      } catch (error) {
        return isAppError(error) ? error.statusCode : 500;
      }
    };
    expect(await status(() => service.pollForApplicant(orgUser, ORG, '0'))).toBe(403);
    expect(await status(() => service.pollForOrganization(applicant, APPLICANT, '0'))).toBe(403);
    expect(await status(() => service.pollForOrganization({ ...orgUser, type: 'ADMIN' }, APPLICANT, '0'))).toBe(403);
    expect(await status(() => service.pollForOrganization(null, APPLICANT, '0'))).toBe(401);
  });
});

describe('chat pages', () => {
  it('reads the newest page with the poll cursor at the newest message, older pages through `older`, and refuses foreign cursors', async () => {
    const { service } = setup();
    for (let n = 1; n <= 5; n++)
      await service.sendAsOrganization(orgUser, APPLICANT, { text: `Nachricht ${n}`, clientMessageId: uuid(n) });
    const newest = await service.getForOrganization(orgUser, APPLICANT, { limit: 2 });
    expect(newest.messages.map((message) => message.text)).toEqual(['Nachricht 4', 'Nachricht 5']);
    expect(newest.cursor).toBe('5');
    expect(newest.older).toBe('4');
    const older = await service.getForOrganization(orgUser, APPLICANT, { limit: 2, before: newest.older! });
    expect(older.messages.map((message) => message.text)).toEqual(['Nachricht 2', 'Nachricht 3']);
    // Loading older messages never moves the poll cursor back.
    expect(older.cursor).toBe('5');
    const oldest = await service.getForOrganization(orgUser, APPLICANT, { limit: 2, before: older.older! });
    expect(oldest.messages.map((message) => message.text)).toEqual(['Nachricht 1']);
    expect(oldest.older).toBeNull();
    for (const before of ['x', '0', '-1', '1e3']) {
      await expect(service.getForOrganization(orgUser, APPLICANT, { limit: 2, before })).rejects.toMatchObject({
        statusCode: 400,
        message: 'Ungültiger Cursor. Bitte laden Sie die Liste neu.',
      });
    }
  });
});

describe('sending', () => {
  it('stores a retry with the same clientMessageId once and tells notifications only about new candidate messages', async () => {
    const { service, stored, notifications } = setup();
    const first = await service.sendAsApplicant(applicant, ORG, { text: 'Hallo', clientMessageId: uuid(5) });
    const retry = await service.sendAsApplicant(applicant, ORG, { text: 'Hallo', clientMessageId: uuid(5) });
    expect(first.created).toBe(true);
    expect(retry).toEqual({ message: first.message, created: false });
    expect(stored).toHaveLength(1);
    await service.sendAsOrganization(orgUser, APPLICANT, { text: 'Hallo zurück', clientMessageId: uuid(6) });
    expect(notifications.events).toEqual([{ kind: 'message', organizationId: ORG }]);
  });
});
