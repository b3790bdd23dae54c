/**
 * The candidate side (/rest/applicant/…, the mobile app) and the organisation's view of a
 * candidate's photos. Candidates see only their own data and ACTIVE postings of ACTIVE
 * organisations; an organisation sees a candidate only through matchings on its postings.
 */
import {
  ageOn,
  berlinToday,
  CANDIDATE_AGE_MESSAGES,
  DEFAULT_CANDIDATE_MINIMUM_AGE,
  MAX_PHOTOS_PER_APPLICANT,
  needsParentalConsent,
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
  type MyPostingState,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { Auth, RateLimitSettings } from '../../plugins/auth-config';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { Geocoder } from '../geocoding';
import type { ImagesService, ImageFile } from '../images';
import { withoutMarkup } from '../rich-text';
import {
  limitSignupsFromRange,
  signUpAccount,
  type PublicRequestContext,
  assertCurrentPassword,
  changeOwnPassword,
  type WithHeaders,
} from '../accounts';
import { signupAcceptances } from '../candidate-legal';
import { whileSigningUpCandidate } from '../../mail/mail-audience';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { SessionRevocations } from '../sessions';
import type { UsersRepository } from '../users';
import { toVacancy, type VacanciesRepository } from '../vacancies';
import { toApplicantProfile } from './applicants.mapper';
import type { ApplicantsRepository } from './applicants.repository';
import { candidateAge, oldEnoughFor } from './age-rules';
import type { ParentalConsentService } from './parental-consent.service';

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
  /** The candidate's own state per posting (issue 46, the feed service); default: none known. */
  myStates?: (applicantId: string, vacancyIds: string[]) => Promise<Map<string, MyPostingState>>;
  /** "antwortet meist innerhalb von N Tagen" of a company (issue 14); default: not known. */
  typicalAnswer?: (organizationId: string) => Promise<OrganizationResponseTime>;
  /** Parental consent below 16 (ADR 0097): the status in the profile, the first mail at sign-up. */
  parentalConsent: Pick<ParentalConsentService, 'statusOf' | 'requestAtSignup'>;
  /** The youngest age to sign up (CANDIDATE_MINIMUM_AGE, default 14; ADR 0096). */
  minimumAge?: number;
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

  async function myStatesOf(applicantId: string, vacancyIds: string[]): Promise<Map<string, MyPostingState>> {
    return deps.myStates ? deps.myStates(applicantId, vacancyIds) : new Map();
  }

  function requireApplicant(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, applicant: true });
  }

  async function profileOf(applicantId: string): Promise<ApplicantProfile> {
    const [profile, photoIds] = await Promise.all([repo.findProfile(applicantId), repo.photoIdsOf(applicantId)]);
    const consent = await deps.parentalConsent.statusOf(applicantId, profile?.dateOfBirth ?? null);
    return toApplicantProfile(applicantId, profile, photoIds, consent);
  }

  const minimumAge = deps.minimumAge ?? DEFAULT_CANDIDATE_MINIMUM_AGE;

  /**
   * The age rules of a birth date given at sign-up or entered later (ADR 0096): the operator's
   * minimum age (400 saying why), and at sign-up below 16 a parent's address (400 on parentEmail).
   */
  function assertAgeRules(dateOfBirth: string, parentEmail: string | undefined, atSignup = true): void {
    const today = berlinToday(deps.clock());
    if (ageOn(dateOfBirth, today) < minimumAge) {
      const message = CANDIDATE_AGE_MESSAGES.tooYoung(minimumAge);
      throw new AppError('VALIDATION_FAILED', { message, fieldErrors: { dateOfBirth: message } });
    }
    if (!atSignup) return;
    const needsParent = needsParentalConsent(dateOfBirth, today);
    if (needsParent && !parentEmail)
      throw new AppError('VALIDATION_FAILED', {
        message: CANDIDATE_AGE_MESSAGES.parentEmailMissing,
        fieldErrors: { parentEmail: CANDIDATE_AGE_MESSAGES.parentEmailMissing },
      });
    if (!needsParent && parentEmail)
      throw new AppError('VALIDATION_FAILED', {
        fieldErrors: { parentEmail: CANDIDATE_AGE_MESSAGES.parentEmailNotNeeded },
      });
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
      const legalAcceptances = signupAcceptances(input.acceptedLegalVersions);
      assertAgeRules(input.dateOfBirth, input.parentEmail);
      await limit(`ip:signup:${context.ip}`, ipRule);
      await limit(`acct:signup:${input.email}`, accountRule);
      // Per network too (a school's shared address passes, a burst does not; ADR 0110).
      await limitSignupsFromRange(
        deps.rateLimitStore,
        deps.rateLimits,
        context.ip,
        (minutes) =>
          `Aus deinem Netz (zum Beispiel dem WLAN deiner Schule) wurden gerade viele Konten angelegt. Bitte versuch es in etwa ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} nochmal.`,
      );
      let created: string | null = null;
      // The verification mail goes out inside sign-up, before our row exists: marked as a candidate's (ADR 0102).
      const answer = await whileSigningUpCandidate(input.email, () =>
        signUpAccount(
          deps,
          { email: input.email, password: input.password, name: [...input.names, ...input.familyNames].join(' ') },
          context,
          (userId) =>
            repo
              .createApplicant({
                userId,
                signedAt: deps.clock(),
                legalAcceptances,
                profile: {
                  names: input.names,
                  familyNames: input.familyNames,
                  region: input.region,
                  dateOfBirth: input.dateOfBirth,
                  school: null,
                  about: null,
                  interests: [],
                },
              })
              .then(() => {
                created = userId;
              }),
        ),
      );
      // Only a really new account writes to the parent (a known address gets the same answer and no mail).
      if (created && input.parentEmail)
        await deps.parentalConsent.requestAtSignup(created, input.parentEmail, input.names);
      return answer;
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
      const stored = (await repo.findProfile(user.userId))?.dateOfBirth ?? null;
      // The birth date is fixed at sign-up (parental consent and minimum age hang on it); empty keeps it.
      if (stored && input.dateOfBirth && input.dateOfBirth !== stored)
        throw new AppError('VALIDATION_FAILED', {
          fieldErrors: { dateOfBirth: CANDIDATE_AGE_MESSAGES.changeRefused },
        });
      // Accounts from before sign-up asked for it enter it once, under the same rules (a parent's address then via POST parental-consent).
      if (!stored && input.dateOfBirth) assertAgeRules(input.dateOfBirth, undefined, false);
      await repo.upsertProfile(
        user.userId,
        {
          names: input.names,
          familyNames: input.familyNames,
          dateOfBirth: stored ?? input.dateOfBirth,
          school: input.school,
          region: input.region,
          about: input.about,
          interests: input.interests,
          zipCode: input.zipCode,
          wantedTypes: input.wantedTypes,
          wantedFields: input.wantedFields,
          availableFrom: input.availableFrom,
          strengths: input.strengths,
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
      const applicant = requireApplicant(actor);
      const age = candidateAge((await repo.findProfile(applicant.userId))?.dateOfBirth, deps.clock());
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
        // Companies the candidate ended contact with stay out (ADR 0101); requireApplicant passed, so actor is set.
        applicantId: actor?.userId,
        occupation: query.occupation,
        near,
        oldEnough: oldEnoughFor(age),
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.pageSize,
      });
      const states = await myStatesOf(
        applicant.userId,
        items.map((item) => item.id),
      );
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
          minAge: item.minAge,
          myState: states.get(item.id) ?? 'none',
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
      const states = await myStatesOf(applicant.userId, [id]);
      return {
        ...posting,
        organizationResponseTime: deps.typicalAnswer ? await deps.typicalAnswer(posting.organizationId) : null,
        myState: states.get(id) ?? 'none',
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
