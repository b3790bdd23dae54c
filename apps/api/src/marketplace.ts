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
import { createApplicantsRepository } from './modules/applicants/applicants.repository';
import { createApplicantsService } from './modules/applicants/applicants.service';
import type { Geocoder } from './modules/geocoding/geocoder';
import type { ImagesService } from './modules/images/images.service';
import { candidateFollowUpRoutes } from './modules/candidate-follow-up/candidate-follow-up.routes';
import { createCandidateFollowUpRepository } from './modules/candidate-follow-up/candidate-follow-up.repository';
import { createCandidateFollowUpService } from './modules/candidate-follow-up/candidate-follow-up.service';
import { createMatchingsRepository } from './modules/matchings/matchings.repository';
import { matchingsRoutes } from './modules/matchings/matchings.routes';
import { createMatchingsService } from './modules/matchings/matchings.service';
import type { DomainEventPublisher } from './events/domain-events';
import type { ChatVersionStore } from './modules/messages/chat-version-store';
import { createMessagesRepository } from './modules/messages/messages.repository';
import { messagesRoutes } from './modules/messages/messages.routes';
import { createMessagesService } from './modules/messages/messages.service';
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
}

export async function registerMarketplace(app: FastifyInstance, deps: MarketplaceDeps): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const applicantsRepository = createApplicantsRepository(deps.db);
  const matchingsRepository = createMatchingsRepository(deps.db);
  const messagesRepository = createMessagesRepository(deps.db);
  const followUp = createCandidateFollowUpService({
    repository: createCandidateFollowUpRepository(deps.db),
    events: deps.events,
    clock: deps.clock,
  });
  await typed.register(applicantsRoutes, {
    service: createApplicantsService({
      auth: deps.auth,
      applicantsRepository,
      matchingsRepository,
      vacanciesRepository: createVacanciesRepository(deps.db),
      usersRepository: createUsersRepository(deps.db),
      rateLimitStore: deps.rateLimitStore,
      rateLimits: deps.rateLimits,
      images: deps.images,
      geocoder: deps.geocoder,
      sessionRevocations: deps.sessionRevocations,
      events: deps.events,
      clock: deps.clock,
      typicalAnswer: (organizationId) => followUp.typicalAnswer(organizationId),
    }),
  });
  // Notes, response figures and answer deadlines (issue 14, ADR 0041).
  await typed.register(candidateFollowUpRoutes, { service: followUp });
  await typed.register(matchingsRoutes, {
    service: createMatchingsService({
      matchingsRepository,
      applicantsRepository,
      events: deps.events,
      clock: deps.clock,
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
      clock: deps.clock,
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
}
