/**
 * The owner's way past the sign-in protection (ADR 0013): a one-time link by mail that marks
 * the browser opening it as trusted for the account (device cookie) and clears that
 * (account, IP) pair's failures. The request answers the same for unknown addresses.
 */
import { randomBytes } from 'node:crypto';
import type { OkResponse, SignInUnlockConfirm, SignInUnlockRequest } from '@matchwerk/shared';
import { AppError } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { candidateActionUrl, candidateSignInUnlockMail } from '../../mail/candidate-templates';
import type { MailAudienceOf } from '../../mail/mail-audience';
import { authActionUrl, signInUnlockMail } from '../../mail/templates';
import type { RateLimitSettings } from '../../plugins/auth-config';
import type { DeviceCookies } from '../../plugins/device-cookie';
import type { RateLimitDecision, RateLimitStore } from '../../plugins/rate-limit-store';
import type { SignInGuard } from '../../plugins/sign-in-guard';
import type { AccountUsers } from './account-users';
import { hashToken } from './email-recovery.service';
import type { SignInUnlockRepository } from './sign-in-unlock.repository';

export const UNLOCK_TOKEN_TTL_MINUTES = 30;

export interface SignInUnlockDeps {
  repository: SignInUnlockRepository;
  usersRepository: Pick<AccountUsers, 'findAuthUserByEmail'>;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  signInGuard: SignInGuard;
  deviceCookies: DeviceCookies;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  clock: () => Date;
  /** Candidates get the mail in "du" with a link into /app/ (ADR 0102); default employer. */
  mailAudienceOf?: MailAudienceOf;
}

export interface ClientContext {
  ip: string;
  cookie: string | undefined;
}

function refuseUnlessAllowed(decision: RateLimitDecision): void {
  if (!decision.allowed)
    throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? 60) } });
}

export function createSignInUnlockService(deps: SignInUnlockDeps) {
  const ipRule = { window: deps.rateLimits.windowSeconds, max: deps.rateLimits.maxPerIp };

  return {
    async request(input: SignInUnlockRequest, client: ClientContext): Promise<OkResponse> {
      refuseUnlessAllowed(await deps.rateLimitStore.consume(`ip:unlock:${client.ip}`, ipRule));
      const device = deps.deviceCookies.read(client.cookie, input.email);
      refuseUnlessAllowed(await deps.signInGuard.mailRequest('unlock', { email: input.email, ip: client.ip, device }));
      const user = await deps.usersRepository.findAuthUserByEmail(input.email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        const expiresAt = new Date(deps.clock().getTime() + UNLOCK_TOKEN_TTL_MINUTES * 60 * 1000);
        await deps.repository.insert(hashToken(token), { userId: user.id, email: user.email.toLowerCase() }, expiresAt);
        const mail = { to: user.email, name: user.name, supportEmail: deps.supportEmail };
        await deps.mailer.send(
          (await deps.mailAudienceOf?.(user)) === 'CANDIDATE'
            ? await candidateSignInUnlockMail({
                ...mail,
                url: candidateActionUrl(deps.publicUrl, 'unlockSignIn', token),
                minutes: UNLOCK_TOKEN_TTL_MINUTES,
              })
            : await signInUnlockMail({
                ...mail,
                url: authActionUrl(deps.publicUrl, 'unlockSignIn', token),
                minutes: UNLOCK_TOKEN_TTL_MINUTES,
              }),
        );
      }
      return { ok: true };
    },

    /** Returns the Set-Cookie value of the new device cookie. */
    async confirm(input: SignInUnlockConfirm, client: ClientContext): Promise<{ body: OkResponse; setCookie: string }> {
      refuseUnlessAllowed(await deps.rateLimitStore.consume(`ip:unlock-confirm:${client.ip}`, ipRule));
      const record = await deps.repository.take(hashToken(input.token), deps.clock());
      if (!record) throw new AppError('INVALID_TOKEN');
      await deps.signInGuard.forgetPair(record.email, client.ip);
      return { body: { ok: true }, setCookie: deps.deviceCookies.issue(record.email) };
    },
  };
}

export type SignInUnlockService = ReturnType<typeof createSignInUnlockService>;
