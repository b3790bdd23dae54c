import type { OkResponse, ResendSignupConfirmationRequest, SignupRequest, SignupResponse } from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { APIError } from 'better-auth/api';
import { AppError } from '../../errors/app-error';
import { CLIENT_IP_HEADER, type Auth, type RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { findPasswordProblem } from '../accounts/password-policy';
import type { UsersRepository } from '../users/users.repository';
import type { OrganizationsRepository } from './organizations.repository';

export interface OrganizationsServiceDeps {
  auth: Auth;
  organizationsRepository: OrganizationsRepository;
  usersRepository: UsersRepository;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  clock: () => Date;
}

/**
 * Headers for the auth server on public calls: only the client IP, never the caller's
 * session (a signed-in caller must not turn "resend for this address" into "for me").
 */
export function anonymousHeaders(ip: string): Headers {
  return new Headers({ [CLIENT_IP_HEADER]: ip });
}

export interface PublicRequestContext {
  ip: string;
  headers: Headers;
  log: FastifyBaseLogger;
}

export function createOrganizationsService(deps: OrganizationsServiceDeps) {
  const { auth, rateLimitStore, rateLimits } = deps;
  const ipRule = { window: rateLimits.windowSeconds, max: rateLimits.maxPerIp };
  const accountRule = { window: rateLimits.accountWindowSeconds, max: rateLimits.maxPerAccount };

  async function limit(key: string, rule: { window: number; max: number }) {
    const decision = await rateLimitStore.consume(key, rule);
    if (!decision.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? rule.window) } });
  }

  return {
    /**
     * Public sign-up of an organisation: creates the auth user (better-auth sends the German
     * verification mail), then — only for a really new user — the organisation and its owner.
     * A known address gets the same answer, so sign-up reveals no accounts.
     */
    async signup(input: SignupRequest, context: PublicRequestContext): Promise<SignupResponse> {
      await limit(`ip:signup:${context.ip}`, ipRule);
      await limit(`acct:signup:${input.email}`, accountRule);
      if (findPasswordProblem(input.password, input.email)) throw new AppError('PASSWORD_COMPROMISED', { fieldErrors: { password: 'Dieses Passwort ist zu leicht zu erraten oder entspricht Ihrer E-Mail-Adresse. Bitte wählen Sie ein anderes.' } });

      let userId: string;
      try {
        const result = await auth.api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.userName },
          headers: context.headers,
        });
        userId = result.user.id;
      } catch (error) {
        if (error instanceof APIError && (error.body?.code === 'PASSWORD_COMPROMISED' || error.body?.code === 'PASSWORD_TOO_SHORT')) {
          throw new AppError('PASSWORD_COMPROMISED');
        }
        throw error;
      }

      // better-auth answers a duplicate with a synthetic user that is not stored.
      const created = await deps.usersRepository.findAuthUserById(userId);
      if (!created) return { status: 'VERIFICATION_SENT' };

      try {
        await deps.organizationsRepository.createWithOwner({
          organization: { name: input.companyName, region: input.region, active: true, member: false, contactName: input.userName, contactMail: input.email },
          ownerId: userId,
          termsSignedAt: deps.clock(),
        });
      } catch (error) {
        context.log.error({ err: error }, 'organisation sign-up failed; removing the new auth user');
        await deps.usersRepository.deleteAuthUser(userId);
        throw error;
      }
      return { status: 'VERIFICATION_SENT' };
    },

    /** Resends the verification mail, only for an existing unverified account; always the same answer. */
    async resendSignupConfirmation(input: ResendSignupConfirmationRequest, context: PublicRequestContext): Promise<OkResponse> {
      await limit(`ip:resend:${context.ip}`, ipRule);
      await limit(`acct:resend:${input.email}`, accountRule);
      const user = await deps.usersRepository.findAuthUserByEmail(input.email);
      if (user && !user.emailVerified) {
        await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: context.headers });
      }
      return { ok: true };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
