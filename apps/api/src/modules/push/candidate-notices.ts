/**
 * What a candidate is told about (ADR 0099): a notice per event, the push it becomes (no personal
 * data: kind, company name at most, a path inside /app/) and the RFC 8030 options it carries.
 */
import { createHash } from 'node:crypto';
import {
  CANDIDATE_APP_BASE_PATH,
  CANDIDATE_APP_ROUTES,
  type CandidateNotificationKind,
  type CandidatePushPayload,
} from '@matchwerk/shared';
import type { PushOptions } from './push-sender';

export interface CandidateNotice {
  applicantId: string;
  kind: CandidateNotificationKind;
  organizationId: string;
}

/** Where the candidate app opens (its hash routes, CANDIDATE_APP_ROUTES): the chat, or the requests for a decline. */
export function candidateAppPath(kind: CandidateNotificationKind, organizationId: string): string {
  const route =
    kind === 'MATCHING_DECLINED'
      ? CANDIDATE_APP_ROUTES.matchings
      : CANDIDATE_APP_ROUTES.chat.replace(':organizationId', encodeURIComponent(organizationId));
  return `${CANDIDATE_APP_BASE_PATH}#${route}`;
}

/** A push service keeps an undelivered push this long (a day: a decision a day late is still news). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** One topic per chat (≤ 32 base64url characters): a newer message replaces a waiting one. */
export function chatTopic(organizationId: string): string {
  return `chat-${createHash('sha256').update(organizationId).digest('base64url').slice(0, 27)}`;
}

export function pushPayload(notice: CandidateNotice, company: string | null): CandidatePushPayload {
  return {
    v: 1,
    kind: notice.kind,
    company,
    url: candidateAppPath(notice.kind, notice.organizationId),
    // The device collapses by tag: per chat for messages, per company for decisions.
    tag: notice.kind === 'MESSAGE' ? `chat-${notice.organizationId}` : `matching-${notice.organizationId}`,
  };
}

export function pushOptions(notice: CandidateNotice): PushOptions {
  return notice.kind === 'MESSAGE'
    ? { ttlSeconds: PUSH_TTL_SECONDS, urgency: 'high', topic: chatTopic(notice.organizationId) }
    : { ttlSeconds: PUSH_TTL_SECONDS, urgency: 'normal' };
}
