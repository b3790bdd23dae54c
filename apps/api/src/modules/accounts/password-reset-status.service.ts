/**
 * Whether a mailed password-reset link still works, asked when the link is opened so a used or
 * expired link says so before the user types a new password twice. Read-only: better-auth's
 * reset consumes the token, this check never does.
 */
import type { ResetPasswordStatus } from '@matchwerk/shared';
import { AppError } from '../../errors/app-error';
import type { Auth, RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';

export interface PasswordResetStatusDeps {
  auth: Pick<Auth, '$context'>;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  clock: () => Date;
}

export function createPasswordResetStatusService(deps: PasswordResetStatusDeps) {
  const ipRule = { window: deps.rateLimits.windowSeconds, max: deps.rateLimits.maxPerIp };

  return {
    /** Valid while better-auth would accept the token: stored, not expired, its user still there. */
    async check(token: string, client: { ip: string }): Promise<ResetPasswordStatus> {
      const decision = await deps.rateLimitStore.consume(`ip:reset-status:${client.ip}`, ipRule);
      if (!decision.allowed)
        throw new AppError('RATE_LIMITED', {
          headers: { 'retry-after': String(decision.retryAfter ?? ipRule.window) },
        });
      // The identifier better-auth's request-password-reset stores (and its reset reads and deletes).
      const { internalAdapter } = await deps.auth.$context;
      const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification || verification.expiresAt <= deps.clock()) return { valid: false };
      return { valid: (await internalAdapter.findUserById(verification.value)) !== null };
    },
  };
}

export type PasswordResetStatusService = ReturnType<typeof createPasswordResetStatusService>;
