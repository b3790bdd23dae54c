/**
 * Chats of both sides. The polling calls are built to cost nothing when nothing is new
 * (ARCHITECTURE §10): the access check uses only the session's own ids, and the version
 * store answers "no news" without a query — see chat-version-store.ts.
 */
import {
  CONTACT_MESSAGES,
  INVALID_CURSOR_MESSAGE,
  type MatchingPosting,
  type ApplicantChatListResponse,
  type ApplicantChatResponse,
  type ChatListResponse,
  type ChatMessage,
  type ChatResponse,
  type PollResponse,
  type SendMessageRequest,
} from '@matchwerk/shared';
import { requireActor, requireOrganizationMember, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import { toCandidateProfile, type ApplicantsRepository, type CandidateGate } from '../applicants';
import type { RateLimitDecision } from '../../plugins/rate-limit-store';
import type { DomainEventPublisher } from '../../events/domain-events';
import { applicantReadKey, chatKey, decodeCursor, encodeCursor, type ChatVersionStore } from './chat-version-store';
import { toChatMessage, type ChatReader } from './messages.mapper';
import { NEWEST_SEQ, type MessagesRepository } from './messages.repository';

export interface MessagesServiceDeps {
  messagesRepository: Pick<
    MessagesRepository,
    'listForOrganization' | 'listForApplicant' | 'findChat' | 'pageMessages' | 'messagesAfter' | 'send'
  >;
  applicantsRepository: Pick<ApplicantsRepository, 'findProfile' | 'photoIdsOf'>;
  /** Read here to answer polls without a query; raised after writes by chat-versions.subscriber.ts. */
  versions: ChatVersionStore;
  /** A sent message is told here after its commit (ADR 0092). */
  events: DomainEventPublisher;
  /** Ended contacts, the company's read mark and the postings as cards (ADR 0101); default: none (unit tests). */
  safeguarding?: MessagesSafeguarding;
  /** Counts one sent message of this user against the chat limit (per user and minute). */
  sendLimit: (userId: string) => Promise<RateLimitDecision>;
  clock: () => Date;
  /** A candidate under 16 writes only after a parent confirmed (ADR 0097); default: no check (unit tests). */
  candidateGate?: Pick<CandidateGate, 'assertMayChat'>;
}

/** What the chats need of safeguarding (ADR 0101), wired in the composition root. */
export interface MessagesSafeguarding {
  /** When the candidate ended contact with the company, or null. */
  contactEndedAt(organizationId: string, applicantId: string): Promise<Date | null>;
  /** The furthest read mark of the company's users in the chat. */
  organizationReadMark(organizationId: string, applicantId: string): Promise<{ seq: number; at: Date | null }>;
  /** The company's postings the candidate showed interest in, as cards. */
  postings(applicantId: string, organizationId: string): Promise<MatchingPosting[]>;
}

export const CHAT_MESSAGES = {
  noChat: 'Dieser Chat existiert nicht. Ein Chat entsteht, sobald das Unternehmen eine Anfrage annimmt.',
  badCursor: 'Ungültiger Polling-Cursor.',
} as const;

/** The two parties of a chat as a service call sees them. */
interface ChatParties {
  organizationId: string;
  applicantId: string;
  reader: ChatReader;
}

/** A chat page as the routes ask for it (ADR 0029). */
export interface ChatPageQuery {
  before?: string;
  limit: number;
}

/** The seq in a `before` cursor (the `older` of a previous page); a foreign cursor is a 400. */
function beforeSeq(before: string | undefined): number {
  if (before === undefined) return NEWEST_SEQ;
  const seq = decodeCursor(before);
  if (seq === null || seq === 0)
    throw new AppError('VALIDATION_FAILED', {
      message: INVALID_CURSOR_MESSAGE,
      fieldErrors: { before: INVALID_CURSOR_MESSAGE },
    });
  return seq;
}

export function createMessagesService(deps: MessagesServiceDeps) {
  const repo = deps.messagesRepository;

  /** Organisation side: ORGANIZATION users of their own organisation ("Chats: ordinary users only"). */
  function organizationParties(actor: SessionActor | null, applicantId: string): ChatParties & { user: SessionActor } {
    const user = requireOrganizationMember(actor, 'chats');
    return { user, organizationId: user.organizationId, applicantId, reader: 'ORGANIZATION' };
  }

  /** Candidate side: the applicant and an organisation id (validated before it reaches a uuid column). */
  function applicantParties(actor: SessionActor | null, organizationId: string): ChatParties & { user: SessionActor } {
    const user = requireActor(actor, { legal: true, applicant: true });
    if (!isUuid(organizationId)) throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
    return { user, organizationId, applicantId: user.userId, reader: 'APPLICANT' };
  }

  /**
   * The newest page of the chat (or the page before `before`), with the poll cursor and the
   * cursor of the older messages. One query.
   */
  async function readChat(
    parties: ChatParties,
    query: ChatPageQuery,
  ): Promise<{
    messages: ChatMessage[];
    cursor: string;
    older: string | null;
    applicantRead: number;
    /** When the candidate ended contact (ADR 0101), read in the same statement; null while open. */
    contactEndedAt: string | null;
  }> {
    const before = beforeSeq(query.before);
    const page = await repo.pageMessages(parties.organizationId, parties.applicantId, before, query.limit);
    if (!page) throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
    // The newest page may hold a message committed after the chat row was read: poll from there.
    const version = Math.max(page.version, before === NEWEST_SEQ ? (page.messages.at(-1)?.seq ?? 0) : 0);
    await deps.versions.raise(chatKey(parties.organizationId, parties.applicantId), version);
    await deps.versions.raise(applicantReadKey(parties.organizationId, parties.applicantId), page.applicantRead);
    return {
      messages: page.messages.map((message) => toChatMessage(message, parties.reader)),
      cursor: encodeCursor(version),
      older: page.older === null ? null : encodeCursor(page.older),
      applicantRead: page.applicantRead,
      contactEndedAt: page.contactEndedAt?.toISOString() ?? null,
    };
  }

  /**
   * New messages after the cursor, or null (→ 204) when there are none. With a warm version
   * store and nothing new this makes no database query at all; otherwise exactly one.
   * `read` (organisation side): the candidate's read mark the client shows; a newer one is news
   * too (the "gelesen" state, ADR 0040), answered from the same version store.
   */
  async function poll(parties: ChatParties, since: string | undefined, read?: number): Promise<PollResponse | null> {
    const cursor = decodeCursor(since);
    if (cursor === null)
      throw new AppError('VALIDATION_FAILED', {
        message: CHAT_MESSAGES.badCursor,
        fieldErrors: { since: CHAT_MESSAGES.badCursor },
      });
    const key = chatKey(parties.organizationId, parties.applicantId);
    const readKey = applicantReadKey(parties.organizationId, parties.applicantId);
    // The candidate's side sends no read mark: one version look-up, not two (the idle poll is the hot path of issue #12).
    const [known, knownRead] =
      read === undefined
        ? [await deps.versions.get(key), null]
        : await Promise.all([deps.versions.get(key), deps.versions.get(readKey)]);
    if (known !== null && known <= cursor && (read === undefined || (knownRead !== null && knownRead <= read)))
      return null;
    const result = await repo.messagesAfter(parties.organizationId, parties.applicantId, cursor);
    if (!result) {
      await deps.versions.forget(key);
      throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
    }
    await Promise.all([deps.versions.raise(key, result.version), deps.versions.raise(readKey, result.applicantRead)]);
    const readNews = read !== undefined && result.applicantRead > read;
    if (result.messages.length === 0 && !readNews) return null;
    return {
      messages: result.messages.map((message) => toChatMessage(message, parties.reader)),
      cursor: encodeCursor(Math.max(cursor, result.version)),
      ...(read === undefined ? {} : { readByApplicant: result.applicantRead }),
    };
  }

  async function send(
    parties: ChatParties,
    sender: 'APPLICANT' | 'ORGANIZATION',
    userId: string,
    input: SendMessageRequest,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const decision = await deps.sendLimit(userId);
    if (!decision.allowed)
      throw new AppError('CHAT_RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? 60) } });
    const now = deps.clock();
    const result = await repo.send({
      ...parties,
      sender,
      senderUserId: userId,
      text: input.text,
      clientMessageId: input.clientMessageId,
      now,
    });
    if (!result) {
      // No chat, or a closed one (the send statement stores nothing then): only this path asks which (ADR 0101).
      if (await deps.safeguarding?.contactEndedAt(parties.organizationId, parties.applicantId))
        throw new AppError('CONFLICT', { message: CONTACT_MESSAGES.chatClosed });
      throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
    }
    if (result.created)
      await deps.events.publish({
        type: 'message.sent',
        organizationId: parties.organizationId,
        applicantId: parties.applicantId,
        sender,
        chatVersion: result.version,
        at: now,
      });
    return { message: toChatMessage(result.message, parties.reader), created: result.created };
  }

  return {
    /** GET /rest/messages — the organisation's chats, newest first. */
    async listForOrganization(actor: SessionActor | null): Promise<ChatListResponse> {
      const user = requireOrganizationMember(actor, 'chats');
      const rows = await repo.listForOrganization(user.organizationId, user.userId);
      return {
        chats: rows.map((row) => ({
          applicantId: row.applicantId,
          applicant: {
            id: row.applicantId,
            names: row.names ?? [],
            familyNames: row.familyNames ?? [],
            photos: row.photoIds,
            photosCount: row.photoIds.length,
          },
          lastMessage: row.lastMessage ? toChatMessage(row.lastMessage, 'ORGANIZATION') : null,
          timestamp: row.lastMessageAt.toISOString(),
          unread: row.unread,
          contactEnded: row.contactEnded,
        })),
      };
    },

    async getForOrganization(
      actor: SessionActor | null,
      applicantId: string,
      query: ChatPageQuery,
    ): Promise<ChatResponse> {
      const parties = organizationParties(actor, applicantId);
      // The candidate's profile is read beside the chat, not after it (one round trip less).
      const [{ applicantRead, ...chat }, profile, photoIds] = await Promise.all([
        readChat(parties, query),
        deps.applicantsRepository.findProfile(applicantId),
        deps.applicantsRepository.photoIdsOf(applicantId),
      ]);
      return {
        applicant: toCandidateProfile(applicantId, profile, photoIds, deps.clock()),
        ...chat,
        readByApplicant: applicantRead,
      };
    },

    pollForOrganization: (actor: SessionActor | null, applicantId: string, since: string | undefined, read?: number) =>
      poll(organizationParties(actor, applicantId), since, read),

    async sendAsOrganization(actor: SessionActor | null, applicantId: string, input: SendMessageRequest) {
      const parties = organizationParties(actor, applicantId);
      return send(parties, 'ORGANIZATION', parties.user.userId, input);
    },

    /** GET /rest/applicant/chats — the candidate's chats, newest first. */
    async listForApplicant(actor: SessionActor | null): Promise<ApplicantChatListResponse> {
      const user = requireActor(actor, { legal: true, applicant: true });
      const rows = await repo.listForApplicant(user.userId);
      return {
        chats: rows.map((row) => ({
          organization: row.organization,
          lastMessage: row.lastMessage ? toChatMessage(row.lastMessage, 'APPLICANT') : null,
          timestamp: row.lastMessageAt.toISOString(),
          unread: row.unread,
          contactEnded: row.contactEnded,
        })),
      };
    },

    async getForApplicant(
      actor: SessionActor | null,
      organizationId: string,
      query: ChatPageQuery,
    ): Promise<ApplicantChatResponse> {
      const parties = applicantParties(actor, organizationId);
      const [summary] = (await repo.listForApplicant(parties.applicantId)).filter(
        (row) => row.organization.id === organizationId,
      );
      if (!summary) throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
      const [{ applicantRead: _applicantRead, ...chat }, readMark, postings] = await Promise.all([
        readChat(parties, query),
        deps.safeguarding?.organizationReadMark(organizationId, parties.applicantId) ?? { seq: 0, at: null },
        deps.safeguarding?.postings(parties.applicantId, organizationId) ?? [],
      ]);
      return {
        organization: summary.organization,
        ...chat,
        readByOrganization: readMark.seq,
        readByOrganizationAt: readMark.at?.toISOString() ?? null,
        postings,
      };
    },

    pollForApplicant: (actor: SessionActor | null, organizationId: string, since: string | undefined) =>
      poll(applicantParties(actor, organizationId), since),

    async sendAsApplicant(actor: SessionActor | null, organizationId: string, input: SendMessageRequest) {
      const parties = applicantParties(actor, organizationId);
      await deps.candidateGate?.assertMayChat(parties.applicantId);
      return send(parties, 'APPLICANT', parties.user.userId, input);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
