/**
 * Reads the session token the way better-auth writes it — a signed cookie
 * (`token.base64(HMAC-SHA256(secret, token))`) or `Authorization: Bearer` with the raw or the
 * signed token (bearer plugin) — so a request's actor is resolved with ONE query instead of
 * better-auth's full getSession pipeline. better-auth stays the owner of the session rows.
 * Reading (what was presented) and verifying (the signature) are separate steps: the session
 * cache answers a credential it already knows without the HMAC (ADR 0054).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';

function verifySigned(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  // Compare the exact base64 text (decoding would tolerate trailing garbage).
  const signature = Buffer.from(value.slice(dot + 1), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'), 'utf8');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const TOKEN_SHAPE = /^[\x21-\x7e]{1,512}$/;

export interface SessionTokenSource {
  authorization?: string | undefined;
  cookie?: string | undefined;
}

/**
 * The session credential exactly as presented — `b:<Bearer value>` or `c:<cookie value>`, decoded,
 * NOT verified — or null when the request carries none. The session cache is keyed by (a hash of)
 * this, so a known credential needs no signature check (ADR 0054); a forged or altered one is
 * never a key there and goes through `verifiedSessionToken`. Bearer wins over the cookie, as in
 * better-auth.
 */
export function presentedSessionCredential(headers: SessionTokenSource, cookieName: string): string | null {
  const authorization = headers.authorization;
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    const raw = safeDecode(authorization.slice(7).trim());
    // Tokens are short printable ASCII; anything else (NUL from "%00", 4 kB of junk) is no token
    // and never reaches a database query.
    if (raw && TOKEN_SHAPE.test(raw)) return `b:${raw}`;
  }
  if (headers.cookie) {
    // parseCookie URI-decodes the value (better-auth encodes it), leaving it as is when it is not valid.
    const value = parseCookie(headers.cookie)[cookieName];
    if (value) return `c:${value}`;
  }
  return null;
}

/** The session token of a presented credential: a raw Bearer token as is, a signed value only with a valid signature. */
export function verifiedSessionToken(credential: string, secret: string): string | null {
  const value = credential.slice(2);
  if (credential.startsWith('b:') && !value.includes('.')) return value;
  return verifySigned(value, secret);
}

/** The session token of a request, or null (none, or a bad signature). */
export function readSessionToken(
  headers: SessionTokenSource,
  options: { secret: string; cookieName: string },
): string | null {
  const credential = presentedSessionCredential(headers, options.cookieName);
  return credential ? verifiedSessionToken(credential, options.secret) : null;
}
