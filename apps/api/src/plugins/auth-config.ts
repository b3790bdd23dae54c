/**
 * better-auth configured for Matchwerk: e-mail + password with verification, German mails
 * with links into the web app's /authaction page, Bearer tokens, password policy, rate limits
 * in an instance-owned store and the client IP from a private header we set ourselves.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import {
  candidateAppUrl,
  ERROR_MESSAGES,
  FEEDBACK_PER_HOUR,
  INTEREST_DAILY_CAP_DEFAULT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@matchwerk/shared';
import type { Database } from '../db/client';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema/index';
import type { Mailer } from '../mail/mailer';
import {
  alreadyRegisteredMail,
  authActionUrl,
  confirmEmailChangeMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../mail/templates';
import {
  candidateActionUrl,
  candidateAlreadyRegisteredMail,
  candidateConfirmEmailChangeMail,
  candidateResetPasswordMail,
  candidateVerifyEmailMail,
} from '../mail/candidate-templates';
import type { MailAudienceOf } from '../mail/mail-audience';
import { findPasswordProblem } from '../modules/accounts/password-policy';
import type { RateLimitStore } from './rate-limit-store';
import type { VerificationLinks } from './verification-links';

/** The private header carrying Fastify's idea of the client IP; any client value is overwritten. */
export const CLIENT_IP_HEADER = 'x-matchwerk-client-ip';
export const AUTH_BASE_PATH = '/rest/auth';
/** A session lives 30 days and slides forward at most once a day (better-auth's expiresIn and updateAge, in seconds). */
export const SESSION_LIFETIME = { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 } as const;

export interface RateLimitSettings {
  /** Window (seconds) and max requests per IP for each sensitive auth endpoint. */
  windowSeconds: number;
  maxPerIp: number;
  /** Any other auth endpoint, per IP. */
  defaultMaxPerIp: number;
  /** Mails per e-mail address (sign-up, resend, password reset, unlock link) within `accountWindowSeconds`. */
  maxPerAccount: number;
  accountWindowSeconds: number;
  /** Consecutive failed sign-ins of one (account, IP) pair before that pair is blocked for `signInBlockSeconds`. */
  signInFailsPerAccountAndIp: number;
  signInBlockSeconds: number;
  /** Failed sign-ins from one IP (any account) within a day before the IP is blocked for a day. */
  signInFailsPerIpPerDay: number;
  /**
   * Failed sign-ins on one account (all IPs) within `signInAccountWindowSeconds` before browsers
   * without that account's device cookie get one attempt per `signInSlowdownSeconds`.
   */
  signInFailsPerAccount: number;
  signInAccountWindowSeconds: number;
  signInSlowdownSeconds: number;
  /** Failed sign-ins with one device cookie before it is blocked for `signInBlockSeconds`. */
  signInFailsPerDevice: number;
  /** Chat messages one user may send per minute. */
  chatMessagesPerMinute: number;
  /** New expressions of interest per candidate and Berlin day (issue 46, ADR 0100; INTEREST_DAILY_CAP). */
  interestsPerDay: number;
  /** Feedback per user and hour (ADR 0036). */
  feedbackPerHour: number;
  /** New accounts per address range (IPv4 /24, IPv6 /56) and `signupRangeWindowSeconds` (ADR 0110; SIGNUP_LIMIT_PER_RANGE). */
  signupsPerRange: number;
  signupRangeWindowSeconds: number;
  /** New accounts per address range and day (ADR 0110; SIGNUP_LIMIT_PER_RANGE_PER_DAY). */
  signupsPerRangePerDay: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowSeconds: 60,
  // Schools and offices share one address behind NAT; brute force on one account is stopped
  // by the per-account limit below, so the per-IP limit only has to stop mass attempts.
  maxPerIp: 30,
  defaultMaxPerIp: 200,
  maxPerAccount: 10,
  accountWindowSeconds: 15 * 60,
  // Sign-in protection after rate-limiter-flexible's "login endpoint protection" (ADR 0013).
  signInFailsPerAccountAndIp: 10,
  signInBlockSeconds: 15 * 60,
  signInFailsPerIpPerDay: 100,
  signInFailsPerAccount: 20,
  signInAccountWindowSeconds: 60 * 60,
  signInSlowdownSeconds: 30,
  signInFailsPerDevice: 10,
  chatMessagesPerMinute: 30,
  interestsPerDay: INTEREST_DAILY_CAP_DEFAULT,
  feedbackPerHour: FEEDBACK_PER_HOUR,
  // A school class on one shared address passes; a burst from one network stops at 20 (ADR 0110).
  signupsPerRange: 20,
  signupRangeWindowSeconds: 10 * 60,
  signupsPerRangePerDay: 200,
};

export interface EmailChangedEvent {
  userId: string;
  name: string;
  oldEmail: string;
  newEmail: string;
}

export interface AuthDeps {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  mailer: Mailer;
  supportEmail: string;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  /** Called once an e-mail change is complete (sends the recover mail to the old address). */
  onEmailChanged: (event: EmailChangedEvent) => Promise<void>;
  /** Called after better-auth deleted a session row (sign-out, revocations, password change and reset). */
  onSessionEnded: (session: { id: string; userId: string }) => Promise<void>;
  /** Called after better-auth changed a user row (e-mail confirmed or changed, name): cached sessions must read it again. */
  onUserUpdated: (userId: string) => Promise<void>;
  /** Called once an e-mail change is complete: end the user's other sessions (`request`: the confirming click). */
  onEmailChangeCompleted: (event: { userId: string; request: Request | undefined }) => Promise<void>;
  /**
   * Called before better-auth creates a session (every sign-in): stamps the last sign-in and
   * answers whether the user may sign in at all (disabled users may not; ADR 0021).
   */
  onSignIn?: (userId: string) => Promise<{ allowed: boolean }>;
  /** Whom an account mail is for: candidates get "du" and links into /app/ (ADR 0102); default employer. */
  mailAudienceOf?: MailAudienceOf;
  /** Makes e-mail verification links single-use (ADR 0110); without it a link works until it expires. */
  verificationLinks?: VerificationLinks;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
}

/** How long an e-mail verification link works (better-auth's JWT expiry, and the single-use claim's life). */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** The token of a GET /verify-email (null for any other path). */
function verificationTokenOf(path: string | undefined, query: unknown): string | null {
  if (path !== '/verify-email' || !query || typeof query !== 'object') return null;
  const token = (query as { token?: unknown }).token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

interface TokenPayload {
  email?: string;
  updateTo?: string;
  requestType?: string;
  userId?: string;
}

/** Reads (without verifying: better-auth did that) the payload of an e-mail verification JWT. */
export function readVerificationTokenPayload(token: string | null | undefined): TokenPayload {
  const part = token?.split('.')[1];
  if (!part) return {};
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    return {};
  }
}

function passwordRefused() {
  return new APIError('BAD_REQUEST', { code: 'PASSWORD_COMPROMISED', message: ERROR_MESSAGES.PASSWORD_COMPROMISED });
}

export function createAuth(deps: AuthDeps) {
  const { mailer, publicUrl, supportEmail, rateLimits } = deps;
  const sensitive = { window: rateLimits.windowSeconds, max: rateLimits.maxPerIp };
  const isCandidate = async (user: { id: string; email: string }) =>
    (await deps.mailAudienceOf?.(user)) === 'CANDIDATE';
  return betterAuth({
    appName: 'Matchwerk',
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    logger: { level: deps.logLevel ?? 'error' },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const to = { to: user.email, name: user.name, supportEmail };
        await mailer.send(
          (await isCandidate(user))
            ? await candidateResetPasswordMail({
                ...to,
                url: candidateActionUrl(publicUrl, 'resetPassword', token, user.email),
              })
            : await resetPasswordMail({ ...to, url: authActionUrl(publicUrl, 'resetPassword', token, user.email) }),
        );
      },
      onExistingUserSignUp: async ({ user }) => {
        const to = { to: user.email, name: user.name, supportEmail };
        await mailer.send(
          (await isCandidate(user))
            ? await candidateAlreadyRegisteredMail({ ...to, signInUrl: candidateAppUrl(publicUrl, 'signIn') })
            : await alreadyRegisteredMail({ ...to, loginUrl: `${publicUrl}/#/login` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const payload = readVerificationTokenPayload(token);
        const mail = {
          to: user.email,
          name: user.name,
          supportEmail,
          isEmailChange: payload.requestType === 'change-email-verification',
        };
        await mailer.send(
          (await isCandidate(user))
            ? await candidateVerifyEmailMail({ ...mail, url: candidateActionUrl(publicUrl, 'verifyEmail', token) })
            : await verifyEmailMail({ ...mail, url: authActionUrl(publicUrl, 'verifyEmail', token) }),
        );
      },
      afterEmailVerification: async (user, request) => {
        // Second step of an e-mail change: the address is now switched; tell the old one.
        const token = request ? new URL(request.url).searchParams.get('token') : null;
        const payload = readVerificationTokenPayload(token);
        if (payload.requestType === 'change-email-verification' && payload.email && payload.updateTo) {
          await deps.onEmailChanged({
            userId: user.id,
            name: user.name,
            oldEmail: payload.email,
            newEmail: payload.updateTo,
          });
          await deps.onEmailChangeCompleted({ userId: user.id, request });
        }
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, token }) => {
          const mail = { to: user.email, name: user.name, supportEmail, newEmail };
          await mailer.send(
            (await isCandidate(user))
              ? await candidateConfirmEmailChangeMail({
                  ...mail,
                  url: candidateActionUrl(publicUrl, 'confirmEmailChange', token),
                })
              : await confirmEmailChangeMail({ ...mail, url: authActionUrl(publicUrl, 'confirmEmailChange', token) }),
          );
        },
      },
    },
    session: { ...SESSION_LIFETIME },
    databaseHooks: {
      user: {
        update: { after: (user) => deps.onUserUpdated(user.id) },
      },
      // Every session row better-auth deletes passes here, whichever endpoint deleted it.
      session: {
        delete: { after: (session) => deps.onSessionEnded({ id: session.id, userId: session.userId }) },
        // After the password check, so the refusal tells nothing to someone without the password.
        create: {
          before: async (session) => {
            if (deps.onSignIn && !(await deps.onSignIn(session.userId)).allowed) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: ERROR_MESSAGES.ACCOUNT_DISABLED });
            }
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      window: rateLimits.windowSeconds,
      max: rateLimits.defaultMaxPerIp,
      customStorage: { consume: (key, rule) => deps.rateLimitStore.consume(key, rule) },
      customRules: {
        '/sign-in/email': sensitive,
        '/sign-up/email': sensitive,
        '/request-password-reset': sensitive,
        '/reset-password': sensitive,
        '/send-verification-email': sensitive,
        '/verify-email': sensitive,
        '/change-password': sensitive,
        '/change-email': sensitive,
      },
    },
    advanced: {
      cookiePrefix: 'matchwerk',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // On in every environment, tests included (better-auth skips it under NODE_ENV=test otherwise).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A verification link works once: claimed here, before better-auth verifies it (ADR 0110).
        const verificationToken = verificationTokenOf(ctx.path, ctx.query);
        if (verificationToken && deps.verificationLinks) {
          const expiresAt = new Date(Date.now() + VERIFICATION_LINK_SECONDS * 1000);
          if (!(await deps.verificationLinks.claim(verificationToken, expiresAt)))
            throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: ERROR_MESSAGES.INVALID_TOKEN });
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email' && typeof body.password === 'string') {
          if (findPasswordProblem(body.password, typeof body.email === 'string' ? body.email : null))
            throw passwordRefused();
        } else if (ctx.path === '/reset-password' && typeof body.newPassword === 'string') {
          // The e-mail is known only through the reset token (better-auth stores token → user id).
          const token = typeof body.token === 'string' ? body.token : null;
          const verification = token
            ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
            : null;
          const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
          if (findPasswordProblem(body.newPassword, user?.email ?? null)) throw passwordRefused();
        } else if (ctx.path === '/change-password' && typeof body.newPassword === 'string') {
          if (findPasswordProblem(body.newPassword, ctx.context.session?.user.email ?? null)) throw passwordRefused();
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A refused verification (expired, forged, unknown user) did not use the link.
        const verificationToken = verificationTokenOf(ctx.path, ctx.query);
        const returned: unknown = ctx.context.returned;
        if (verificationToken && deps.verificationLinks && returned instanceof APIError && returned.statusCode >= 400)
          await deps.verificationLinks.release(verificationToken);
      }),
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
