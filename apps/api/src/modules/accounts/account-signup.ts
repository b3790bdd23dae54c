/**
 * Creating a sign-in account, shared by organisation and candidate sign-up: the password
 * policy, better-auth's sign-up (which sends the German verification mail), the check that the
 * address was really new, and the rollback when the caller's own records cannot be created.
 */
import { ERROR_MESSAGES, type SignupResponse } from '@matchwerk/shared';
import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { Auth } from '../../plugins/auth-config';
import type { AccountUsers } from './account-users';
import { findPasswordProblem } from './password-policy';

export interface PublicRequestContext {
  ip: string;
  headers: Headers;
  log: FastifyBaseLogger;
}

export interface AccountSignupDeps {
  auth: Auth;
  usersRepository: Pick<AccountUsers, 'findAuthUserById' | 'deleteAuthUser'>;
}

/**
 * Creates the account and then, for a really new address only, the caller's records via
 * `createRecords`. A known address gets the same answer, so sign-up reveals no accounts.
 */
export async function signUpAccount(
  deps: AccountSignupDeps,
  account: { email: string; password: string; name: string },
  context: PublicRequestContext,
  createRecords: (userId: string) => Promise<unknown>,
): Promise<SignupResponse> {
  if (findPasswordProblem(account.password, account.email)) {
    throw new AppError('PASSWORD_COMPROMISED', { fieldErrors: { password: ERROR_MESSAGES.PASSWORD_COMPROMISED } });
  }
  let userId: string;
  try {
    const result = await deps.auth.api.signUpEmail({ body: account, headers: context.headers });
    userId = result.user.id;
  } catch (error) {
    if (
      error instanceof APIError &&
      (error.body?.code === 'PASSWORD_COMPROMISED' || error.body?.code === 'PASSWORD_TOO_SHORT')
    ) {
      throw new AppError('PASSWORD_COMPROMISED');
    }
    throw error;
  }

  // better-auth answers a duplicate with a synthetic user that is not stored.
  if (!(await deps.usersRepository.findAuthUserById(userId))) return { status: 'VERIFICATION_SENT' };

  try {
    await createRecords(userId);
  } catch (error) {
    context.log.error({ err: error }, 'sign-up failed after the account was created; removing the new auth user');
    await deps.usersRepository.deleteAuthUser(userId);
    throw error;
  }
  return { status: 'VERIFICATION_SENT' };
}
