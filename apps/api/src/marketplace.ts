/**
 * Composition of the marketplace modules (issue 4): candidate side, matchings, chats and the
 * notification unsubscribe page. buildApp calls this once; it only wires, the rules live in
 * the services.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import { applicantsRoutes } from './modules/applicants/applicants.routes';
import { createFeedRepository } from './modules/applicants/feed.repository';
import { feedRoutes } from './modules/applicants/feed.routes';
import { createFeedService } from './modules/applicants/feed.service';
import { candidateAge, oldEnoughFor } from './modules/applicants';
import { createApplicantsRepository } from './modules/applicants/applicants.repository';
import { createApplicantsService } from './modules/applicants/applicants.service';
import { createCandidateGate } from './modules/applicants/candidate-gate';
import { createParentalConsentRepository } from './modules/applicants/parental-consent.repository';
import { parentalConsentRoutes } from './modules/applicants/parental-consent.routes';
import { createParentalConsentService } from './modules/applicants/parental-consent.service';
import type { Geocoder } from './modules/geocoding/geocoder';
import type { ImagesService } from './modules/images/images.service';
import { candidateFollowUpRoutes } from './modules/candidate-follow-up/candidate-follow-up.routes';
import { createCandidateFollowUpRepository } from './modules/candidate-follow-up/candidate-follow-up.repository';
import { createCandidateFollowUpService } from './modules/candidate-follow-up/candidate-follow-up.service';
import { berlinDayBounds } from './modules/matchings/interest-cap';
import { createMatchingsRepository } from './modules/matchings/matchings.repository';
import { matchingsRoutes } from './modules/matchings/matchings.routes';
import { createMatchingsService } from './modules/matchings/matchings.service';
import type { DomainEventPublisher } from './events/domain-events';
import type { ChatVersionStore } from './modules/messages/chat-version-store';
import { createMessagesRepository } from './modules/messages/messages.repository';
import { messagesRoutes } from './modules/messages/messages.routes';
import { createMessagesService } from './modules/messages/messages.service';
import { createContactEndsRepository } from './modules/reports/contact-ends.repository';
import { createContactService } from './modules/reports/contact.service';
import { createReportsRepository } from './modules/reports/reports.repository';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { REPORTS_PER_DAY } from '@matchwerk/shared';
import type { SessionRevocations } from './modules/sessions/session-revocations';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createInboxVersions } from './modules/unread/inbox-versions';
import { createUnreadRepository } from './modules/unread/unread.repository';
import { unreadRoutes } from './modules/unread/unread.routes';
import { createUnreadService } from './modules/unread/unread.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createVacanciesRepository } from './modules/vacancies/vacancies.repository';
import type { Auth, RateLimitSettings } from './plugins/auth-config';
import { UNREAD_LIST_LIMIT } from '@matchwerk/shared';
import type { RateLimitStore } from './plugins/rate-limit-store';

export interface MarketplaceDeps {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  images: ImagesService;
  geocoder: Geocoder;
  rateLimitStore: RateLimitStore;
  rateLimits: RateLimitSettings;
  /** Read by the polls (chats, unread counts); raised after writes by the event subscribers. */
  versions: ChatVersionStore;
  /** Every write of these modules is told here after its commit (ADR 0092). */
  events: DomainEventPublisher;
  /** Ends sessions (candidate password change and account deletion) and feeds the session cache. */
  sessionRevocations: SessionRevocations;
  /** Signs the unsubscribe links. */
  secret: string;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  /** The youngest age to sign up as a candidate (CANDIDATE_MINIMUM_AGE, ADR 0096); default 14. */
  candidateMinimumAge?: number;
}

/** What the server may do with the marketplace after it is registered. */
export interface Marketplace {
  /** Mails parents whose pending consent never got a link (after seeding the demo; ADR 0097). */
  sendOutstandingConsentMails: () => Promise<number>;
}

export async function registerMarketplace(app: FastifyInstance, deps: MarketplaceDeps): Promise<Marketplace> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const applicantsRepository = createApplicantsRepository(deps.db);
  const matchingsRepository = createMatchingsRepository(deps.db);
  const messagesRepository = createMessagesRepository(deps.db);
  // Age and parental consent (issue 46 item 1, ADR 0096/0097): the status, the parent's page, the gate of interest and chat.
  const usersRepository = createUsersRepository(deps.db);
  const parentalConsent = createParentalConsentService({
    repository: createParentalConsentRepository(deps.db),
    profiles: applicantsRepository,
    emailOf: async (applicantId) => (await usersRepository.findAuthUserById(applicantId))?.email ?? null,
    mailer: deps.mailer,
    rateLimitStore: deps.rateLimitStore,
    events: deps.events,
    // The current-user answer carries the consent: cached sessions read it again after a decision.
    userChanged: (userId) => deps.sessionRevocations.userChanged(userId),
    publicUrl: deps.publicUrl,
    supportEmail: deps.supportEmail,
    clock: deps.clock,
    log: app.log,
  });
  await typed.register(parentalConsentRoutes, { service: parentalConsent });
  const candidateGate = createCandidateGate({ db: deps.db, consent: parentalConsent, clock: deps.clock });
  // Safeguarding (issue 46 item 6, ADR 0101): reports and ending contact.
  const contact = createContactService({
    repository: createContactEndsRepository(deps.db),
    events: deps.events,
    clock: deps.clock,
  });
  const reportRule = { window: 86_400, max: REPORTS_PER_DAY };
  await typed.register(reportsRoutes, {
    contact,
    reports: createReportsService({
      repository: createReportsRepository(deps.db),
      reportLimit: (userId) => deps.rateLimitStore.consume(`report:${userId}`, reportRule),
      clock: deps.clock,
    }),
  });
  const followUp = createCandidateFollowUpService({
    repository: createCandidateFollowUpRepository(deps.db),
    events: deps.events,
    clock: deps.clock,
  });
  // Discovery feed and "nicht interessiert" (issue 46 item 4, ADR 0100).
  const feed = createFeedService({
    feedRepository: createFeedRepository(deps.db),
    isVacancyVisible: (vacancyId) => applicantsRepository.isVacancyVisible(vacancyId),
    geocoder: deps.geocoder,
    clock: deps.clock,
    events: deps.events,
    postingAgeCondition: (dateOfBirth, today) => oldEnoughFor(candidateAge(dateOfBirth, today)),
    // The same count and Berlin day as the cap's 429 (interest-cap.ts), so the deck's number is the one enforced.
    interestsToday: async (applicantId) => ({
      used: await matchingsRepository.countCreatedSince(applicantId, berlinDayBounds(deps.clock()).start),
      perDay: deps.rateLimits.interestsPerDay,
    }),
  });
  await typed.register(feedRoutes, { service: feed });
  await typed.register(applicantsRoutes, {
    service: createApplicantsService({
      auth: deps.auth,
      applicantsRepository,
      matchingsRepository,
      vacanciesRepository: createVacanciesRepository(deps.db),
      usersRepository,
      rateLimitStore: deps.rateLimitStore,
      rateLimits: deps.rateLimits,
      images: deps.images,
      geocoder: deps.geocoder,
      sessionRevocations: deps.sessionRevocations,
      events: deps.events,
      clock: deps.clock,
      typicalAnswer: (organizationId) => followUp.typicalAnswer(organizationId),
      parentalConsent,
      minimumAge: deps.candidateMinimumAge,
      myStates: (applicantId, vacancyIds) => feed.myStates(applicantId, vacancyIds),
    }),
  });
  // Notes, response figures and answer deadlines (issue 14, ADR 0041).
  await typed.register(candidateFollowUpRoutes, { service: followUp });
  await typed.register(matchingsRoutes, {
    service: createMatchingsService({
      matchingsRepository,
      applicantsRepository,
      events: deps.events,
      contact: { endedForVacancy: contact.endedForVacancy, end: contact.end },
      clock: deps.clock,
      interestsPerDay: deps.rateLimits.interestsPerDay,
      candidateGate,
    }),
  });
  const chatRule = { window: 60, max: deps.rateLimits.chatMessagesPerMinute };
  await typed.register(messagesRoutes, {
    service: createMessagesService({
      messagesRepository,
      applicantsRepository,
      versions: deps.versions,
      events: deps.events,
      sendLimit: (userId) => deps.rateLimitStore.consume(`chat:${userId}`, chatRule),
      safeguarding: {
        contactEndedAt: contact.endedAt,
        organizationReadMark: (organizationId, applicantId) =>
          messagesRepository.organizationReadMark(organizationId, applicantId),
        postings: (applicantId, organizationId) =>
          matchingsRepository.postingsForApplicant(applicantId, organizationId),
      },
      clock: deps.clock,
      candidateGate,
    }),
  });
  await typed.register(unreadRoutes, {
    service: createUnreadService({
      repository: createUnreadRepository(deps.db, UNREAD_LIST_LIMIT),
      inbox: createInboxVersions(deps.versions),
      events: deps.events,
      clock: deps.clock,
    }),
  });
  await typed.register(notificationsRoutes, {
    service: createNotificationsService({
      repository: createNotificationsRepository(deps.db),
      mailer: deps.mailer,
      secret: deps.secret,
      publicUrl: deps.publicUrl,
      supportEmail: deps.supportEmail,
      userChanged: (userId) => deps.sessionRevocations.userChanged(userId),
      clock: deps.clock,
      log: app.log,
    }),
  });
  return { sendOutstandingConsentMails: () => parentalConsent.requestOutstanding() };
}
