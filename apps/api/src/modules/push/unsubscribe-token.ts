/**
 * The fallback mail's unsubscribe links work without signing in: the user id and the kinds to
 * turn off, signed with an HMAC of the app secret under a purpose of their own (no other token
 * can pass as one). No expiry: a link in an old mail must still work.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CANDIDATE_NOTIFICATION_KINDS, type CandidateNotificationKind } from '@matchwerk/shared';

const PURPOSE = 'matchwerk:candidate-notifications:unsubscribe:v1';
export const MAX_TOKEN_LENGTH = 300;

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${body}`).digest();
}

export function createCandidateUnsubscribeToken(
  secret: string,
  userId: string,
  kinds: readonly CandidateNotificationKind[],
): string {
  const body = `${userId}|${[...kinds].sort().join(',')}`;
  return `${Buffer.from(body, 'utf8').toString('base64url')}.${signature(secret, body).toString('base64url')}`;
}

export interface CandidateUnsubscribe {
  userId: string;
  kinds: CandidateNotificationKind[];
}

/** The user and kinds of a valid token, otherwise null. */
export function readCandidateUnsubscribeToken(secret: string, token: string): CandidateUnsubscribe | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [encoded, encodedSignature, extra] = token.split('.');
  if (!encoded || !encodedSignature || extra !== undefined) return null;
  const body = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kindList] = body.split('|');
  const kinds = (kindList ?? '').split(',');
  if (!userId || !kinds.every((kind) => (CANDIDATE_NOTIFICATION_KINDS as readonly string[]).includes(kind)))
    return null;
  return { userId, kinds: kinds as CandidateNotificationKind[] };
}
