import type {
  AcceptTermsRequest,
  LegalDocument,
  LegalVersions,
  ChangeEmailRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  CurrentUser,
  NotificationSettings,
  OkResponse,
  RecoverEmailRequest,
} from '@matchwerk/shared';
import {
  candidateLegalDueFor,
  legalDueFor,
  parentalConsentFor,
  requireActor,
  type SessionActor,
} from '../../access/actor';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { Auth } from '../../plugins/auth-config';
import {
  type EmailRecoveryRepository,
  hashToken,
  assertCurrentPassword,
  changeOwnPassword,
  type WithHeaders,
} from '../accounts';
import type { SessionRevocations } from '../sessions';
import { toCurrentUser } from './users.mapper';
import type { UsersRepository } from './users.repository';

/** "Bitte stimmen Sie … zu." */
const DATIVE: Record<LegalDocument, string> = { PRIVACY: 'der Datenschutzerklärung', TERMS: 'den Nutzungsbedingungen' };

export interface UsersServiceDeps {
  auth: Auth;
  usersRepository: UsersRepository;
  emailRecoveryRepository: EmailRecoveryRepository;
  sessionRevocations: Pick<SessionRevocations, 'revokeAllForUser' | 'userChanged'>;
  /** Changed users are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
  /** Current versions of the legal texts (ADR 0037). */
  legalVersions: LegalVersions;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { auth, usersRepository } = deps;

  async function loadUser(userId: string): Promise<SessionActor> {
    const row = await usersRepository.findUserById(userId);
    if (!row) throw new AppError('NOT_FOUND');
    const { id, legalAcceptances, candidateLegalAcceptances, candidateDateOfBirth, parentalConsentStatus, ...rest } =
      row;
    return {
      ...rest,
      legalDue: legalDueFor(row.type, legalAcceptances, deps.legalVersions),
      candidateLegalDue: candidateLegalDueFor(row.type, candidateLegalAcceptances),
      parentalConsent: parentalConsentFor(row.type, candidateDateOfBirth, parentalConsentStatus, deps.clock()),
      userId: id,
      sessionId: '',
    };
  }

  return {
    /** Any signed-in user, applicants included (the web app refuses them itself). */
    getCurrentUser(actor: SessionActor | null): CurrentUser {
      return toCurrentUser(requireActor(actor, { legal: false, allowApplicant: true }));
    },

    /**
     * Records the acceptance of every due document in its current version (ADR 0037). Each due
     * document must be agreed to; documents not due are not recorded again, so nobody accepts
     * the same version twice. Nothing due: answers the user unchanged.
     */
    async acceptTerms(actor: SessionActor | null, input: AcceptTermsRequest): Promise<CurrentUser> {
      const user = requireActor(actor, { legal: false });
      const agreed = {
        PRIVACY: input.privacyStatementAccepted === true,
        TERMS: input.termsAndConditionsAccepted === true,
      };
      const fieldOf = { PRIVACY: 'privacyStatementAccepted', TERMS: 'termsAndConditionsAccepted' } as const;
      const missing = user.legalDue.filter((due) => !agreed[due.document]);
      if (missing.length > 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: `Bitte stimmen Sie ${missing.map((due) => `${DATIVE[due.document]} in der aktuellen Fassung`).join(' und ')} zu.`,
          fieldErrors: Object.fromEntries(
            missing.map((due) => [fieldOf[due.document], `Bitte stimmen Sie ${DATIVE[due.document]} zu.`]),
          ),
        });
      }
      if (user.legalDue.length === 0) return toCurrentUser(user);
      const now = deps.clock();
      await usersRepository.recordLegalAcceptances(user.userId, user.legalDue, now);
      await deps.sessionRevocations.userChanged(user.userId);
      await deps.events.publish({ type: 'user.changed', userId: user.userId });
      const documents = new Set(user.legalDue.map((due) => due.document));
      return toCurrentUser({
        ...user,
        privacyStatementSignedAt: documents.has('PRIVACY') ? now : user.privacyStatementSignedAt,
        termsAndConditionsSignedAt: documents.has('TERMS') ? now : user.termsAndConditionsSignedAt,
        legalDue: [],
      });
    },

    /** Verifies the current password, applies the policy, changes it and revokes every other session. */
    async changePassword(
      actor: SessionActor | null,
      input: ChangePasswordRequest,
      headers: Headers,
    ): Promise<WithHeaders<ChangePasswordResponse>> {
      return changeOwnPassword({ auth, usersRepository }, requireActor(actor, { legal: false }), input, headers);
    },

    /**
     * Verifies the current password, then starts better-auth's change: a confirmation link to
     * the current address, then a verification link to the new one. Same answer whether or not
     * the new address is taken.
     */
    async changeEmail(actor: SessionActor | null, input: ChangeEmailRequest, headers: Headers): Promise<OkResponse> {
      const user = requireActor(actor, { legal: false });
      await assertCurrentPassword(usersRepository, user.userId, input.currentPassword);
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
    async updateNotifications(
      actor: SessionActor | null,
      userId: string,
      input: NotificationSettings,
    ): Promise<CurrentUser> {
      const user = requireActor(actor, { legal: true });
      if (user.type !== 'ORGANIZATION' && user.type !== 'ADMIN') throw new AppError('FORBIDDEN');
      // Another user's settings answer like an unknown user (403 would confirm the id exists).
      if (user.type === 'ORGANIZATION' && user.userId !== userId) throw new AppError('NOT_FOUND');
      const target = user.userId === userId ? user : await loadUser(userId);
      if (target.type !== 'ORGANIZATION')
        throw new AppError('FORBIDDEN', { message: 'Benachrichtigungen gibt es nur für Unternehmensnutzer.' });
      const settings = { notifyViaMail: input.notifyViaMail, notificationInterval: input.interval };
      await usersRepository.setNotifications(userId, settings, deps.clock());
      await deps.sessionRevocations.userChanged(userId);
      await deps.events.publish({ type: 'user.changed', userId });
      return toCurrentUser({ ...target, ...settings });
    },

    /** Public: undoes an e-mail change from the link sent to the old address; signs out everywhere. */
    async recoverEmail(input: RecoverEmailRequest): Promise<OkResponse> {
      const record = await deps.emailRecoveryRepository.findValid(hashToken(input.token), deps.clock());
      if (!record) throw new AppError('INVALID_TOKEN');
      const holder = await usersRepository.findAuthUserByEmail(record.oldEmail);
      if (holder && holder.id !== record.userId) throw new AppError('CONFLICT');
      await usersRepository.updateAuthEmail(record.userId, record.oldEmail);
      await deps.sessionRevocations.revokeAllForUser(record.userId);
      await deps.emailRecoveryRepository.deleteForUser(record.userId);
      await deps.events.publish({ type: 'user.changed', userId: record.userId });
      return { ok: true };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
