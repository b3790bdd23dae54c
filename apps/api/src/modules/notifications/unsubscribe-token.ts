/**
 * Unsubscribe links work without signing in, so the token is the user id signed with an HMAC
 * of the app secret (own purpose string: it can never pass as any other token). No expiry:
 * an unsubscribe link in an old mail must still work.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'matchwerk:notifications:unsubscribe:v1';
/** A user id of at most 64 characters gives at most 86 + 1 + 43; anything much longer is garbage. */
export const MAX_UNSUBSCRIBE_TOKEN_LENGTH = 200;

function signature(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

export function createUnsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId, 'utf8').toString('base64url')}.${signature(secret, userId).toString('base64url')}`;
}

/** The user id of a valid token, otherwise null. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  if (token.length > MAX_UNSUBSCRIBE_TOKEN_LENGTH) return null;
  const [encodedId, encodedSignature, extra] = token.split('.');
  if (!encodedId || !encodedSignature || extra !== undefined) return null;
  const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
  if (!userId || userId.length > 64) return null;
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
