/**
 * better-auth answers GET /get-session and GET /list-sessions with the session tokens in them,
 * and its bearer plugin adds a `set-auth-token` header to every answer that sets the session
 * cookie (e-mail verification, session refresh). A token is the credential itself (usable as
 * Bearer): a script that can read one answer (XSS, a shared proxy log) would hold the session
 * the HttpOnly cookie protects — or every session of the account. Only sign-in hands a token
 * out (the candidate app needs it); every other answer goes out without.
 */
const REDACTED_PATHS = new Set(['/get-session', '/list-sessions']);

/** Response headers that carry (or announce) the session token. */
export const SESSION_TOKEN_HEADERS: ReadonlySet<string> = new Set(['set-auth-token', 'access-control-expose-headers']);

/** Only sign-in gives the token to the client (candidate app: Bearer). */
export function exposesSessionToken(pathname: string): boolean {
  return pathname === '/sign-in/email';
}

function withoutToken(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** The answer text with `token` removed from every session in it (unchanged for other paths). */
export function redactSessionTokens(pathname: string, text: string): string {
  if (!REDACTED_PATHS.has(pathname) || text.length === 0) return text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (Array.isArray(body)) return JSON.stringify(body.map(withoutToken));
  if (typeof body === 'object' && body !== null && 'session' in body) {
    const answer = body as Record<string, unknown>;
    return JSON.stringify({ ...answer, session: withoutToken(answer.session) });
  }
  return text;
}
