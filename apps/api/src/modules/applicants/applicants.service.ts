/**
 * The candidate side (/rest/applicant/…, the mobile app) and the organisation's view of a
 * candidate's photos. Candidates see only their own data and ACTIVE postings of ACTIVE
 * organisations; an organisation sees a candidate only through matchings on its postings.
 */
import {
  berlinToday,
  MAX_PHOTOS_PER_APPLICANT,
  type ApplicantProfile,
  type applicantProfileInputSchema,
  type ApplicantSignupRequest,
  type applicantVacancyQuerySchema,
  type ApplicantVacancyListResponse,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type DeleteAccountRequest,
  type SignupResponse,
  type ApplicantVacancyDetail,
  type Vacancy,
  type OrganizationResponseTime,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { Auth, RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { Geocoder } from '../geocoding/geocoder';
import type { ImagesService } from '../images/images.service';
import type { ImageFile } from '../images/upload';
import { withoutMarkup } from '../rich-text/rich-text';
import { signUpAccount, type PublicRequestContext } from '../accounts/account-signup';
import { assertCurrentPassword, changeOwnPassword, type WithHeaders } from '../accounts/password-change';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { SessionRevocations } from '../sessions/session-revocations';
import type { UsersRepository } from '../users/users.repository';
import { toVacancy } from '../vacancies/vacancies.mapper';
import type { VacanciesRepository } from '../vacancies/vacancies.repository';
import { toApplicantProfile } from './applicants.mapper';
import type { ApplicantsRepository } from './applicants.repository';

export type ApplicantProfileInputParsed = z.output<typeof applicantProfileInputSchema>;
export type ApplicantVacancyQueryParsed = z.output<typeof applicantVacancyQuerySchema>;

export interface ApplicantsServiceDeps {
  auth: Auth;
  applicantsRepository: ApplicantsRepository;
  /** Whether an organisation may see the candidate: it has a matching with them (the matchings module's repository). */
  matchingsRepository: { hasMatchingWithOrganization(applicantId: string, organizationId: string): Promise<boolean> };
  vacanciesRepository: Pick<VacanciesRepository, 'findById'>;
  usersRepository: Pick<UsersRepository, 'findAuthUserById' | 'deleteAuthUser' | 'findPasswordHash'>;
  /** Account deletion: its sessions end in every poll cache. */
  sessionRevocations: Pick<SessionRevocations, 'usersSignedOut'>;
  /** Writes are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  images: ImagesService;
  geocoder: Geocoder;
  clock: () => Date;
  /** "antwortet meist innerhalb von N Tagen" of a company (issue 14); default: not known. */
  typicalAnswer?: (organizationId: string) => Promise<OrganizationResponseTime>;
}

export const APPLICANT_MESSAGES = {
  tooManyPhotos: `Ein Profil kann höchstens ${MAX_PHOTOS_PER_APPLICANT} Fotos haben. Bitte löschen Sie zuerst ein Foto.`,
  unknownZipCode: 'Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie die Eingabe.',
  vacancyNotFound: 'Diese Stellenanzeige gibt es nicht oder sie ist nicht mehr aktiv.',
} as const;

export function createApplicantsService(deps: ApplicantsServiceDeps) {
  const repo = deps.applicantsRepository;
  const ipRule = { window: deps.rateLimits.windowSeconds, max: deps.rateLimits.maxPerIp };
  const accountRule = { window: deps.rateLimits.accountWindowSeconds, max: deps.rateLimits.maxPerAccount };

  async function limit(key: string, rule: { window: number; max: number }) {
    const decision = await deps.rateLimitStore.consume(key, rule);
    if (!decision.allowed)
      throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(decision.retryAfter ?? rule.window) } });
  }

  function requireApplicant(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, applicant: true });
  }

  async function profileOf(applicantId: string): Promise<ApplicantProfile> {
    const [profile, photoIds] = await Promise.all([repo.findProfile(applicantId), repo.photoIdsOf(applicantId)]);
    return toApplicantProfile(applicantId, profile, photoIds);
  }

  async function readPhoto(applicantId: string, photoId: string): Promise<ImageFile> {
    const photo = isUuid(photoId) ? await repo.findPhoto(applicantId, photoId) : null;
    if (!photo) throw new AppError('NOT_FOUND');
    return deps.images.locate(photo.storageKey, photo.mimeType);
  }

  return {
    /**
     * Candidate sign-up, the organisation sign-up's pattern: auth user (better-auth sends the
     * verification mail), then — only for a really new address — our APPLICANT user and the
     * profile. A known address gets the same answer, so sign-up reveals no accounts.
     */
    async signup(input: ApplicantSignupRequest, context: PublicRequestContext): Promise<SignupResponse> {
      await limit(`ip:signup:${context.ip}`, ipRule);
      await limit(`acct:signup:${input.email}`, accountRule);
      return signUpAccount(
        deps,
        { email: input.email, password: input.password, name: [...input.names, ...input.familyNames].join(' ') },
        context,
        (userId) =>
          repo.createApplicant({
            userId,
            signedAt: deps.clock(),
            profile: {
              names: input.names,
              familyNames: input.familyNames,
              region: input.region,
              dateOfBirth: null,
              school: null,
              about: null,
              interests: [],
            },
          }),
      );
    },

    /** Own password: the current one is required; every session ends, the answer carries the new Bearer token. */
    async changePassword(
      actor: SessionActor | null,
      input: ChangePasswordRequest,
      headers: Headers,
    ): Promise<WithHeaders<ChangePasswordResponse>> {
      return changeOwnPassword(deps, requireActor(actor, { legal: false, applicant: true }), input, headers);
    },

    /**
     * Deletes the own account for good (GDPR Art. 17), confirmed by the current password:
     * profile, photos (rows and files), matchings, chats with their messages, sessions.
     * Open to candidates who have not accepted the terms (yet) too.
     */
    async deleteAccount(actor: SessionActor | null, input: DeleteAccountRequest): Promise<void> {
      const user = requireActor(actor, { legal: false, applicant: true });
      await assertCurrentPassword(deps.usersRepository, user.userId, input.currentPassword);
      const result = await repo.deleteAccount(user.userId);
      if (!result) throw new AppError('NOT_FOUND');
      await deps.sessionRevocations.usersSignedOut([user.userId]);
      await deps.events.publish({
        type: 'applicant.deleted',
        applicantId: user.userId,
        chats: result.chatOrganizationIds.map((organizationId) => ({ organizationId, applicantId: user.userId })),
      });
      await deps.images.discard(result.storageKeys);
    },

    async getProfile(actor: SessionActor | null): Promise<ApplicantProfile> {
      return profileOf(requireApplicant(actor).userId);
    },

    async updateProfile(actor: SessionActor | null, input: ApplicantProfileInputParsed): Promise<ApplicantProfile> {
      const user = requireApplicant(actor);
      await repo.upsertProfile(
        user.userId,
        {
          names: input.names,
          familyNames: input.familyNames,
          dateOfBirth: input.dateOfBirth,
          school: input.school,
          region: input.region,
          about: input.about,
          interests: input.interests,
        },
        deps.clock(),
      );
      await deps.events.publish({ type: 'applicant.changed', applicantId: user.userId });
      return profileOf(user.userId);
    },

    /** Access check only — lets the route refuse before it reads an upload. */
    assertApplicant(actor: SessionActor | null): void {
      requireApplicant(actor);
    },

    async addPhoto(actor: SessionActor | null, data: Buffer): Promise<{ photoId: string }> {
      const user = requireApplicant(actor);
      const result = await deps.images.storeThen(data, async (file) => {
        const appended = await repo.appendPhoto(user.userId, file, MAX_PHOTOS_PER_APPLICANT);
        // Throwing makes storeThen remove the file again.
        if (appended === 'FULL') throw new AppError('CONFLICT', { message: APPLICANT_MESSAGES.tooManyPhotos });
        return appended;
      });
      await deps.events.publish({ type: 'applicant.changed', applicantId: user.userId });
      return { photoId: result.id };
    },

    async deletePhoto(actor: SessionActor | null, photoId: string): Promise<void> {
      const user = requireApplicant(actor);
      const key = isUuid(photoId) ? await repo.deletePhoto(user.userId, photoId) : null;
      if (!key) throw new AppError('NOT_FOUND');
      await deps.events.publish({ type: 'applicant.changed', applicantId: user.userId });
      await deps.images.discard([key]);
    },

    async getOwnPhoto(actor: SessionActor | null, photoId: string): Promise<ImageFile> {
      return readPhoto(requireApplicant(actor).userId, photoId);
    },

    /** GET /rest/applicants/{applicantId}/photo/{photoId}: organisation users, only for candidates with a matching on their postings. */
    async getPhotoForOrganization(
      actor: SessionActor | null,
      applicantId: string,
      photoId: string,
    ): Promise<ImageFile> {
      const user = requireActor(actor, { legal: true, area: 'candidates' });
      if (
        !user.organizationId ||
        !(await deps.matchingsRepository.hasMatchingWithOrganization(applicantId, user.organizationId))
      ) {
        throw new AppError('NOT_FOUND');
      }
      return readPhoto(applicantId, photoId);
    },

    async listVacancies(
      actor: SessionActor | null,
      query: ApplicantVacancyQueryParsed,
    ): Promise<ApplicantVacancyListResponse> {
      requireApplicant(actor);
      let near: { lat: number; lng: number; radiusKm: number } | undefined;
      if (query.zipCode) {
        const point = await deps.geocoder.geocode({
          country: 'Deutschland',
          city: '',
          zipCode: query.zipCode,
          street: null,
          streetNumber: null,
        });
        if (!point)
          throw new AppError('VALIDATION_FAILED', {
            message: APPLICANT_MESSAGES.unknownZipCode,
            fieldErrors: { zipCode: APPLICANT_MESSAGES.unknownZipCode },
          });
        near = { ...point, radiusKm: query.radiusKm };
      }
      const { items, total } = await repo.listActiveVacancies({
        region: query.region,
        type: query.type,
        search: query.search || undefined,
        near,
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        items: items.map((item) => ({
          id: item.id,
          title: item.title,
          type: item.type,
          organization: {
            id: item.organizationId,
            name: item.organizationName,
            region: item.organizationRegion as Vacancy['organization']['region'],
          },
          city: item.city,
          zipCode: item.zipCode,
          start: item.start,
          // Excerpts stored before the no-markup rule are made safe on the way out too.
          descriptionExcerpt: withoutMarkup(item.descriptionExcerpt),
          image: item.image,
          distanceKm: item.distanceKm === null ? null : Math.round(item.distanceKm * 10) / 10,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Reading a posting's detail is what counts as a view (issue #11); see docs/statistics.md "Aufrufe". */
    async getVacancy(
      actor: SessionActor | null,
      id: string,
      log: Pick<FastifyBaseLogger, 'error'>,
    ): Promise<ApplicantVacancyDetail> {
      const applicant = requireApplicant(actor);
      const vacancy =
        isUuid(id) && (await repo.isVacancyVisible(id)) ? await deps.vacanciesRepository.findById(id) : null;
      if (!vacancy) throw new AppError('NOT_FOUND', { message: APPLICANT_MESSAGES.vacancyNotFound });
      try {
        await repo.recordVacancyView(id, applicant.userId, berlinToday(deps.clock()));
        await deps.events.publish({ type: 'vacancy.viewed', organizationId: vacancy.organization.id, vacancyId: id });
      } catch (error) {
        // A lost view only lowers a statistic; the candidate still gets the posting.
        log.error({ err: error, vacancyId: id }, 'recording a posting view failed');
      }
      const posting = toVacancy(vacancy);
      return {
        ...posting,
        organizationResponseTime: deps.typicalAnswer ? await deps.typicalAnswer(posting.organizationId) : null,
      };
    },

    async getVacancyPhoto(actor: SessionActor | null, id: string, photoId: string): Promise<ImageFile> {
      requireApplicant(actor);
      const photo = isUuid(id) && isUuid(photoId) ? await repo.findVisibleVacancyPhoto(id, photoId) : null;
      if (!photo) throw new AppError('NOT_FOUND');
      return deps.images.locate(photo.storageKey, photo.mimeType);
    },
  };
}

export type ApplicantsService = ReturnType<typeof createApplicantsService>;
