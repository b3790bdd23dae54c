import {
  canChangeOrganizationRegion,
  canManageOrganization,
  ORGANIZATION_MESSAGES,
  type LegalVersions,
  type OkResponse,
  type Organization,
  type OrganizationInputParsed,
  type OrganizationCreateInputParsed,
  type OrganizationListQueryParsed,
  type OrganizationListResponse,
  type Region,
  type ResendSignupConfirmationRequest,
  type SignupRequest,
  type SignupResponse,
} from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { ImagesService, ImageFile } from '../images';
import { CLIENT_IP_HEADER, type Auth, type RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { limitSignupsFromRange, signUpAccount, type PublicRequestContext } from '../accounts';
import type { SessionRevocations } from '../sessions';
import type { AuditEntry } from '../audit';
import type { InvitationSender } from '../invitations';
import type { UsersRepository } from '../users';
import { toOrganization, toOrganizationListItem, toOrganizationValues } from './organizations.mapper';
import type { OrganizationsRepository } from './organizations.repository';
import type { OrganizationRow } from '../../db/schema/index';
import type { Mailer } from '../../mail/mailer';
import { composeReleasedMail } from './released-mail';

export interface OrganizationsServiceDeps {
  auth: Auth;
  organizationsRepository: OrganizationsRepository;
  usersRepository: UsersRepository;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  images: ImagesService;
  /** Deleting a company signs its users out in every process's poll cache. */
  sessionRevocations: Pick<SessionRevocations, 'usersSignedOut' | 'organizationChanged'>;
  /** Invites the first user of an organisation created by an admin or partner. */
  invitations: InvitationSender;
  /** Created, changed, toggled and deleted organisations are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
  /** Current versions of the legal texts: the sign-up's terms checkbox accepts the current terms (ADR 0037). */
  legalVersions: LegalVersions;
  /** Tells a released company's users by mail (issue 48 item 3); absent in tests that do not look. */
  releaseMail?: { mailer: Mailer; publicUrl: string; supportEmail: string; log?: Pick<FastifyBaseLogger, 'error'> };
}

export type { OrganizationListQueryParsed } from '@matchwerk/shared';

/** The audited fields of an organisation (its status and the values an update may change). */
function snapshot(row: OrganizationRow): Record<string, unknown> {
  return {
    name: row.name,
    region: row.region,
    city: row.city,
    active: row.active,
    member: row.member,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    employeeCount: row.employeeCount,
    branch: row.branch,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactPhonePublic: row.contactPhonePublic,
    contactMail: row.contactMail,
    linkWebsite: row.linkWebsite,
  };
}

/** Only the fields that differ, before and after (the audit log shows what changed). */
function difference(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/**
 * Headers for the auth server on public calls: only the client IP, never the caller's
 * session (a signed-in caller must not turn "resend for this address" into "for me").
 */
export function anonymousHeaders(ip: string): Headers {
  return new Headers({ [CLIENT_IP_HEADER]: ip });
}

export type { PublicRequestContext } from '../accounts';

export function createOrganizationsService(deps: OrganizationsServiceDeps) {
  const { auth, rateLimitStore, rateLimits } = deps;
  const ipRule = { window: rateLimits.windowSeconds, max: rateLimits.maxPerIp };
  const accountRule = { window: rateLimits.accountWindowSeconds, max: rateLimits.maxPerAccount };

  async function limit(key: string, rule: { window: number; max: number }) {
    const decision = await rateLimitStore.consume(key, rule);
    if (!decision.allowed)
      throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? rule.window) } });
  }

  /**
   * The organisation, if the actor may manage it (own organisation, partner in its region,
   * admin). Roles that may never manage one (applicants, statistics, legal gate) get 403 first;
   * an unknown id and someone else's organisation both answer 404, so ids reveal nothing.
   */
  async function loadManaged(actor: SessionActor | null, id: string) {
    const user = requireActor(actor, { legal: true });
    if (user.type === 'STATISTICS') throw new AppError('FORBIDDEN');
    const organization = isUuid(id) ? await deps.organizationsRepository.findById(id) : null;
    if (!organization || !canManageOrganization(user, { id: organization.id, region: organization.region }))
      throw new AppError('NOT_FOUND');
    return { user, organization };
  }

  /** Who acts, for the audit log (null: the system). */
  function auditActor(user: SessionActor | null): AuditEntry['actor'] {
    return user ? { userId: user.userId, email: user.email } : null;
  }

  function entry(
    user: SessionActor | null,
    action: AuditEntry['action'],
    row: OrganizationRow,
    change: Pick<AuditEntry, 'before' | 'after'> = {},
    regions: Region[] = [row.region],
  ): AuditEntry {
    return {
      actor: auditActor(user),
      action,
      target: { type: 'organization', id: row.id, label: row.name },
      organizationId: row.id,
      regions,
      ...change,
    };
  }

  /**
   * Status changes (toggles) are for admins and the partner of the region only: organisation
   * users (own or other) get 403 — they may never toggle — others 404 like every foreign id.
   */
  async function loadForStatusChange(actor: SessionActor | null, id: string) {
    const user = requireActor(actor, { legal: true });
    if (user.type !== 'ADMIN' && user.type !== 'REGIONAL_PARTNER') throw new AppError('FORBIDDEN');
    return loadManaged(user, id);
  }

  async function toggle(actor: SessionActor | null, id: string, field: 'active' | 'member'): Promise<Organization> {
    const { user } = await loadForStatusChange(actor, id);
    let released = false;
    const updated = await deps.organizationsRepository.toggle(id, field, deps.clock(), (before, after) => {
      if (field === 'member') {
        return [
          entry(user, after.member ? 'organization.member_set' : 'organization.member_unset', after, {
            before: { member: before.member },
            after: { member: after.member },
          }),
        ];
      }
      const entries = [
        entry(user, after.active ? 'organization.activated' : 'organization.deactivated', after, {
          before: { active: before.active },
          after: { active: after.active },
        }),
      ];
      if (!before.approvedAt && after.approvedAt) {
        released = true;
        entries.push(
          entry(user, 'organization.approved', after, {
            before: { approvedAt: null },
            after: { approvedAt: after.approvedAt.toISOString() },
          }),
        );
      }
      return entries;
    });
    if (!updated) throw new AppError('NOT_FOUND');
    await deps.sessionRevocations.organizationChanged(id);
    await deps.events.publish({ type: 'organization.toggled', organizationId: id, flag: field });
    if (released) await mailReleased(updated);
    return toOrganization(updated);
  }

  /** After the commit: each confirmed user of the company hears it is released; a failed mail never undoes that. */
  async function mailReleased(organization: OrganizationRow): Promise<void> {
    const settings = deps.releaseMail;
    if (!settings) return;
    for (const contact of await deps.organizationsRepository.listMemberContacts(organization.id)) {
      try {
        await settings.mailer.send(
          await composeReleasedMail({
            to: contact.email,
            name: contact.name,
            organizationName: organization.name,
            publicUrl: settings.publicUrl,
            supportEmail: settings.supportEmail,
          }),
        );
      } catch (error) {
        settings.log?.error({ err: error }, 'Freigeschaltet-E-Mail konnte nicht gesendet werden');
      }
    }
  }

  return {
    async getOrganization(actor: SessionActor | null, id: string): Promise<Organization> {
      const { organization } = await loadManaged(actor, id);
      return toOrganization(organization);
    },

    /**
     * Updates the editable fields. The region decides which partner looks after the company:
     * organisation users cannot change it (a different region is refused, not dropped), a
     * partner may only move an organisation into one of its own regions, admins anywhere.
     */
    async updateOrganization(
      actor: SessionActor | null,
      id: string,
      input: OrganizationInputParsed,
      expectedVersions?: readonly number[],
    ): Promise<Organization> {
      const { user, organization } = await loadManaged(actor, id);
      if (!canChangeOrganizationRegion(user, organization.region, input.region)) {
        const message =
          user.type === 'ORGANIZATION'
            ? ORGANIZATION_MESSAGES.regionLocked
            : ORGANIZATION_MESSAGES.regionOutsidePartner;
        throw new AppError('FORBIDDEN', { message, fieldErrors: { region: message } });
      }
      // With If-Match (the web app always sends it) a stale version is refused and nothing written;
      // without it other API clients still save unconditionally.
      const updated = await deps.organizationsRepository.update(
        id,
        toOrganizationValues(input),
        deps.clock(),
        expectedVersions,
        (before, after) => {
          const entries: AuditEntry[] = [];
          if (before.region !== after.region) {
            entries.push(
              entry(
                user,
                'organization.region_changed',
                after,
                { before: { region: before.region }, after: { region: after.region } },
                [before.region, after.region],
              ),
            );
          }
          const { region: _beforeRegion, ...beforeRest } = snapshot(before);
          const { region: _afterRegion, ...afterRest } = snapshot(after);
          const changed = difference(beforeRest, afterRest);
          if (changed) entries.push(entry(user, 'organization.updated', after, changed));
          return entries;
        },
      );
      if (updated === 'STALE') throw new AppError('PRECONDITION_FAILED');
      if (!updated) throw new AppError('NOT_FOUND');
      // Its users' sessions show the name, region and status.
      await deps.sessionRevocations.organizationChanged(id);
      await deps.events.publish({ type: 'organization.changed', organizationId: id });
      return toOrganization(updated);
    },

    /**
     * GET /rest/organization/ — admins see all, partners their regions; organisation users have
     * no list. Sign-ups whose e-mail is not confirmed yet are unproven (anyone can type any
     * company name and address): partners do not see them, admins see them marked.
     */
    async listOrganizations(
      actor: SessionActor | null,
      query: OrganizationListQueryParsed,
    ): Promise<OrganizationListResponse> {
      const user = requireActor(actor, { legal: true, area: 'organizations' });
      // A partner filtering by a region that is not theirs is refused (not silently emptied):
      // a shared link from another partner should say why it shows nothing.
      if (query.region && user.type !== 'ADMIN' && !user.regions.includes(query.region)) {
        throw new AppError('FORBIDDEN', {
          message: ORGANIZATION_MESSAGES.regionNotOwn,
          fieldErrors: { region: ORGANIZATION_MESSAGES.regionNotOwn },
        });
      }
      const { items, total } = await deps.organizationsRepository.list({
        hideUnverified: user.type !== 'ADMIN',
        regions: user.type === 'ADMIN' ? null : [...user.regions],
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
        search: query.search || undefined,
        region: query.region,
        active: query.active,
        member: query.member,
        waiting: query.status === 'waiting',
      });
      return { items: items.map(toOrganizationListItem), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * POST /rest/organization/ — admins anywhere, partners in their own regions. Created by a
     * partner or admin, the organisation is released at once (active, approved now). With a
     * first user, the address is checked before anything is written; should the invitation
     * still fail, the organisation is removed again, so the create is all or nothing.
     */
    async createOrganization(actor: SessionActor | null, input: OrganizationCreateInputParsed): Promise<Organization> {
      const user = requireActor(actor, { legal: true, area: 'organizations' });
      if (user.type !== 'ADMIN' && !user.regions.includes(input.region)) {
        throw new AppError('FORBIDDEN', {
          message: ORGANIZATION_MESSAGES.regionNotOwn,
          fieldErrors: { region: ORGANIZATION_MESSAGES.regionNotOwn },
        });
      }
      const firstUserTaken = () =>
        new AppError('VALIDATION_FAILED', {
          message: ORGANIZATION_MESSAGES.firstUserEmailTaken,
          fieldErrors: { 'firstUser.email': ORGANIZATION_MESSAGES.firstUserEmailTaken },
        });
      if (input.firstUser && (await deps.organizationsRepository.emailHasAccount(input.firstUser.email)))
        throw firstUserTaken();
      const now = deps.clock();
      const row = await deps.organizationsRepository.create(
        { ...toOrganizationValues(input), active: true, member: false, approvedAt: now },
        (created) => [entry(user, 'organization.created', created, { after: snapshot(created) })],
      );
      if (input.firstUser) {
        try {
          await deps.invitations.invite({
            organizationId: row.id,
            email: input.firstUser.email,
            name: input.firstUser.name,
            invitedBy: user,
          });
        } catch (error) {
          await deps.organizationsRepository.undoCreate(row.id);
          if (error instanceof AppError && error.code === 'VALIDATION_FAILED') throw firstUserTaken();
          throw error;
        }
      }
      await deps.events.publish({ type: 'organization.changed', organizationId: row.id });
      return toOrganization(row);
    },

    /** PUT …/toggle-active: activating a waiting sign-up also releases it (approved now). */
    toggleActive: (actor: SessionActor | null, id: string) => toggle(actor, id, 'active'),

    /** PUT …/toggle-member */
    toggleMember: (actor: SessionActor | null, id: string) => toggle(actor, id, 'member'),

    /** Replaces the logo; the old file is removed after the transaction committed. */
    async uploadLogo(actor: SessionActor | null, id: string, data: Buffer): Promise<Organization> {
      await loadManaged(actor, id);
      const result = await deps.images.storeThen(data, (file) =>
        deps.organizationsRepository.replaceLogo(id, file, deps.clock()),
      );
      if (!result) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'organization.changed', organizationId: id });
      await deps.images.discard(result.removedKeys);
      return toOrganization(result.organization);
    },

    async removeLogo(actor: SessionActor | null, id: string): Promise<Organization> {
      await loadManaged(actor, id);
      const result = await deps.organizationsRepository.removeLogo(id, deps.clock());
      if (!result) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'organization.changed', organizationId: id });
      await deps.images.discard(result.removedKeys);
      return toOrganization(result.organization);
    },

    /**
     * An image of the organisation (its logo) for whoever may see the organisation. Applicants
     * will see logos of organisations with active postings once the candidate API exists.
     */
    async getPhoto(actor: SessionActor | null, id: string, photoId: string): Promise<ImageFile> {
      await loadManaged(actor, id);
      const photo = isUuid(photoId) ? await deps.organizationsRepository.findPhoto(photoId) : null;
      if (!photo || photo.organizationId !== id || photo.ownerKind !== 'organization') throw new AppError('NOT_FOUND');
      return deps.images.locate(photo.storageKey, photo.mimeType);
    },

    /**
     * Deletes the company account with everything of it in one transaction, then its image
     * files. `signedOut` tells the route to clear the caller's cookies (they deleted themselves).
     */
    async deleteOrganization(actor: SessionActor | null, id: string): Promise<{ signedOut: boolean }> {
      const { user } = await loadManaged(actor, id);
      const result = await deps.organizationsRepository.deleteWithEverything(id, (row) => [
        entry(user, 'organization.deleted', row, { before: snapshot(row) }),
      ]);
      if (!result) throw new AppError('NOT_FOUND');
      await deps.sessionRevocations.usersSignedOut(result.userIds);
      await deps.events.publish({ type: 'organization.deleted', organizationId: id });
      await deps.images.discard(result.storageKeys);
      return { signedOut: result.userIds.includes(user.userId) };
    },

    /**
     * Public sign-up of an organisation: creates the auth user (better-auth sends the German
     * verification mail), then — only for a really new user — the organisation and its owner.
     * A known address gets the same answer, so sign-up reveals no accounts.
     */
    async signup(input: SignupRequest, context: PublicRequestContext): Promise<SignupResponse> {
      await limit(`ip:signup:${context.ip}`, ipRule);
      await limit(`acct:signup:${input.email}`, accountRule);
      await limitSignupsFromRange(rateLimitStore, rateLimits, context.ip);
      return signUpAccount(
        { auth, usersRepository: deps.usersRepository },
        { email: input.email, password: input.password, name: input.userName },
        context,
        (userId) =>
          deps.organizationsRepository.createWithOwner({
            // Waits for release by the region's partner or an admin (ADR 0020): inactive, never approved.
            organization: {
              name: input.companyName,
              region: input.region,
              active: false,
              approvedAt: null,
              member: false,
              contactName: input.userName,
              contactMail: input.email,
            },
            ownerId: userId,
            legalSignedAt: deps.clock(),
            legalVersions: deps.legalVersions,
          }),
      );
    },

    /**
     * Resends the verification mail, only for an existing unverified account; always the same
     * answer in the same time. Every address goes to better-auth: it sends only for an
     * unverified account and answers all others after the same minimum time (500 ms), which
     * an own "unknown address → return at once" check would undo.
     */
    async resendSignupConfirmation(
      input: ResendSignupConfirmationRequest,
      context: PublicRequestContext,
    ): Promise<OkResponse> {
      await limit(`ip:resend:${context.ip}`, ipRule);
      await limit(`acct:resend:${input.email}`, accountRule);
      await auth.api.sendVerificationEmail({ body: { email: input.email }, headers: context.headers });
      return { ok: true };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
