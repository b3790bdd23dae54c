import {
  canChangeOrganizationRegion,
  canManageOrganization,
  ORGANIZATION_MESSAGES,
  type OkResponse,
  type Organization,
  type OrganizationInputParsed,
  type OrganizationListResponse,
  type Region,
  type ResendSignupConfirmationRequest,
  type SignupRequest,
  type SignupResponse,
} from '@matchwerk/shared';
import type { z } from 'zod';
import type { organizationListQuerySchema } from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { ImagesService } from '../images/images.service';
import type { StoredImage } from '../images/upload';
import { CLIENT_IP_HEADER, type Auth, type RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { signUpAccount, type PublicRequestContext } from '../accounts/account-signup';
import type { SessionRevocations } from '../sessions/session-revocations';
import type { UsersRepository } from '../users/users.repository';
import { toOrganization, toOrganizationListItem, toOrganizationValues } from './organizations.mapper';
import type { OrganizationsRepository } from './organizations.repository';

export interface OrganizationsServiceDeps {
  auth: Auth;
  organizationsRepository: OrganizationsRepository;
  usersRepository: UsersRepository;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  images: ImagesService;
  /** Deleting a company signs its users out in every process's poll cache. */
  sessionRevocations: Pick<SessionRevocations, 'usersSignedOut'>;
  clock: () => Date;
}

export type OrganizationListQueryParsed = z.output<typeof organizationListQuerySchema>;

/**
 * Headers for the auth server on public calls: only the client IP, never the caller's
 * session (a signed-in caller must not turn "resend for this address" into "for me").
 */
export function anonymousHeaders(ip: string): Headers {
  return new Headers({ [CLIENT_IP_HEADER]: ip });
}

export type { PublicRequestContext } from '../accounts/account-signup';

export function createOrganizationsService(deps: OrganizationsServiceDeps) {
  const { auth, rateLimitStore, rateLimits } = deps;
  const ipRule = { window: rateLimits.windowSeconds, max: rateLimits.maxPerIp };
  const accountRule = { window: rateLimits.accountWindowSeconds, max: rateLimits.maxPerAccount };

  async function limit(key: string, rule: { window: number; max: number }) {
    const decision = await rateLimitStore.consume(key, rule);
    if (!decision.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? rule.window) } });
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
    if (!organization || !canManageOrganization(user, { id: organization.id, region: organization.region as Region })) throw new AppError('NOT_FOUND');
    return { user, organization };
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
    async updateOrganization(actor: SessionActor | null, id: string, input: OrganizationInputParsed, expectedVersions?: readonly number[]): Promise<Organization> {
      const { user, organization } = await loadManaged(actor, id);
      if (!canChangeOrganizationRegion(user, organization.region as Region, input.region)) {
        const message = user.type === 'ORGANIZATION' ? ORGANIZATION_MESSAGES.regionLocked : ORGANIZATION_MESSAGES.regionOutsidePartner;
        throw new AppError('FORBIDDEN', { message, fieldErrors: { region: message } });
      }
      // With If-Match (the web app always sends it) a stale version is refused and nothing written;
      // without it other API clients still save unconditionally.
      const updated = await deps.organizationsRepository.update(id, toOrganizationValues(input), deps.clock(), expectedVersions);
      if (updated === 'STALE') throw new AppError('PRECONDITION_FAILED');
      if (!updated) throw new AppError('NOT_FOUND');
      return toOrganization(updated);
    },

    /**
     * GET /rest/organization/ — admins see all, partners their regions; organisation users have
     * no list. Sign-ups whose e-mail is not confirmed yet are unproven (anyone can type any
     * company name and address): partners do not see them, admins see them marked.
     */
    async listOrganizations(actor: SessionActor | null, query: OrganizationListQueryParsed): Promise<OrganizationListResponse> {
      const user = requireActor(actor, { legal: true, area: 'organizations' });
      const { items, total } = await deps.organizationsRepository.list({
        hideUnverified: user.type !== 'ADMIN',
        regions: user.type === 'ADMIN' ? null : [...user.regions],
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
        search: query.search || undefined,
      });
      return { items: items.map(toOrganizationListItem), total, page: query.page, pageSize: query.pageSize };
    },

    /** Replaces the logo; the old file is removed after the transaction committed. */
    async uploadLogo(actor: SessionActor | null, id: string, data: Buffer): Promise<Organization> {
      await loadManaged(actor, id);
      const result = await deps.images.storeThen(data, (file) => deps.organizationsRepository.replaceLogo(id, file, deps.clock()));
      if (!result) throw new AppError('NOT_FOUND');
      await deps.images.discard(result.removedKeys);
      return toOrganization(result.organization);
    },

    async removeLogo(actor: SessionActor | null, id: string): Promise<Organization> {
      await loadManaged(actor, id);
      const result = await deps.organizationsRepository.removeLogo(id, deps.clock());
      if (!result) throw new AppError('NOT_FOUND');
      await deps.images.discard(result.removedKeys);
      return toOrganization(result.organization);
    },

    /**
     * An image of the organisation (its logo) for whoever may see the organisation. Applicants
     * will see logos of organisations with active postings once the candidate API exists.
     */
    async getPhoto(actor: SessionActor | null, id: string, photoId: string): Promise<StoredImage> {
      await loadManaged(actor, id);
      const photo = isUuid(photoId) ? await deps.organizationsRepository.findPhoto(photoId) : null;
      if (!photo || photo.organizationId !== id || photo.ownerKind !== 'organization') throw new AppError('NOT_FOUND');
      const image = await deps.images.read(photo.storageKey, photo.mimeType);
      if (!image) throw new AppError('NOT_FOUND');
      return image;
    },

    /**
     * Deletes the company account with everything of it in one transaction, then its image
     * files. `signedOut` tells the route to clear the caller's cookies (they deleted themselves).
     */
    async deleteOrganization(actor: SessionActor | null, id: string): Promise<{ signedOut: boolean }> {
      const { user } = await loadManaged(actor, id);
      const result = await deps.organizationsRepository.deleteWithEverything(id);
      if (!result) throw new AppError('NOT_FOUND');
      await deps.sessionRevocations.usersSignedOut(result.userIds);
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
      return signUpAccount(
        { auth, usersRepository: deps.usersRepository },
        { email: input.email, password: input.password, name: input.userName },
        context,
        (userId) =>
          deps.organizationsRepository.createWithOwner({
            organization: { name: input.companyName, region: input.region, active: true, member: false, contactName: input.userName, contactMail: input.email },
            ownerId: userId,
            termsSignedAt: deps.clock(),
          }),
      );
    },

    /**
     * Resends the verification mail, only for an existing unverified account; always the same
     * answer in the same time. Every address goes to better-auth: it sends only for an
     * unverified account and answers all others after the same minimum time (500 ms), which
     * an own "unknown address → return at once" check would undo.
     */
    async resendSignupConfirmation(input: ResendSignupConfirmationRequest, context: PublicRequestContext): Promise<OkResponse> {
      await limit(`ip:resend:${context.ip}`, ipRule);
      await limit(`acct:resend:${input.email}`, accountRule);
      await auth.api.sendVerificationEmail({ body: { email: input.email }, headers: context.headers });
      return { ok: true };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
