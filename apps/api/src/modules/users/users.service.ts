import type { AcceptTermsRequest, ChangeEmailRequest, ChangePasswordRequest, ChangePasswordResponse, CurrentUser, NotificationSettings, OkResponse, RecoverEmailRequest } from '@matchwerk/shared';
import { APIError } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import { requireActor, type SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import type { Auth } from '../../plugins/auth-config';
import type { EmailRecoveryRepository } from '../accounts/email-recovery.repository';
import { hashToken } from '../accounts/email-recovery.service';
import { findPasswordProblem } from '../accounts/password-policy';
import { toCurrentUser } from './users.mapper';
import type { UsersRepository } from './users.repository';

export interface UsersServiceDeps {
  auth: Auth;
  usersRepository: UsersRepository;
  emailRecoveryRepository: EmailRecoveryRepository;
  clock: () => Date;
}

/** Headers to pass on to the client (renewed session cookie, new Bearer token). */
export interface WithHeaders<T> {
  body: T;
  headers: Record<string, string | string[]>;
}

function forwardedHeaders(headers: Headers): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) result['set-cookie'] = cookies;
  const token = headers.get('set-auth-token');
  if (token) result['set-auth-token'] = token;
  return result;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { auth, usersRepository } = deps;

  async function assertCurrentPassword(actor: SessionActor, password: string) {
    const hash = await usersRepository.findPasswordHash(actor.userId);
    if (!hash || !(await verifyPassword({ hash, password }))) throw new AppError('INVALID_PASSWORD', { fieldErrors: { currentPassword: 'Das aktuelle Passwort ist nicht korrekt.' } });
  }

  async function loadUser(userId: string): Promise<SessionActor> {
    const row = await usersRepository.findUserById(userId);
    if (!row) throw new AppError('NOT_FOUND');
    const { id, ...rest } = row;
    return { ...rest, userId: id, sessionId: '' };
  }

  return {
    /** Any signed-in user, applicants included (the web app refuses them itself). */
    getCurrentUser(actor: SessionActor | null): CurrentUser {
      return toCurrentUser(requireActor(actor, { legal: false, allowApplicant: true }));
    },

    async acceptTerms(actor: SessionActor | null, _input: AcceptTermsRequest): Promise<CurrentUser> {
      const user = requireActor(actor, { legal: false });
      const now = deps.clock();
      await usersRepository.setLegalSignedAt(user.userId, now);
      return toCurrentUser({ ...user, privacyStatementSignedAt: now, termsAndConditionsSignedAt: now });
    },

    /** Verifies the current password, applies the policy, changes it and revokes every other session. */
    async changePassword(actor: SessionActor | null, input: ChangePasswordRequest, headers: Headers): Promise<WithHeaders<ChangePasswordResponse>> {
      const user = requireActor(actor, { legal: false });
      await assertCurrentPassword(user, input.currentPassword);
      if (findPasswordProblem(input.newPassword, user.email)) throw new AppError('PASSWORD_COMPROMISED');
      try {
        const result = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return { body: { ok: true, token: result.response.token ?? null }, headers: forwardedHeaders(result.headers) };
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') throw new AppError('INVALID_PASSWORD');
        if (error instanceof APIError && error.body?.code === 'PASSWORD_COMPROMISED') throw new AppError('PASSWORD_COMPROMISED');
        throw error;
      }
    },

    /**
     * Verifies the current password, then starts better-auth's change: a confirmation link to
     * the current address, then a verification link to the new one. Same answer whether or not
     * the new address is taken.
     */
    async changeEmail(actor: SessionActor | null, input: ChangeEmailRequest, headers: Headers): Promise<OkResponse> {
      const user = requireActor(actor, { legal: false });
      await assertCurrentPassword(user, input.currentPassword);
      if (input.newEmail === user.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', { fieldErrors: { newEmail: 'Das ist bereits Ihre E-Mail-Adresse.' } });
      }
      await auth.api.changeEmail({ body: { newEmail: input.newEmail }, headers });
      return { ok: true };
    },

    /**
     * Notification settings of an ORGANIZATION user: the user themself, or an admin for any
     * organisation user. Answers the updated user.
     */
    async updateNotifications(actor: SessionActor | null, userId: string, input: NotificationSettings): Promise<CurrentUser> {
      const user = requireActor(actor, { legal: true });
      if (user.type !== 'ORGANIZATION' && user.type !== 'ADMIN') throw new AppError('FORBIDDEN');
      if (user.type === 'ORGANIZATION' && user.userId !== userId) throw new AppError('FORBIDDEN');
      const target = user.userId === userId ? user : await loadUser(userId);
      if (target.type !== 'ORGANIZATION') throw new AppError('FORBIDDEN', { message: 'Benachrichtigungen gibt es nur für Unternehmensnutzer.' });
      const settings = { notifyViaMail: input.notifyViaMail, notificationInterval: input.interval };
      await usersRepository.setNotifications(userId, settings, deps.clock());
      return toCurrentUser({ ...target, ...settings });
    },

    /** Public: undoes an e-mail change from the link sent to the old address; signs out everywhere. */
    async recoverEmail(input: RecoverEmailRequest): Promise<OkResponse> {
      const record = await deps.emailRecoveryRepository.findValid(hashToken(input.token), deps.clock());
      if (!record) throw new AppError('INVALID_TOKEN');
      const holder = await usersRepository.findAuthUserByEmail(record.oldEmail);
      if (holder && holder.id !== record.userId) throw new AppError('CONFLICT');
      await usersRepository.updateAuthEmail(record.userId, record.oldEmail);
      await usersRepository.deleteSessions(record.userId);
      await deps.emailRecoveryRepository.deleteForUser(record.userId);
      return { ok: true };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
