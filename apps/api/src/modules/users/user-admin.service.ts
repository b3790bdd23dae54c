/**
 * User administration (issue #10, ADR 0021): admins manage every user but applicants; regional
 * partners only ORGANIZATION users of organisations in their regions (anyone else answers 404).
 * Nobody disables, deletes or demotes themselves; the last enabled administrator stays. Nobody
 * sets another person's password: a created user is invited by link (ADR 0124).
 */
import {
  INVITATION_VALID_DAYS,
  USER_ADMIN_MESSAGES,
  type ManagedUserType,
  type OkResponse,
  type Region,
  type UserCreate,
  type UserListItem,
  type UserListQueryParsed,
  type UserListResponse,
  type UserUpdate,
} from '@matchwerk/shared';
import { randomBytes } from 'node:crypto';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { accountInvitationMail, authActionUrl } from '../../mail/templates';
import type { Auth, RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { AuditEntry } from '../audit';
import type { SessionRevocations } from '../sessions';
import { toUserListItem, toUserSnapshot } from './user-admin.mapper';
import {
  EmailTakenError,
  LastAdminError,
  type ManagedUserRow,
  type SetPasswordLink,
  type UserAdminRepository,
} from './user-admin.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UserAdminServiceDeps {
  auth: Auth;
  repository: UserAdminRepository;
  mailer: Mailer;
  sessionRevocations: Pick<SessionRevocations, 'revokeAllForUser' | 'userChanged'>;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  publicUrl: string;
  supportEmail: string;
  /** Created, changed, disabled and deleted users are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
}

type Role = { type: ManagedUserType; regions: Region[]; organizationId: string | null };

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, fieldErrors: { [field]: message } });
}

const emailTaken = () => fieldError('email', USER_ADMIN_MESSAGES.emailTaken);
const lastAdmin = () => new AppError('CONFLICT', { message: USER_ADMIN_MESSAGES.lastAdmin });

/** The regions an audit entry of this user concerns (partners read the log of their regions). */
function auditRegions(row: Pick<ManagedUserRow, 'type' | 'regions' | 'organization'>): Region[] {
  if (row.type === 'ORGANIZATION') return row.organization ? [row.organization.region] : [];
  return [...row.regions];
}

export function createUserAdminService(deps: UserAdminServiceDeps) {
  const { repository } = deps;
  const mailRule = { window: deps.rateLimits.accountWindowSeconds, max: deps.rateLimits.maxPerAccount };

  function requireManager(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, area: 'users' });
  }

  /** Whether the manager may see and change this user (partners: users of their regions' organisations). */
  function manages(manager: SessionActor, row: ManagedUserRow): boolean {
    if (row.type === 'APPLICANT') return false;
    if (manager.type === 'ADMIN') return true;
    return (
      row.type === 'ORGANIZATION' && row.organization !== null && manager.regions.includes(row.organization.region)
    );
  }

  /** The user, if the manager may manage it; unknown, applicants and other regions' users: 404. */
  async function loadManaged(
    actor: SessionActor | null,
    userId: string,
  ): Promise<{ manager: SessionActor; target: ManagedUserRow }> {
    const manager = requireManager(actor);
    const target = userId.length <= 64 ? await repository.findById(userId) : null;
    if (!target || !manages(manager, target)) throw new AppError('NOT_FOUND');
    return { manager, target };
  }

  function auditActor(manager: SessionActor): AuditEntry['actor'] {
    return { userId: manager.userId, email: manager.email };
  }

  function entry(
    manager: SessionActor,
    action: AuditEntry['action'],
    target: ManagedUserRow | Pick<ManagedUserRow, 'id' | 'email' | 'type' | 'regions' | 'organization'>,
    extra: Partial<AuditEntry> = {},
  ): AuditEntry {
    return {
      actor: auditActor(manager),
      action,
      target: { type: 'user', id: target.id, label: target.email },
      organizationId: target.organization?.id ?? null,
      regions: auditRegions(target),
      ...extra,
    };
  }

  /**
   * The role the input asks for, checked against the manager: partners only ORGANIZATION users
   * of organisations in their regions; the organisation must exist (else a field error).
   * Creating and editing take the same fields (UserCreate is UserUpdate).
   */
  async function resolveRole(
    manager: SessionActor,
    input: UserCreate,
  ): Promise<Role & { organization: ManagedUserRow['organization'] }> {
    if (manager.type !== 'ADMIN' && input.type !== 'ORGANIZATION') {
      throw new AppError('FORBIDDEN', {
        message: USER_ADMIN_MESSAGES.partnerOnlyOrganizationUsers,
        fieldErrors: { type: USER_ADMIN_MESSAGES.partnerOnlyOrganizationUsers },
      });
    }
    switch (input.type) {
      case 'ORGANIZATION': {
        const organization = isUuid(input.organization) ? await repository.findOrganization(input.organization) : null;
        if (!organization || (manager.type !== 'ADMIN' && !manager.regions.includes(organization.region))) {
          throw fieldError('organization', USER_ADMIN_MESSAGES.organizationNotFound);
        }
        return { type: 'ORGANIZATION', regions: [], organizationId: organization.id, organization };
      }
      case 'REGIONAL_PARTNER':
        return { type: 'REGIONAL_PARTNER', regions: input.regions, organizationId: null, organization: null };
      case 'STATISTICS':
        return {
          type: 'STATISTICS',
          regions: input.region ? [input.region] : [],
          organizationId: null,
          organization: null,
        };
      case 'ADMIN':
        return { type: 'ADMIN', regions: [], organizationId: null, organization: null };
    }
  }

  async function limitMails(kind: string, userId: string): Promise<void> {
    const decision = await deps.rateLimitStore.consume(`admin:${kind}:${userId}`, mailRule);
    if (!decision.allowed)
      throw new AppError('RATE_LIMITED', {
        headers: { 'retry-after': String(decision.retryAfter ?? mailRule.window) },
      });
  }

  function sameRegions(a: readonly Region[], b: readonly Region[]): boolean {
    return a.length === b.length && [...a].sort().join() === [...b].sort().join();
  }

  /** A set-password link valid as long as a team invitation (32 random bytes, like its token). */
  function newSetPasswordLink(): SetPasswordLink {
    const expiresAt = new Date(deps.clock().getTime() + INVITATION_VALID_DAYS * DAY_MS);
    return { token: randomBytes(32).toString('base64url'), expiresAt };
  }

  /** The audit entry of a sent invitation (never the token). */
  function invitationEntry(
    manager: SessionActor,
    target: Pick<ManagedUserRow, 'id' | 'email' | 'type' | 'regions' | 'organization'>,
    link: SetPasswordLink,
  ): AuditEntry {
    return entry(manager, 'invitation.sent', target, {
      after: { email: target.email, expiresAt: link.expiresAt.toISOString() },
    });
  }

  /** Queues the invitation mail: the link opens the web's set-password page (/authaction, like a reset). */
  async function mailInvitation(user: ManagedUserRow, manager: SessionActor, link: SetPasswordLink): Promise<void> {
    await deps.mailer.send(
      await accountInvitationMail({
        to: user.email,
        name: user.name,
        supportEmail: deps.supportEmail,
        creatorName: manager.name,
        creatorEmail: manager.email,
        organizationName: user.organization?.name ?? null,
        url: authActionUrl(deps.publicUrl, 'resetPassword', link.token, user.email),
        validDays: INVITATION_VALID_DAYS,
      }),
    );
  }

  return {
    async list(actor: SessionActor | null, query: UserListQueryParsed): Promise<UserListResponse> {
      const manager = requireManager(actor);
      const partnerRegions = manager.type === 'ADMIN' ? null : [...manager.regions];
      // A partner filtering for another type than ORGANIZATION, or an unknown organisation id, simply finds nothing.
      if (query.organizationId && !isUuid(query.organizationId))
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const { items, total } = await repository.list({
        partnerRegions,
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
        search: query.search || undefined,
        type: query.type,
        organizationId: query.organizationId,
        region: query.region,
        emailVerified: query.emailVerified,
        disabled: query.disabled,
      });
      return { items: items.map(toUserListItem), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Creates the account without a password, confirmed (the manager vouches for the address,
     * and only its mailbox gets the link), legal dates open (asked at the first sign-in), then
     * queues the invitation mail with the link where the user sets their own password.
     */
    async create(actor: SessionActor | null, input: UserCreate): Promise<UserListItem> {
      const manager = requireManager(actor);
      const role = await resolveRole(manager, input);
      if (await repository.emailTaken(input.email)) throw emailTaken();
      const id = crypto.randomUUID();
      const link = newSetPasswordLink();
      const snapshot = {
        id,
        email: input.email,
        type: role.type,
        regions: role.regions,
        organization: role.organization,
      };
      let created: ManagedUserRow;
      try {
        created = await repository.create(
          {
            id,
            email: input.email,
            name: input.name,
            type: role.type,
            regions: role.regions,
            organizationId: role.organizationId,
          },
          link,
          entry(manager, 'user.created', snapshot, {
            after: toUserSnapshot({ ...snapshot, name: input.name, organizationId: role.organizationId }),
          }),
        );
      } catch (error) {
        if (error instanceof EmailTakenError) throw emailTaken();
        throw error;
      }
      await mailInvitation(created, manager, link);
      await deps.events.publish({ type: 'user.changed', userId: created.id });
      return toUserListItem(created);
    },

    /**
     * Name, e-mail and role. A changed address must be confirmed again: it is marked
     * unconfirmed, every session ends and the new address gets a confirmation link (until the
     * user clicks it, sign-in answers "not confirmed" with the resend offer). An invited user
     * without a password is invited again at the new address instead; the old link stops working.
     */
    async update(actor: SessionActor | null, userId: string, input: UserUpdate): Promise<UserListItem> {
      const { manager, target } = await loadManaged(actor, userId);
      const role = await resolveRole(manager, input);
      const roleChanged = role.type !== target.type || !sameRegions(role.regions, target.regions);
      if (target.id === manager.userId && roleChanged) throw fieldError('type', USER_ADMIN_MESSAGES.selfDemote);
      const emailChanged = input.email !== target.email.toLowerCase();
      if (emailChanged && (await repository.emailTaken(input.email, target.id))) throw emailTaken();
      const before = toUserSnapshot(target);
      const after = toUserSnapshot({
        email: input.email,
        name: input.name,
        type: role.type,
        regions: role.regions,
        organizationId: role.organizationId,
      });
      const audit = [entry(manager, 'user.updated', { ...target, email: input.email }, { before, after })];
      const reinvite = emailChanged && !target.hasPassword ? newSetPasswordLink() : null;
      if (reinvite) audit.push(invitationEntry(manager, { ...target, email: input.email }, reinvite));
      if (roleChanged)
        audit.push(
          entry(
            manager,
            'user.role_changed',
            { ...target, email: input.email },
            {
              before: { type: target.type, regions: target.regions },
              after: { type: role.type, regions: role.regions },
            },
          ),
        );
      let updated: ManagedUserRow | null;
      try {
        updated = await repository.update(
          target.id,
          {
            email: input.email,
            name: input.name,
            reconfirmEmail: emailChanged && !reinvite,
            setPasswordLink: reinvite,
            ...role,
          },
          // Only an enabled administrator counts for the last-administrator rule.
          { demotesAdmin: target.type === 'ADMIN' && role.type !== 'ADMIN' && target.disabledAt === null, audit },
          deps.clock(),
        );
      } catch (error) {
        if (error instanceof LastAdminError) throw lastAdmin();
        if (error instanceof EmailTakenError) throw emailTaken();
        throw error;
      }
      if (!updated) throw new AppError('NOT_FOUND');
      if (reinvite) {
        await deps.sessionRevocations.revokeAllForUser(target.id);
        await mailInvitation(updated, manager, reinvite);
      } else if (emailChanged) {
        await deps.sessionRevocations.revokeAllForUser(target.id);
        await deps.auth.api.sendVerificationEmail({ body: { email: input.email } });
      } else {
        // Cached sessions show the name, role and organisation too.
        await deps.sessionRevocations.userChanged(target.id);
      }
      await deps.events.publish({ type: 'user.changed', userId: target.id });
      return toUserListItem(updated);
    },

    /** Disables the user and ends every session at once; sign-in is refused until enabled again. */
    async disable(actor: SessionActor | null, userId: string): Promise<UserListItem> {
      const { manager, target } = await loadManaged(actor, userId);
      if (target.id === manager.userId)
        throw new AppError('VALIDATION_FAILED', { message: USER_ADMIN_MESSAGES.selfDisable });
      if (target.disabledAt) return toUserListItem(target);
      const at = deps.clock();
      let updated: ManagedUserRow | null;
      try {
        updated = await repository.setDisabled(target.id, at, {
          checkLastAdmin: target.type === 'ADMIN',
          audit: entry(manager, 'user.disabled', target, {
            before: { disabledAt: null },
            after: { disabledAt: at.toISOString() },
          }),
        });
      } catch (error) {
        if (error instanceof LastAdminError) throw lastAdmin();
        throw error;
      }
      await deps.sessionRevocations.revokeAllForUser(target.id);
      if (!updated) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'user.disabled', userId: target.id });
      return toUserListItem(updated);
    },

    async enable(actor: SessionActor | null, userId: string): Promise<UserListItem> {
      const { manager, target } = await loadManaged(actor, userId);
      if (!target.disabledAt) return toUserListItem(target);
      const updated = await repository.setDisabled(target.id, null, {
        checkLastAdmin: false,
        audit: entry(manager, 'user.enabled', target, {
          before: { disabledAt: target.disabledAt.toISOString() },
          after: { disabledAt: null },
        }),
      });
      await deps.sessionRevocations.userChanged(target.id);
      if (!updated) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'user.changed', userId: target.id });
      return toUserListItem(updated);
    },

    /** Sends better-auth's password-reset mail to the user (limited per user like self-service requests). */
    async sendPasswordReset(actor: SessionActor | null, userId: string): Promise<OkResponse> {
      const { manager, target } = await loadManaged(actor, userId);
      await limitMails('reset', target.id);
      await deps.auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: '/' } });
      await repository.record(entry(manager, 'user.password_reset_sent', target));
      return { ok: true };
    },

    /** Resends the confirmation link; only for a user whose address is not confirmed yet. */
    async resendConfirmation(actor: SessionActor | null, userId: string): Promise<OkResponse> {
      const { manager, target } = await loadManaged(actor, userId);
      if (target.emailVerified) throw new AppError('CONFLICT', { message: USER_ADMIN_MESSAGES.alreadyVerified });
      await limitMails('confirm', target.id);
      await deps.auth.api.sendVerificationEmail({ body: { email: target.email } });
      await repository.record(entry(manager, 'user.confirmation_resent', target));
      return { ok: true };
    },

    /**
     * Sends an invited user a new invitation with a new set-password link (the earlier link
     * stops working); only while the user has no password (else 409: a password reset is the way).
     */
    async resendInvitation(actor: SessionActor | null, userId: string): Promise<OkResponse> {
      const { manager, target } = await loadManaged(actor, userId);
      if (target.hasPassword) throw new AppError('CONFLICT', { message: USER_ADMIN_MESSAGES.passwordAlreadySet });
      await limitMails('invite', target.id);
      const link = newSetPasswordLink();
      await repository.replaceSetPasswordLink(target.id, link, invitationEntry(manager, target, link));
      await mailInvitation(target, manager, link);
      return { ok: true };
    },

    /** Deletes the user for good (sessions, account, pending tokens); the organisation stays. */
    async remove(actor: SessionActor | null, userId: string): Promise<void> {
      const { manager, target } = await loadManaged(actor, userId);
      if (target.id === manager.userId)
        throw new AppError('VALIDATION_FAILED', { message: USER_ADMIN_MESSAGES.selfDelete });
      try {
        await repository.delete(target, {
          checkLastAdmin: target.type === 'ADMIN' && target.disabledAt === null,
          audit: entry(manager, 'user.deleted', target, { before: toUserSnapshot(target) }),
        });
      } catch (error) {
        if (error instanceof LastAdminError) throw lastAdmin();
        throw error;
      }
      await deps.sessionRevocations.revokeAllForUser(target.id);
      await deps.events.publish({ type: 'user.deleted', userId: target.id });
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
