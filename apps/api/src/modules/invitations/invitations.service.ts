/**
 * Invitations and the team of an organisation: invite a colleague by e-mail (also used by the
 * organisations service for a new organisation's first user), the public accept flow from the
 * mailed link, and the team view with revoke and remove.
 */
import {
  canManageOrganization,
  ERROR_MESSAGES,
  INVITATION_VALID_DAYS,
  TEAM_MESSAGES,
  type AcceptInvitationRequestParsed,
  type AcceptInvitationResponse,
  type InvitationInfo,
  type Team,
  type TeamInvitation,
  type TeamInvitationRequestParsed,
} from '@matchwerk/shared';
import { randomBytes } from 'node:crypto';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { authActionUrl, invitationMail } from '../../mail/templates';
import type { RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { AuditEntry } from '../audit';
import { hashToken, findPasswordProblem } from '../accounts';
import type { SessionRevocations } from '../sessions';
import type { InvitationSender } from './invitations.contract';
import { toInvitationInfo, toTeamInvitation, toTeamMember } from './invitations.mapper';
import {
  InvitationEmailTakenError,
  type InvitationsRepository,
  type TeamOrganizationRow,
} from './invitations.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationsServiceDeps {
  repository: InvitationsRepository;
  /** The auth server's password hash (scrypt), so the accepted colleague signs in like everyone else. */
  hashPassword: (password: string) => Promise<string>;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  /** A removed colleague's sessions went with the account: every process's poll cache must drop them. */
  sessionRevocations: Pick<SessionRevocations, 'usersSignedOut'>;
  /** Sent and revoked invitations, accepted and removed colleagues are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
}

function auditActor(actor: SessionActor | null): AuditEntry['actor'] {
  return actor ? { userId: actor.userId, email: actor.email } : null;
}

function invalidInvitation(): AppError {
  return new AppError('NOT_FOUND', { message: TEAM_MESSAGES.invitationInvalid });
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', { message: TEAM_MESSAGES.emailTaken });
}

export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { repository, rateLimits } = deps;
  const ipRule = { window: rateLimits.windowSeconds, max: rateLimits.maxPerIp };
  const accountRule = { window: rateLimits.accountWindowSeconds, max: rateLimits.maxPerAccount };

  async function limit(key: string, rule: { window: number; max: number }) {
    const decision = await deps.rateLimitStore.consume(key, rule);
    if (!decision.allowed)
      throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? rule.window) } });
  }

  /**
   * The organisation whose team the actor may see and change: its own users, the partner of
   * its region, admins. Statistics users 403; another or an unknown organisation 404, like
   * GET organisation, so ids reveal nothing.
   */
  async function loadTeamOrganization(
    actor: SessionActor | null,
    id: string,
  ): Promise<{ user: SessionActor; organization: TeamOrganizationRow }> {
    const user = requireActor(actor, { legal: true });
    if (user.type === 'STATISTICS') throw new AppError('FORBIDDEN');
    const organization = isUuid(id) ? await repository.findOrganization(id) : null;
    if (!organization || !canManageOrganization(user, organization)) throw new AppError('NOT_FOUND');
    return { user, organization };
  }

  /** Stores the invitation (replacing an open one for the same address) and queues the mail. */
  async function sendInvitation(
    organization: TeamOrganizationRow,
    input: { email: string; name: string; invitedBy: SessionActor | null },
  ): Promise<TeamInvitation> {
    const email = input.email.trim().toLowerCase();
    const name = input.name.trim();
    if (await repository.emailHasAccount(email)) {
      throw new AppError('VALIDATION_FAILED', {
        message: TEAM_MESSAGES.emailTaken,
        fieldErrors: { email: TEAM_MESSAGES.emailTaken },
      });
    }
    const token = randomBytes(32).toString('base64url');
    const createdAt = deps.clock();
    const expiresAt = new Date(createdAt.getTime() + INVITATION_VALID_DAYS * DAY_MS);
    const { id } = await repository.replaceInvitation(
      {
        organizationId: organization.id,
        email,
        name,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy?.userId ?? null,
        createdAt,
        expiresAt,
      },
      (invitationId, replaced) => ({
        actor: auditActor(input.invitedBy),
        action: 'invitation.sent',
        target: { type: 'invitation', id: invitationId, label: email },
        organizationId: organization.id,
        regions: [organization.region],
        after: { email, name, expiresAt: expiresAt.toISOString(), replacedOpenInvitation: replaced },
      }),
    );
    await deps.events.publish({ type: 'invitation.changed', organizationId: organization.id });
    await deps.mailer.send(
      await invitationMail({
        to: email,
        name,
        supportEmail: deps.supportEmail,
        inviterName: input.invitedBy?.name ?? null,
        organizationName: organization.name,
        url: authActionUrl(deps.publicUrl, 'invite', token),
        validDays: INVITATION_VALID_DAYS,
      }),
    );
    return { id, email, name, createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() };
  }

  const sender: InvitationSender = {
    /** For other services (the first user of a new organisation); they did the access check. */
    async invite(input) {
      const organization = await repository.findOrganization(input.organizationId);
      if (!organization) throw new AppError('NOT_FOUND');
      const invitation = await sendInvitation(organization, input);
      return { invitationId: invitation.id };
    },
  };

  return {
    ...sender,

    async getTeam(actor: SessionActor | null, organizationId: string): Promise<Team> {
      const { user, organization } = await loadTeamOrganization(actor, organizationId);
      const [members, invitations] = await Promise.all([
        repository.listMembers(organization.id),
        repository.listOpenInvitations(organization.id, deps.clock()),
      ]);
      return {
        members: members.map((member) => toTeamMember(member, user.userId)),
        invitations: invitations.map(toTeamInvitation),
      };
    },

    async inviteColleague(
      actor: SessionActor | null,
      organizationId: string,
      input: TeamInvitationRequestParsed,
    ): Promise<TeamInvitation> {
      const { user, organization } = await loadTeamOrganization(actor, organizationId);
      // Mails per address, like sign-up and password reset: nobody can flood an inbox with invitations.
      await limit(`acct:invite:${input.email}`, accountRule);
      return sendInvitation(organization, { email: input.email, name: input.name, invitedBy: user });
    },

    async revokeInvitation(actor: SessionActor | null, organizationId: string, invitationId: string): Promise<void> {
      const { user, organization } = await loadTeamOrganization(actor, organizationId);
      const removed = isUuid(invitationId)
        ? await repository.revokeInvitation(organization.id, invitationId, deps.clock(), (invitation) => ({
            actor: auditActor(user),
            action: 'invitation.revoked',
            target: { type: 'invitation', id: invitation.id, label: invitation.email },
            organizationId: organization.id,
            regions: [organization.region],
            before: { email: invitation.email, name: invitation.name, expiresAt: invitation.expiresAt.toISOString() },
          }))
        : null;
      if (!removed) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'invitation.changed', organizationId: organization.id });
    },

    /**
     * Removes a colleague: deletes that account (nobody removes themselves here: that is account
     * deletion). An organisation user never removes the last member; admins and partners may
     * leave an organisation without users, as when they create one.
     */
    async removeMember(actor: SessionActor | null, organizationId: string, userId: string): Promise<void> {
      const { user, organization } = await loadTeamOrganization(actor, organizationId);
      if (userId === user.userId) throw new AppError('FORBIDDEN', { message: TEAM_MESSAGES.cannotRemoveSelf });
      const result = await repository.removeMember(
        organization.id,
        userId,
        { keepOne: user.type === 'ORGANIZATION' },
        (member) => ({
          actor: auditActor(user),
          action: 'user.deleted',
          target: { type: 'user', id: member.id, label: member.email },
          organizationId: organization.id,
          regions: [organization.region],
          before: { email: member.email, name: member.name, type: 'ORGANIZATION', organizationId: organization.id },
        }),
      );
      if (result === 'LAST_MEMBER') throw new AppError('CONFLICT', { message: TEAM_MESSAGES.lastMember });
      if (!result) throw new AppError('NOT_FOUND');
      await deps.sessionRevocations.usersSignedOut([userId]);
      await deps.events.publish({ type: 'user.deleted', userId });
    },

    /** Public: what the accept screen shows for a link. Unknown, expired and used links answer alike. */
    async getInvitation(token: string, context: { ip: string }): Promise<InvitationInfo> {
      await limit(`ip:invitation:${context.ip}`, ipRule);
      const invitation = await repository.findOpenByTokenHash(hashToken(token), deps.clock());
      if (!invitation) throw invalidInvitation();
      if (await repository.emailHasAccount(invitation.email)) throw emailTaken();
      return toInvitationInfo(invitation);
    },

    /**
     * Public: accepts the invitation with the colleague's name and password. The link proved
     * the mailbox, so the address is confirmed; the web then signs in with e-mail and password.
     */
    async acceptInvitation(
      token: string,
      input: AcceptInvitationRequestParsed,
      context: { ip: string },
    ): Promise<AcceptInvitationResponse> {
      await limit(`ip:invitation-accept:${context.ip}`, ipRule);
      const tokenHash = hashToken(token);
      const pending = await repository.findOpenByTokenHash(tokenHash, deps.clock());
      if (!pending) throw invalidInvitation();
      if (await repository.emailHasAccount(pending.email)) throw emailTaken();
      if (findPasswordProblem(input.password, pending.email)) {
        throw new AppError('PASSWORD_COMPROMISED', { fieldErrors: { password: ERROR_MESSAGES.PASSWORD_COMPROMISED } });
      }
      // Hashed before the transaction: scrypt takes ~100 ms and must not hold row locks.
      const passwordHash = await deps.hashPassword(input.password);
      const userId = crypto.randomUUID();
      let accepted;
      try {
        accepted = await repository.accept(
          tokenHash,
          { id: userId, email: pending.email, name: input.name, passwordHash },
          deps.clock(),
          (invitation) => ({
            actor: { userId, email: invitation.email },
            action: 'invitation.accepted',
            target: { type: 'invitation', id: invitation.id, label: invitation.email },
            organizationId: invitation.organizationId,
            regions: [invitation.organization.region],
            after: { userId, name: input.name, email: invitation.email },
          }),
        );
      } catch (error) {
        if (error instanceof InvitationEmailTakenError) throw emailTaken();
        throw error;
      }
      // Someone else used the link (or it expired) between the check and the transaction.
      if (!accepted) throw invalidInvitation();
      await deps.events.publish({ type: 'user.changed', userId });
      return { ok: true, email: accepted.email };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
