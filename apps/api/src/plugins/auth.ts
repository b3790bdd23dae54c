/**
 * Mounts better-auth at /rest/auth (fetch handler), sets the client IP header, applies the
 * per-account limits better-auth lacks, rewrites its 429 into our German error body, and
 * resolves session → actor once per request.
 */
import { ERROR_MESSAGES } from '@matchwerk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionActor } from '../access/actor';
import type { UsersRepository } from '../modules/users/users.repository';
import { errorBody } from './error-handler';
import { readSessionToken } from './session-token';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth, type RateLimitSettings } from './auth-config';
import type { RateLimitStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in actor (resolved once per request), or null. */
    getActor(): Promise<SessionActor | null>;
    actorPromise: Promise<SessionActor | null> | null;
  }
}

/** better-auth endpoints reachable over HTTP; everything else of it is reached only through our services. */
const PUBLIC_AUTH_ENDPOINTS = new Set([
  'GET /get-session',
  'POST /sign-in/email',
  'POST /sign-out',
  'GET /verify-email',
  'POST /request-password-reset',
  'POST /reset-password',
  'GET /list-sessions',
  'POST /revoke-session',
  'POST /revoke-sessions',
  'POST /revoke-other-sessions',
  'GET /ok',
]);

export interface AuthPluginDeps {
  auth: Auth;
  usersRepository: UsersRepository;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  publicUrl: string;
}

export function normalizeEmail(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

export function accountKey(kind: string, email: string): string {
  return `acct:${kind}:${email}`;
}

function tooMany(reply: FastifyReply, retryAfter: number | null) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfter ?? 60))
    .type('application/json; charset=utf-8')
    .send(errorBody('RATE_LIMITED'));
}

export function registerAuth(app: FastifyInstance, deps: AuthPluginDeps): void {
  const { auth, rateLimitStore, rateLimits } = deps;
  const accountRule = { window: rateLimits.accountWindowSeconds, max: rateLimits.maxPerAccount };

  // request.ip is the socket address, or the trusted proxy's forwarded address when
  // TRUSTED_PROXIES is set; a client-sent header of this name is always replaced.
  app.addHook('onRequest', (request, _reply, done) => {
    request.headers[CLIENT_IP_HEADER] = request.ip;
    done();
  });

  app.decorateRequest('actorPromise', null);
  app.decorateRequest('getActor', function getActor(this: FastifyRequest) {
    this.actorPromise ??= resolveActor(this);
    return this.actorPromise;
  });

  const authContext = auth.$context;

  /**
   * One query per request: token (cookie or Bearer, signature checked) → session + users row.
   * When the session is due for better-auth's sliding refresh, better-auth's getSession runs
   * once to extend it.
   */
  async function resolveActor(request: FastifyRequest): Promise<SessionActor | null> {
    const { authorization, cookie } = request.headers;
    if (!cookie && !authorization) return null;
    const context = await authContext;
    const token = readSessionToken({ authorization, cookie }, { secret: context.secret, cookieName: context.authCookies.sessionToken.name });
    if (!token) return null;
    const row = await deps.usersRepository.findBySessionToken(token);
    const now = Date.now();
    if (!row || row.sessionExpiresAt.getTime() <= now) return null;
    // better-auth's rule: refresh once expiresAt - expiresIn + updateAge has passed.
    const { expiresIn, updateAge } = context.sessionConfig;
    // "Angemeldet bleiben" off: better-auth never extends those sessions (dont_remember cookie).
    const dontRemember = cookie?.includes(`${context.authCookies.dontRememberToken.name}=`) ?? false;
    if (!dontRemember && row.sessionExpiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) {
      const refreshed = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!refreshed) return null;
    }
    return {
      userId: row.id,
      type: row.type,
      regions: row.regions,
      organizationId: row.organizationId,
      email: row.email,
      name: row.name,
      emailVerified: row.emailVerified,
      privacyStatementSignedAt: row.privacyStatementSignedAt,
      termsAndConditionsSignedAt: row.termsAndConditionsSignedAt,
      notifyViaMail: row.notifyViaMail,
      notificationInterval: row.notificationInterval,
      organization: row.organization,
      sessionId: row.sessionId,
    };
  }

  const origin = new URL(deps.publicUrl).origin;

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0]?.slice(AUTH_BASE_PATH.length) ?? '';
      if (!PUBLIC_AUTH_ENDPOINTS.has(`${request.method} ${pathname}`)) {
        return reply.code(404).send(errorBody('NOT_FOUND', 'Diese Schnittstelle gibt es nicht.'));
      }
      const body = request.body as Record<string, unknown> | undefined;
      const email = normalizeEmail(body?.email);

      // Per-account limits (better-auth only limits per IP).
      if (pathname === '/sign-in/email' && email) {
        const decision = await rateLimitStore.check(accountKey('signin', email), accountRule);
        if (!decision.allowed) return tooMany(reply, decision.retryAfter);
      }
      if (pathname === '/request-password-reset' && email) {
        const decision = await rateLimitStore.consume(accountKey('reset', email), accountRule);
        if (!decision.allowed) return tooMany(reply, decision.retryAfter);
      }

      const headers = fromNodeHeaders(request.headers);
      headers.delete('content-length');
      const fetchRequest = new Request(`${origin}${request.url}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const response = await auth.handler(fetchRequest);

      if (pathname === '/sign-in/email' && email && response.status === 401) {
        await rateLimitStore.hit(accountKey('signin', email), accountRule.window);
      }

      void reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
        void reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);

      if (response.status === 429) {
        const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
        if (retryAfter) void reply.header('retry-after', retryAfter);
        return reply.type('application/json; charset=utf-8').send(errorBody('RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED));
      }
      const text = await response.text();
      return text.length > 0 ? reply.send(text) : reply.send();
    },
  });
}
