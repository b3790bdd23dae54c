/**
 * Mounts better-auth at /rest/auth (fetch handler), sets the client IP header, applies the
 * per-account limits better-auth lacks, rewrites its 429 into our German error body, and
 * resolves session → actor once per request (through the session cache).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_MESSAGES } from '@matchwerk/shared';
import { parseCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { LegalVersions } from '@matchwerk/shared';
import { candidateLegalDueFor, parentalConsentFor, legalDueFor, type SessionActor } from '../access/actor';
import type { FoundSession, SessionActorCache } from '../modules/sessions/session-actor-cache';
import type { UsersRepository } from '../modules/users/users.repository';
import { germanAuthErrorBody } from './auth-errors';
import { errorBody } from './error-handler';
import { exposesSessionToken, redactSessionTokens, SESSION_TOKEN_HEADERS } from './session-answers';
import { presentedSessionCredential, verifiedSessionToken } from './session-token';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth-config';
import type { DeviceCookies } from './device-cookie';
import type { OnRequestStep } from './on-request';
import type { SignInAttempt, SignInGuard } from './sign-in-guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in actor (resolved once per request), or null. */
    getActor(): Promise<SessionActor | null>;
    actorPromise: Promise<SessionActor | null> | null;
  }
}

/**
 * better-auth endpoints reachable over HTTP ("METHOD /path" below /rest/auth); everything else
 * of it is reached only through our services. authorization.test.ts requires a row per entry.
 */
export const PUBLIC_AUTH_ENDPOINTS: ReadonlySet<string> = new Set([
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
  /** Remembers resolved sessions until a revocation or a change of the user drops them. */
  sessionActors: SessionActorCache;
  signInGuard: SignInGuard;
  deviceCookies: DeviceCookies;
  publicUrl: string;
  /** Current versions of the legal texts (ADR 0037). */
  legalVersions: LegalVersions;
}

export function normalizeEmail(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

/** Answer time of every password-reset request (well above the known-address path's few ms). */
const RESET_ANSWER_FLOOR_MS = 250;

async function untilElapsed(started: number, floorMs: number): Promise<void> {
  const remaining = floorMs - (performance.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

function tooMany(
  reply: FastifyReply,
  retryAfter: number | null,
  code: 'RATE_LIMITED' | 'SIGN_IN_THROTTLED' = 'RATE_LIMITED',
) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfter ?? 60))
    .type('application/json; charset=utf-8')
    .send(errorBody(code));
}

/**
 * The client address for better-auth's limits and session rows, as a step of the app's one
 * onRequest hook (on-request.ts), so every later reader of the headers sees it. request.ip is the
 * socket address, or the trusted proxy's forwarded address when TRUSTED_PROXIES is set; a
 * client-sent header of this name is always replaced.
 */
export const setClientIpHeader: OnRequestStep = (request) => {
  request.headers[CLIENT_IP_HEADER] = request.ip;
  return false;
};

export function registerAuth(
  app: FastifyInstance,
  deps: AuthPluginDeps,
): { knownActor: (headers: IncomingHttpHeaders) => SessionActor | undefined } {
  const { auth, signInGuard, deviceCookies } = deps;

  app.decorateRequest('actorPromise', null);
  app.decorateRequest('getActor', function getActor(this: FastifyRequest) {
    this.actorPromise ??= resolveActor(this);
    return this.actorPromise;
  });

  const authContext = auth.$context;
  /** better-auth's context once resolved, so a session-cache hit awaits nothing. */
  let resolvedContext: Awaited<typeof authContext> | null = null;
  // A failure is not handled here but by the request that awaits the context (no unhandled rejection).
  authContext.then(
    (context) => (resolvedContext = context),
    () => undefined,
  );

  /**
   * Presented credential (cookie or Bearer) → actor: from the session cache, keyed by the
   * credential as presented, without the signature check (ADR 0054); on a miss the signature is
   * checked and one query (session + users row) looks the session up.
   */
  async function resolveActor(request: FastifyRequest): Promise<SessionActor | null> {
    const { authorization, cookie } = request.headers;
    if (!cookie && !authorization) return null;
    const context = resolvedContext ?? (await authContext);
    const credential = presentedSessionCredential({ authorization, cookie }, context.authCookies.sessionToken.name);
    if (!credential) return null;
    return deps.sessionActors.resolve(credential, () => {
      const token = verifiedSessionToken(credential, context.secret);
      return token ? lookUpSession(request, token, context) : Promise.resolve(null);
    });
  }

  /** The actor of a session in memory, without a look-up or waiting (the fast path, ADR 0075). */
  function knownActor({ authorization, cookie }: IncomingHttpHeaders): SessionActor | undefined {
    if ((!cookie && !authorization) || !resolvedContext) return undefined;
    const credential = presentedSessionCredential(
      { authorization, cookie },
      resolvedContext.authCookies.sessionToken.name,
    );
    return credential ? deps.sessionActors.known(credential) : undefined;
  }

  /**
   * One query: session + users row. When the session is due for better-auth's sliding refresh,
   * better-auth's getSession runs once to extend it.
   */
  async function lookUpSession(
    request: FastifyRequest,
    token: string,
    context: Awaited<typeof authContext>,
  ): Promise<FoundSession | null> {
    const row = await deps.usersRepository.findBySessionToken(token);
    const now = Date.now();
    if (!row || row.sessionExpiresAt.getTime() <= now) return null;
    // Disabling deletes the sessions; this refuses one that survived anyway (belt and braces, ADR 0021).
    if (row.disabledAt) return null;
    // better-auth's rule: refresh once expiresAt - expiresIn + updateAge has passed.
    const { expiresIn, updateAge } = context.sessionConfig;
    // "Angemeldet bleiben" off: better-auth never extends those sessions (dont_remember cookie).
    const dontRemember =
      request.headers.cookie !== undefined &&
      parseCookie(request.headers.cookie)[context.authCookies.dontRememberToken.name] !== undefined;
    if (!dontRemember && row.sessionExpiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) {
      const refreshed = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!refreshed) return null;
    }
    const actor: SessionActor = {
      userId: row.id,
      type: row.type,
      regions: row.regions,
      organizationId: row.organizationId,
      email: row.email,
      name: row.name,
      emailVerified: row.emailVerified,
      privacyStatementSignedAt: row.privacyStatementSignedAt,
      termsAndConditionsSignedAt: row.termsAndConditionsSignedAt,
      legalDue: legalDueFor(row.type, row.legalAcceptances, deps.legalVersions),
      candidateLegalDue: candidateLegalDueFor(row.type, row.candidateLegalAcceptances),
      parentalConsent: parentalConsentFor(row.type, row.candidateDateOfBirth, row.parentalConsentStatus, new Date(now)),
      notifyViaMail: row.notifyViaMail,
      notificationInterval: row.notificationInterval,
      organization: row.organization,
      sessionId: row.sessionId,
    };
    return { actor, expiresAt: row.sessionExpiresAt.getTime() };
  }

  const origin = new URL(deps.publicUrl).origin;

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const started = performance.now();
      const pathname = request.url.split('?')[0]?.slice(AUTH_BASE_PATH.length) ?? '';
      if (!PUBLIC_AUTH_ENDPOINTS.has(`${request.method} ${pathname}`)) {
        return reply.code(404).send(errorBody('NOT_FOUND', 'Diese Schnittstelle gibt es nicht.'));
      }
      const body = request.body as Record<string, unknown> | undefined;
      const email = normalizeEmail(body?.email);

      // Per-account protection (better-auth only limits per IP): sign-in-guard.ts, ADR 0013.
      const signIn: SignInAttempt | null =
        pathname === '/sign-in/email' && email
          ? { email, ip: request.ip, device: deviceCookies.read(request.headers.cookie, email) }
          : null;
      if (signIn) {
        const decision = await signInGuard.check(signIn);
        if (!decision.allowed) return tooMany(reply, decision.retryAfter, 'SIGN_IN_THROTTLED');
      }
      if (pathname === '/request-password-reset' && email) {
        const device = deviceCookies.read(request.headers.cookie, email);
        const decision = await signInGuard.mailRequest('reset', { email, ip: request.ip, device });
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
      // A known address creates a token and queues a mail, an unknown one does nothing: both
      // answer after the same floor, so the answer time tells nothing (better-auth does the same
      // for resending the confirmation; ADR 0012).
      if (pathname === '/request-password-reset') await untilElapsed(started, RESET_ANSWER_FLOOR_MS);

      // 403 = right password, address not yet confirmed: not a failure.
      if (signIn && response.status === 401) await signInGuard.failed(signIn);
      else if (signIn && (response.status === 200 || response.status === 403)) await signInGuard.succeeded(signIn);

      void reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
        if (!exposesSessionToken(pathname) && SESSION_TOKEN_HEADERS.has(key)) return;
        void reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (signIn && email && response.status === 200) cookies.push(deviceCookies.issue(email));
      if (cookies.length > 0) void reply.header('set-cookie', cookies);

      if (response.status === 429) {
        const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
        if (retryAfter) void reply.header('retry-after', retryAfter);
        return reply
          .type('application/json; charset=utf-8')
          .send(errorBody('RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED));
      }
      if (response.status >= 400)
        return reply
          .type('application/json; charset=utf-8')
          .send(germanAuthErrorBody(response.status, await response.text()));
      const text =
        response.status === 200 ? redactSessionTokens(pathname, await response.text()) : await response.text();
      return text.length > 0 ? reply.send(text) : reply.send();
    },
  });

  return { knownActor };
}
