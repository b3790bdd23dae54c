/**
 * Composition root: builds the Fastify app from explicit dependencies. No listen() here —
 * server.ts listens, tests use app.inject.
 */
import { stringifySetCookie } from 'cookie';
import { API_PATHS, CURRENT_LEGAL_VERSIONS, FAILED_MAILS_LIST_LIMIT, type LegalVersions } from '@matchwerk/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client';
import { createFastPath } from './http/fast-path';
import { knownSessionAnswer } from './http/known-session-answers';
import { OneLinePerRequest } from './http/request-log';
import { lazyRequestLogger } from './http/request-logger';
import { JSON_CONTENT_TYPE } from './http/serialized-body';
import { registerMarketplace } from './marketplace';
import { createMailAudience } from './mail/mail-audience';
import { listOutbox, type Mailer } from './mail/mailer';
import { createEmailRecoveryRepository } from './modules/accounts/email-recovery.repository';
import { createEmailRecoveryIssuer } from './modules/accounts/email-recovery.service';
import { passwordResetStatusRoutes } from './modules/accounts/password-reset-status.routes';
import { createPasswordResetStatusService } from './modules/accounts/password-reset-status.service';
import { createSignInUnlockRepository } from './modules/accounts/sign-in-unlock.repository';
import { signInUnlockRoutes } from './modules/accounts/sign-in-unlock.routes';
import { createSignInUnlockService } from './modules/accounts/sign-in-unlock.service';
import { createOfflineGeocoder, type Geocoder } from './modules/geocoding/geocoder';
import type { BlobStorage } from './modules/images/blob-storage';
import { createImagesService } from './modules/images/images.service';
import { createMemoryChatVersionStore, type ChatVersionStore } from './modules/messages/chat-version-store';
import { startDataChangeFeed, type DataChangeFeed } from './cache/data-change-feed';
import { createMemoryDataVersionStore, type DataVersionStore } from './cache/data-versions';
import { DEFAULT_RESPONSE_CACHE_MB } from './config/env';
import {
  registerOrganizationResponseCache,
  type OrganizationResponseCache,
} from './plugins/organization-response-cache';
import { NO_NOTIFICATIONS, type NotificationEvents } from './modules/notifications/notification-events';
import { createDomainEventBus, type DomainEventBus } from './events/domain-events';
import { responseCacheSubscriber } from './cache/response-cache.subscriber';
import { chatVersionsSubscriber } from './modules/messages/chat-versions.subscriber';
import { notificationsSubscriber } from './modules/notifications/notifications.subscriber';
import {
  candidatePushSubscriber,
  generateVapidKeys,
  NO_CANDIDATE_NOTIFICATIONS,
  pushDevices,
  registerPush,
  type CandidateNotificationQueue,
  type VapidKeys,
} from './modules/push';
import { createInboxVersions } from './modules/unread/inbox-versions';
import { unreadCountsSubscriber } from './modules/unread/unread-counts.subscriber';
import { demoRoutes } from './modules/demo/demo.routes';
import { createDemoService } from './modules/demo/demo.service';
import { createCandidateLegalRepository } from './modules/candidate-legal/candidate-legal.repository';
import { candidateLegalRoutes } from './modules/candidate-legal/candidate-legal.routes';
import { createCandidateLegalService } from './modules/candidate-legal/candidate-legal.service';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { mailAdminRoutes } from './modules/mail-admin/mail-admin.routes';
import { createMailAdminService, type FailedMailStore } from './modules/mail-admin/mail-admin.service';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { createStatisticsRepository } from './modules/statistics/statistics.repository';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { createStatisticsService } from './modules/statistics/statistics.service';
import { createJobWidgetRepository } from './modules/job-widget/job-widget.repository';
import { jobWidgetFrameRoutes, jobWidgetRoutes } from './modules/job-widget/job-widget.routes';
import { createJobWidgetService } from './modules/job-widget/job-widget.service';
import { createInvitationsRepository } from './modules/invitations/invitations.repository';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { dataProtectionRoutes } from './modules/data-protection/data-protection.routes';
import { DEFAULT_EXPORT_SECTIONS } from './modules/data-protection/export-sections';
import { createCandidateExportService } from './modules/data-protection/candidate-export.service';
import { createExportService } from './modules/data-protection/export.service';
import { createRetentionRepository } from './modules/data-protection/retention.repository';
import { createRetentionService } from './modules/data-protection/retention.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { publicPagesRoutes } from './modules/public/public-pages.routes';
import { createPublicRepository } from './modules/public/public.repository';
import { publicRoutes } from './modules/public/public.routes';
import { createPublicService } from './modules/public/public.service';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository';
import { createMemoryRevocationBus, type RevocationBus } from './modules/sessions/revocation-bus';
import { createSessionActorCache } from './modules/sessions/session-actor-cache';
import { createSessionRevocations, type SessionRevocations } from './modules/sessions/session-revocations';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { createOrganizationsService } from './modules/organizations/organizations.service';
import { healthBody, systemRoutes } from './modules/system/system.routes';
import { createStudentStatisticsRepository } from './modules/student-statistics/student-statistics.repository';
import { studentStatisticsRoutes } from './modules/student-statistics/student-statistics.routes';
import { createStudentStatisticsService } from './modules/student-statistics/student-statistics.service';
import { createSystemService, type ReadinessProbes } from './modules/system/system.service';
import { guardBlobStorage } from './errors/unavailable';
import { createUserAdminRepository } from './modules/users/user-admin.repository';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { createUserAdminService } from './modules/users/user-admin.service';
import { createSignInRecorder } from './modules/users/sign-in-record';
import { createUsersRepository } from './modules/users/users.repository';
import { currentUserBodies, usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createVacanciesRepository } from './modules/vacancies/vacancies.repository';
import { vacanciesRoutes } from './modules/vacancies/vacancies.routes';
import { createVacanciesService } from './modules/vacancies/vacancies.service';
import { registerAuth, setClientIpHeader } from './plugins/auth';
import { createDeviceCookies } from './plugins/device-cookie';
import { createDurableLimiters } from './plugins/durable-rate-limiter';
import { createVerificationLinks } from './plugins/verification-links';
import { createSignInGuard } from './plugins/sign-in-guard';
import { createAuth, DEFAULT_RATE_LIMITS, type Auth, type RateLimitSettings } from './plugins/auth-config';
import { letAuthContextSleep } from './plugins/auth-context-storage';
import { registerErrorHandler } from './plugins/error-handler';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerCandidateRouteRules } from './http/candidate-routes';
import { registerOpenApi } from './plugins/openapi';
import { createMemoryRateLimitStore, type RateLimitStore } from './plugins/rate-limit-store';
import { registerOnRequestSteps, type OnRequestStep } from './plugins/on-request';
import { sameOriginCheck } from './plugins/same-origin';
import { apiAnswerHeaders, registerSecurity } from './plugins/security';
import { readSessionToken } from './plugins/session-token';
import { registerOperatorLegalTexts, type OperatorLegalFiles } from './plugins/operator-legal';
import { registerStaticCandidate } from './plugins/static-candidate';
import { registerStaticWeb } from './plugins/static-web';
import { registerFavicon } from './http/favicon';

export interface AppDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  authSecret: string;
  publicUrl: string;
  /** Further origins allowed to call the auth endpoints (e.g. the Vite dev server). */
  extraTrustedOrigins?: string[];
  supportEmail: string;
  /** Demo mode without SMTP_URL only: mails go to the outbox, /demo/* and /rest/demo/* exist. Never true outside demo mode. */
  demoMailbox: boolean;
  webDist?: string;
  /** The candidate app's build, served at /app/ (issue 47). */
  candidateDist?: string;
  /** The operator's imprint and privacy statement (IMPRINT_FILE, PRIVACY_FILE); absent → the placeholders. */
  legalFiles?: OperatorLegalFiles;
  /** Where image files go (disk under DATA_DIR/uploads or UPLOAD_DIR, or an S3 bucket). */
  blobStorage: BlobStorage;
  /** Address → coordinates; defaults to the offline German postcode centroids. */
  geocoder?: Geocoder;
  /** Store for rate-limit counters; defaults to a fresh in-memory store owned by this app. */
  rateLimitStore?: RateLimitStore;
  rateLimits?: Partial<RateLimitSettings>;
  /** Per-chat versions for cheap polling; default: an in-memory store owned by this app (server.ts passes Redis when REDIS_URL is set). */
  chatVersionStore?: ChatVersionStore;
  /** Per-organisation data versions behind the response cache; default: in memory, this app only (server.ts passes Redis when REDIS_URL is set). */
  dataVersionStore?: DataVersionStore;
  /** Memory for organisation users' list answers kept between their reads (ADR 0065); default 32 MiB, 0 = off. */
  responseCacheBytes?: number;
  /** Carries session revocations to every process's poll cache; default: in memory, this app only (server.ts passes Redis when REDIS_URL is set). */
  revocationBus?: RevocationBus;
  /** How Redis, the object store and the mail queue are doing, for GET /rest/ready (issue 49); missing ones say 'off'. */
  readinessProbes?: ReadinessProbes;
  /** Where new matchings and candidate messages go for notification mails (pg-boss, started in server.ts); default: nowhere. */
  notificationEvents?: NotificationEvents;
  /** Account mails that failed after every retry (ADR 0119): pg-boss in the server; the admins' list says "not available" when absent. */
  failedMails?: FailedMailStore;
  /** Candidate notifications (push or fallback mail, ADR 0099): pg-boss in the server; none when absent. */
  candidateNotifications?: CandidateNotificationQueue;
  /** VAPID keys of the candidate push (ADR 0098); a throwaway pair when absent (tests). */
  vapid?: VapidKeys;
  trustedProxies?: string[];
  logger?: FastifyServerOptions['logger'];
  clock?: () => Date;
  /**
   * Current versions of the legal texts; default: those of packages/shared (ADR 0037). Only
   * tests pass other versions, to play a new version of a text.
   */
  legalVersions?: LegalVersions;
  /** The youngest age to sign up as a candidate (CANDIDATE_MINIMUM_AGE, ADR 0096); default 14. */
  candidateMinimumAge?: number;
  /** Called for every route (the authorization test collects them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  auth: Auth;
  /** Ends sessions effective on the next request (disable a user, change a role: `revokeAllForUser`, `userChanged`). */
  sessionRevocations: SessionRevocations;
  /** The chat and unread versions this app answers polls from (jobs raise them after their changes). */
  chatVersionStore: ChatVersionStore;
  /** Organisation users' list answers kept between reads, and the change feed that keeps them true (ADR 0065). */
  responseCache: OrganizationResponseCache & { changes: DataChangeFeed };
  /** Every write's event after its commit (ADR 0092); server.ts hands it to the jobs. */
  events: DomainEventBus;
  /** Mails parents whose pending consent never got a link (server.ts, after seeding the demo). */
  sendOutstandingConsentMails: () => Promise<number>;
}

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
];

/** The production logger settings (server.ts; the bench measures with the same): level and redaction of secrets. */
export function productionLoggerOptions(level: string) {
  return { level, redact: { paths: REDACT_PATHS, censor: '[entfernt]' } };
}

/** Query parameters and path segments that carry secrets (e-mail action and invitation tokens) are masked in logged URLs. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|password)=)[^&#]*/gi, '$1[entfernt]')
    .replace(/(\/rest\/invitations\/)[^/?#]+/g, '$1[entfernt]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function loggerOptions(logger: AppDeps['logger']): FastifyServerOptions['logger'] {
  if (!logger || logger === true || typeof logger !== 'object') return logger ?? false;
  return {
    ...logger,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** better-auth writes SameSite in either case; the cookie package wants it lower-case (Lax by default, as browsers do). */
function sameSiteOf(value: string | undefined): 'lax' | 'strict' | 'none' {
  const lower = value?.toLowerCase();
  return lower === 'strict' || lower === 'none' ? lower : 'lax';
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const clock = deps.clock ?? (() => new Date());
  const legalVersions = deps.legalVersions ?? CURRENT_LEGAL_VERSIONS;
  const rateLimits: RateLimitSettings = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
  const rateLimitStore = deps.rateLimitStore ?? createMemoryRateLimitStore();
  const chatVersionStore = deps.chatVersionStore ?? createMemoryChatVersionStore();
  const revocationBus = deps.revocationBus ?? createMemoryRevocationBus();
  const db = deps.database.db;

  const systemService = createSystemService({
    ping: () => deps.database.ping(),
    supportEmail: deps.supportEmail,
    demoMailbox: deps.demoMailbox,
    probes: deps.readinessProbes,
  });
  const https = deps.publicUrl.startsWith('https://');
  const fastPath = createFastPath({
    path: API_PATHS.health,
    body: healthBody(systemService),
    headers: { ...apiAnswerHeaders(https), 'content-type': JSON_CONTENT_TYPE },
  });

  const trustProxy = deps.trustedProxies && deps.trustedProxies.length > 0 ? deps.trustedProxies : false;
  const app = Fastify({
    serverFactory: fastPath.serverFactory,
    logger: loggerOptions(deps.logger),
    ...(deps.logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // Bad URLs, over-long path parameters and unparsable HTTP get German answers without the URL echoed.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) {
    const onRoute = deps.onRoute;
    app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));
  }
  app.addHook('preClose', (done) => {
    fastPath.stop();
    done();
  });
  app.addHook('onClose', async () => {
    if (!deps.rateLimitStore) await rateLimitStore.close();
    if (!deps.chatVersionStore) await chatVersionStore.close();
    if (!deps.revocationBus) await revocationBus.close();
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  // Candidate routes: unknown input → 400, ETag/304 on the lists (issue 46, ADR 0100).
  registerCandidateRouteRules(app);
  const trustedOrigins = [new URL(deps.publicUrl).origin, ...(deps.extraTrustedOrigins ?? [])];
  // Set below, once the session cache and the current user's route exist.
  let answerKnownSession: OnRequestStep = () => false;
  // One onRequest hook before every route: security headers first (a refusal carries them too);
  // a cross-site cookie request never reaches body parsing (multipart) or better-auth; last, the
  // answers from memory for known sessions (ADR 0075, 0093), with those headers.
  registerOnRequestSteps(app, [
    registerSecurity(app, { https }),
    sameOriginCheck({ trustedOrigins }),
    setClientIpHeader,
    (request, reply) => answerKnownSession(request, reply),
  ]);
  await registerOpenApi(app);
  const responseCache = await registerResponseCache(app, deps);
  // What a write sets off besides its rows: one subscriber each (ADR 0092).
  const events = createDomainEventBus({ log: app.log });
  events.subscribe(responseCacheSubscriber(responseCache.changes, () => responseCache.clear()));
  events.subscribe(chatVersionsSubscriber(chatVersionStore));
  events.subscribe(unreadCountsSubscriber(createInboxVersions(chatVersionStore)));
  events.subscribe(notificationsSubscriber(deps.notificationEvents ?? NO_NOTIFICATIONS));
  events.subscribe(
    candidatePushSubscriber(deps.candidateNotifications ?? NO_CANDIDATE_NOTIFICATIONS, pushDevices(deps.database.db)),
  );

  const usersRepository = createUsersRepository(db);
  const organizationsRepository = createOrganizationsRepository(db);
  const vacanciesRepository = createVacanciesRepository(db);
  // A store that does not answer → 503 IMAGE_STORAGE_UNAVAILABLE, not "interner Fehler" (issue 49).
  const images = createImagesService({ storage: guardBlobStorage(deps.blobStorage), log: app.log });
  const geocoder = deps.geocoder ?? createOfflineGeocoder();
  const emailRecoveryRepository = createEmailRecoveryRepository(db);
  const sessionRevocations = createSessionRevocations({ db, bus: revocationBus });
  const sessionActors = createSessionActorCache({ revocations: sessionRevocations.feed });
  app.addHook('onClose', (_instance, done) => {
    sessionActors.close();
    done();
  });
  const recordSignIn = createSignInRecorder(db);

  // better-auth's context storages cost every request of the process unless they sleep (ADR 0071).
  await letAuthContextSleep();
  // Account mails to candidates are in "du" and link into /app/ (ADR 0102).
  const mailAudienceOf = createMailAudience(db);
  const auth = createAuth({
    db,
    secret: deps.authSecret,
    publicUrl: deps.publicUrl,
    trustedOrigins,
    mailer: deps.mailer,
    supportEmail: deps.supportEmail,
    rateLimitStore,
    rateLimits,
    mailAudienceOf,
    verificationLinks: createVerificationLinks(db),
    onEmailChanged: createEmailRecoveryIssuer({
      repository: emailRecoveryRepository,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      supportEmail: deps.supportEmail,
      clock,
      mailAudienceOf,
    }),
    onSessionEnded: (session) => sessionRevocations.sessionEnded(session),
    onUserUpdated: (userId) => sessionRevocations.userChanged(userId),
    onSignIn: (userId) => recordSignIn(userId, clock()),
    // The clicker's own session (if signed in as that user) stays; every other one ends.
    onEmailChangeCompleted: async ({ userId, request }) => {
      const { secret, authCookies } = await auth.$context;
      const headers = {
        cookie: request?.headers.get('cookie') ?? undefined,
        authorization: request?.headers.get('authorization') ?? undefined,
      };
      const keep = readSessionToken(headers, { secret, cookieName: authCookies.sessionToken.name });
      await sessionRevocations.revokeOtherSessions(userId, keep);
    },
  });

  // Lockout counters in PostgreSQL: a Redis restart must not reset them (issue 49 item 1, ADR 0109).
  const signInGuard = createSignInGuard(rateLimitStore, rateLimits, createDurableLimiters(db));
  const deviceCookies = createDeviceCookies({ secret: deps.authSecret, secure: deps.publicUrl.startsWith('https://') });
  const { knownActor } = registerAuth(app, {
    auth,
    usersRepository,
    sessionActors,
    signInGuard,
    deviceCookies,
    publicUrl: deps.publicUrl,
    legalVersions,
  });
  await app.register(signInUnlockRoutes, {
    service: createSignInUnlockService({
      repository: createSignInUnlockRepository(db),
      usersRepository,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      supportEmail: deps.supportEmail,
      signInGuard,
      deviceCookies,
      rateLimitStore,
      rateLimits,
      clock,
      mailAudienceOf,
    }),
  });
  await app.register(passwordResetStatusRoutes, {
    service: createPasswordResetStatusService({ auth, rateLimitStore, rateLimits, clock }),
  });

  await app.register(systemRoutes, { service: systemService });
  const usersService = createUsersService({
    auth,
    usersRepository,
    emailRecoveryRepository,
    sessionRevocations,
    events,
    clock,
    legalVersions,
  });
  const currentUserBody = currentUserBodies(usersService);
  await app.register(usersRoutes, { service: usersService, currentUserBody });
  // The current user and an organisation user's kept list answers, from memory, in the first hook.
  answerKnownSession = knownSessionAnswer({
    knownActor,
    currentUserPath: API_PATHS.currentUser,
    currentUserBody,
    sendKept: responseCache.sendKept,
  });
  await app.register(userAdminRoutes, {
    service: createUserAdminService({
      auth,
      repository: createUserAdminRepository(db),
      mailer: deps.mailer,
      sessionRevocations,
      rateLimitStore,
      rateLimits,
      publicUrl: deps.publicUrl,
      supportEmail: deps.supportEmail,
      events,
      clock,
    }),
  });
  const invitations = createInvitationsService({
    repository: createInvitationsRepository(db),
    hashPassword: async (password) => (await auth.$context).password.hash(password),
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    supportEmail: deps.supportEmail,
    rateLimitStore,
    rateLimits,
    sessionRevocations,
    events,
    clock,
  });
  await app.register(invitationsRoutes, { service: invitations });
  await app.register(organizationsRoutes, {
    service: createOrganizationsService({
      auth,
      organizationsRepository,
      usersRepository,
      rateLimitStore,
      rateLimits,
      images,
      sessionRevocations,
      invitations,
      events,
      clock,
      legalVersions,
      releaseMail: { mailer: deps.mailer, publicUrl: deps.publicUrl, supportEmail: deps.supportEmail, log: app.log },
    }),
    clearSessionCookies: async (reply: FastifyReply) => {
      const { authCookies } = await auth.$context;
      const expired = [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
        ({ name, attributes }) =>
          stringifySetCookie({
            name,
            value: '',
            maxAge: 0,
            path: attributes.path ?? '/',
            httpOnly: true,
            sameSite: sameSiteOf(attributes.sameSite),
            secure: attributes.secure === true,
          }),
      );
      void reply.header('set-cookie', expired);
    },
  });
  await app.register(vacanciesRoutes, {
    service: createVacanciesService({ vacanciesRepository, organizationsRepository, images, geocoder, events, clock }),
  });
  // Public job widget (issue #13): its own cross-origin and caching headers, for its routes only (ADR 0038).
  await app.register(jobWidgetRoutes, {
    service: createJobWidgetService({ repository: createJobWidgetRepository(db), images, publicUrl: deps.publicUrl }),
  });
  await app.register(jobWidgetFrameRoutes);
  const feedbackRule = { window: 3600, max: rateLimits.feedbackPerHour };
  await app.register(feedbackRoutes, {
    service: createFeedbackService({
      repository: createFeedbackRepository(db),
      images,
      mailer: deps.mailer,
      supportEmail: deps.supportEmail,
      publicUrl: deps.publicUrl,
      sendLimit: (userId) => rateLimitStore.consume(`feedback:${userId}`, feedbackRule),
      perHour: rateLimits.feedbackPerHour,
      clock,
      log: app.log,
    }),
  });
  // The candidate privacy statement and terms: public texts, acceptance (issue 46 item 9, ADR 0102).
  await app.register(candidateLegalRoutes, {
    service: createCandidateLegalService({
      repository: createCandidateLegalRepository(db),
      sessionRevocations,
      events,
      clock,
    }),
  });
  await app.register(mailAdminRoutes, {
    service: createMailAdminService({ store: deps.failedMails, limit: FAILED_MAILS_LIST_LIMIT }),
  });
  await app.register(auditRoutes, { service: createAuditService({ auditRepository: createAuditRepository(db) }) });
  await app.register(ordersRoutes, { service: createOrdersService({ repository: createOrdersRepository(db), clock }) });
  // Data protection (issue #14): the routes use the settings half; the daily run is started in server.ts.
  await app.register(dataProtectionRoutes, {
    retention: createRetentionService({
      repository: createRetentionRepository(db),
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      supportEmail: deps.supportEmail,
      clock,
      discardFiles: images.discard,
      events,
      log: app.log,
    }),
    exports: createExportService({ db, sections: DEFAULT_EXPORT_SECTIONS, rateLimitStore, clock, log: app.log }),
    candidateExports: createCandidateExportService({ db, images, rateLimitStore, clock, log: app.log }),
  });
  await app.register(statisticsRoutes, {
    service: createStatisticsService({ repository: createStatisticsRepository(db), clock }),
  });
  await app.register(studentStatisticsRoutes, {
    service: createStudentStatisticsService({ repository: createStudentStatisticsRepository(db) }),
  });
  const marketplace = await registerMarketplace(app, {
    db,
    auth,
    mailer: deps.mailer,
    images,
    geocoder,
    rateLimitStore,
    rateLimits,
    versions: chatVersionStore,
    events,
    sessionRevocations,
    secret: deps.authSecret,
    publicUrl: deps.publicUrl,
    supportEmail: deps.supportEmail,
    clock,
    candidateMinimumAge: deps.candidateMinimumAge,
  });
  // The public marketplace (issue #13): API under /rest/public, pages, sitemaps and robots.txt.
  const publicService = createPublicService({ repository: createPublicRepository(db), geocoder, images });
  await app.register(publicRoutes, { service: publicService });
  await app.register(publicPagesRoutes, { service: publicService, publicUrl: deps.publicUrl, clock });
  if (deps.demoMailbox) {
    await app.register(demoRoutes, { service: createDemoService({ listOutbox: () => listOutbox(db) }) });
  }
  // Candidate push subscriptions, notification settings and the fallback mail's unsubscribe (issue 46, ADR 0098).
  await registerPush(app, {
    db,
    vapidPublicKey: (deps.vapid ?? generateVapidKeys('mailto:test@matchwerk.example')).publicKey,
    secret: deps.authSecret,
    publicUrl: deps.publicUrl,
    clock,
  });
  await registerFavicon(app);
  if (deps.legalFiles) registerOperatorLegalTexts(app, deps.legalFiles);
  if (deps.candidateDist) await registerStaticCandidate(app, deps.candidateDist);
  if (deps.webDist) await registerStaticWeb(app, deps.webDist);

  return {
    app,
    auth,
    sessionRevocations,
    chatVersionStore,
    responseCache,
    events,
    sendOutstandingConsentMails: marketplace.sendOutstandingConsentMails,
  };
}

/**
 * The organisation response cache (ADR 0065) and what keeps it true: the database's change
 * notifications raise the organisations' data versions.
 */
async function registerResponseCache(app: FastifyInstance, deps: AppDeps): Promise<BuiltApp['responseCache']> {
  const versions = deps.dataVersionStore ?? createMemoryDataVersionStore();
  let cache: OrganizationResponseCache | null = null;
  const changes = await startDataChangeFeed({
    database: deps.database,
    versions,
    onEverything: () => cache?.clear(),
    log: app.log,
  });
  cache = registerOrganizationResponseCache(app, {
    versions,
    feed: changes.listener,
    maxBytes: deps.responseCacheBytes ?? DEFAULT_RESPONSE_CACHE_MB * 1024 * 1024,
  });
  app.addHook('onClose', async () => {
    await changes.listener.close();
    if (!deps.dataVersionStore) await versions.close();
  });
  return Object.assign(cache, { changes });
}
