/**
 * Unread counts and seen marks for both sides (issue #14, ADR 0040). The counts polls answer 204
 * from the version store while nothing changed — no database query (ADR 0010's trick).
 */
import type { ApplicantUnreadResponse, MarkChatReadRequest, UnreadResponse } from '@matchwerk/shared';
import { requireActor, requireOrganizationMember, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import { CHAT_MESSAGES } from '../messages';
import type { DomainEventPublisher } from '../../events/domain-events';
import { encodeInboxCursor, inboxKeys, versionString, type InboxVersions } from './inbox-versions';
import type { UnreadRepository } from './unread.repository';

export interface UnreadServiceDeps {
  repository: Pick<
    UnreadRepository,
    'countsForOrganizationUser' | 'countsForApplicant' | 'markMatchingsSeen' | 'markChatRead'
  >;
  /** Read here to answer polls without a query; raised after writes by unread-counts.subscriber.ts. */
  inbox: Pick<InboxVersions, 'get' | 'fill'>;
  /** Seen marks and read marks are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
}

export function createUnreadService(deps: UnreadServiceDeps) {
  const { repository, inbox } = deps;

  const organizationUser = (actor: SessionActor | null) => requireOrganizationMember(actor, 'candidates');

  const applicant = (actor: SessionActor | null) => requireActor(actor, { legal: true, applicant: true });

  /** The versions behind an answer; null (→ 204) when they equal the client's cursor. */
  async function versionsUnless(keys: string[], since: string | undefined): Promise<number[] | null> {
    const known = await inbox.get(keys);
    const complete = known.filter((value): value is number => value !== null);
    if (since !== undefined && complete.length === keys.length && encodeInboxCursor(complete) === since) return null;
    return inbox.fill(keys, known);
  }

  return {
    /** GET /rest/unread — null when nothing changed since the cursor (no database query). */
    async forOrganization(actor: SessionActor | null, since: string | undefined): Promise<UnreadResponse | null> {
      const user = organizationUser(actor);
      const keys = [
        inboxKeys.matchings(user.organizationId),
        inboxKeys.chats(user.organizationId),
        inboxKeys.user(user.userId),
      ];
      const versions = await versionsUnless(keys, since);
      if (!versions) return null;
      const row = await repository.countsForOrganizationUser(user.organizationId, user.userId);
      return {
        cursor: encodeInboxCursor(versions),
        matchingsVersion: versionString(versions[0] ?? 0),
        chatsVersion: versionString(versions[1] ?? 0),
        matchings: row.matchings,
        messages: row.messages,
        newMatchings: row.newMatchings.map((item) => ({
          vacancyId: item.vacancyId,
          vacancyTitle: item.vacancyTitle,
          applicantId: item.applicantId,
          applicant: { names: item.names, familyNames: item.familyNames },
          createdAt: item.createdAt.toISOString(),
        })),
        unreadChats: row.unreadChats.map((item) => ({
          applicantId: item.applicantId,
          applicant: { names: item.names, familyNames: item.familyNames },
          unread: item.unread,
          lastMessageAt: item.lastMessageAt.toISOString(),
        })),
      };
    },

    /** POST /rest/unread/matchings/seen — this user opened Anfragen. */
    async organizationSawMatchings(actor: SessionActor | null): Promise<void> {
      const user = organizationUser(actor);
      await repository.markMatchingsSeen(user.userId, deps.clock());
      await deps.events.publish({ type: 'matchings.seen', userId: user.userId });
    },

    /** POST /rest/messages/organization/:applicantId/read — this user read the chat up to seq. */
    async organizationReadChat(
      actor: SessionActor | null,
      applicantId: string,
      input: MarkChatReadRequest,
    ): Promise<{ readSeq: number }> {
      const user = requireOrganizationMember(actor, 'chats');
      const readSeq = await repository.markChatRead({
        organizationId: user.organizationId,
        applicantId,
        userId: user.userId,
        seq: input.seq,
        now: deps.clock(),
      });
      if (readSeq === null) throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
      await deps.events.publish({
        type: 'chat.read',
        organizationId: user.organizationId,
        applicantId,
        reader: 'ORGANIZATION',
        userId: user.userId,
        readSeq,
      });
      return { readSeq };
    },

    /** GET /rest/applicant/unread — null when nothing changed since the cursor (no database query). */
    async forApplicant(actor: SessionActor | null, since: string | undefined): Promise<ApplicantUnreadResponse | null> {
      const user = applicant(actor);
      const versions = await versionsUnless([inboxKeys.user(user.userId)], since);
      if (!versions) return null;
      const row = await repository.countsForApplicant(user.userId);
      return {
        cursor: encodeInboxCursor(versions),
        matchings: row.matchings,
        messages: row.messages,
        unreadChats: row.unreadChats.map((item) => ({ ...item, lastMessageAt: item.lastMessageAt.toISOString() })),
      };
    },

    /** POST /rest/applicant/matchings/seen — the candidate looked at the decisions on its matchings. */
    async applicantSawMatchings(actor: SessionActor | null): Promise<void> {
      const user = applicant(actor);
      await repository.markMatchingsSeen(user.userId, deps.clock());
      await deps.events.publish({ type: 'matchings.seen', userId: user.userId });
    },

    /** POST /rest/applicant/chats/:organizationId/read — "gelesen" for the organisation's messages up to seq. */
    async applicantReadChat(
      actor: SessionActor | null,
      organizationId: string,
      input: MarkChatReadRequest,
    ): Promise<{ readSeq: number }> {
      const user = applicant(actor);
      if (!isUuid(organizationId)) throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
      const readSeq = await repository.markChatRead({
        organizationId,
        applicantId: user.userId,
        userId: user.userId,
        seq: input.seq,
        now: deps.clock(),
      });
      if (readSeq === null) throw new AppError('NOT_FOUND', { message: CHAT_MESSAGES.noChat });
      // The organisation's open chat poll shows "gelesen" from it (chat-versions.subscriber.ts).
      await deps.events.publish({
        type: 'chat.read',
        organizationId,
        applicantId: user.userId,
        reader: 'APPLICANT',
        userId: user.userId,
        readSeq,
      });
      return { readSeq };
    },
  };
}

export type UnreadService = ReturnType<typeof createUnreadService>;
