/**
 * The own account's password, for web users and candidates alike: the current password is
 * checked first (a stolen session alone cannot take the account over), the policy applies,
 * and better-auth changes it with `revokeOtherSessions` — every session ends (its delete hook
 * tells the poll caches) and a new one answers the call.
 */
import { ERROR_MESSAGES, type ChangePasswordRequest, type ChangePasswordResponse } from '@matchwerk/shared';
import { APIError } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import type { SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import type { Auth } from '../../plugins/auth-config';
import type { AccountUsers } from './account-users';
import { findPasswordProblem } from './password-policy';

/** Headers to pass on to the client (renewed session cookie, new Bearer token). */
export interface WithHeaders<T> {
  body: T;
  headers: Record<string, string | string[]>;
}

/** A Bearer caller (the candidate app) needs its new token; a cookie caller gets only the cookie, never the token in readable form. */
function isBearerCaller(headers: Headers): boolean {
  return headers.get('authorization')?.slice(0, 7).toLowerCase() === 'bearer ';
}

function forwardedHeaders(headers: Headers, bearerCaller: boolean): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) result['set-cookie'] = cookies;
  const token = headers.get('set-auth-token');
  if (token && bearerCaller) result['set-auth-token'] = token;
  return result;
}

/** Refuses with 400 INVALID_PASSWORD (on the `currentPassword` field) unless the password is the user's. */
export async function assertCurrentPassword(
  usersRepository: Pick<AccountUsers, 'findPasswordHash'>,
  userId: string,
  password: string,
): Promise<void> {
  const hash = await usersRepository.findPasswordHash(userId);
  if (!hash || !(await verifyPassword({ hash, password }))) {
    throw new AppError('INVALID_PASSWORD', { fieldErrors: { currentPassword: ERROR_MESSAGES.INVALID_PASSWORD } });
  }
}

export async function changeOwnPassword(
  deps: { auth: Auth; usersRepository: Pick<AccountUsers, 'findPasswordHash'> },
  user: SessionActor,
  input: ChangePasswordRequest,
  headers: Headers,
): Promise<WithHeaders<ChangePasswordResponse>> {
  await assertCurrentPassword(deps.usersRepository, user.userId, input.currentPassword);
  if (findPasswordProblem(input.newPassword, user.email)) throw new AppError('PASSWORD_COMPROMISED');
  try {
    const result = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    const bearerCaller = isBearerCaller(headers);
    return {
      body: { ok: true, token: bearerCaller ? (result.response.token ?? null) : null },
      headers: forwardedHeaders(result.headers, bearerCaller),
    };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') throw new AppError('INVALID_PASSWORD');
    if (error instanceof APIError && error.body?.code === 'PASSWORD_COMPROMISED')
      throw new AppError('PASSWORD_COMPROMISED');
    throw error;
  }
}
