/** REST paths served by the API and called by the web app, defined once. */
export const API_PATHS = {
  auth: '/rest/auth',
  signIn: '/rest/auth/sign-in/email',
  signOut: '/rest/auth/sign-out',
  /** better-auth: 200 with the session, or 200 with `null` when signed out. */
  getSession: '/rest/auth/get-session',
  verifyEmail: '/rest/auth/verify-email',
  requestPasswordReset: '/rest/auth/request-password-reset',
  resetPassword: '/rest/auth/reset-password',
  /** Read-only check of a reset link's token when the link is opened (better-auth's reset consumes it). */
  resetPasswordStatus: '/rest/auth-actions/reset-password/status',
  currentUser: '/rest/users/current-user',
  acceptTerms: '/rest/users/accept-terms-and-data-protection',
  changePassword: '/rest/users/change-password',
  changeEmail: '/rest/users/change-email',
  recoverEmail: '/rest/users/recover-email',
  signInUnlock: '/rest/users/sign-in-unlock',
  signInUnlockConfirm: '/rest/users/sign-in-unlock/confirm',
  signup: '/rest/organization/signup',
  resendSignupConfirmation: '/rest/organization/resend-signup-confirmation',
  organizations: '/rest/organization/',
  organization: '/rest/organization/:id',
  organizationLogoUpload: '/rest/organization/:id/photo',
  organizationPhotos: '/rest/organization/:id/photos',
  organizationPhoto: '/rest/organization/:id/photos/:photoId',
  organizationToggleActive: '/rest/organization/:id/toggle-active',
  organizationToggleMember: '/rest/organization/:id/toggle-member',
  notificationSettings: '/rest/users/organization/:userId/notifications',
  /** User administration (admins, partners): list, create (invites by link, ADR 0124), edit, disable, mails, delete. */
  users: '/rest/users/',
  userCreate: '/rest/users/organization',
  user: '/rest/users/:userId',
  userDisable: '/rest/users/:userId/disable',
  userEnable: '/rest/users/:userId/enable',
  userPasswordReset: '/rest/users/:userId/password-reset',
  userResendConfirmation: '/rest/users/:userId/resend-confirmation',
  userResendInvitation: '/rest/users/:userId/resend-invitation',
  vacancies: '/rest/vacancy',
  vacancyCreate: '/rest/vacancy/:organizationId',
  vacancy: '/rest/vacancy/:id',
  vacancyActivate: '/rest/vacancy/:id/activate',
  vacancyDeactivate: '/rest/vacancy/:id/deactivate',
  vacancyDuplicate: '/rest/vacancy/:id/duplicate',
  vacancyPhotos: '/rest/vacancy/:id/photos',
  vacancyPhotoOrder: '/rest/vacancy/:id/photos/order',
  vacancyPhoto: '/rest/vacancy/:id/photos/:photoId',
  /** Marketplace (spec §7): matchings, candidate photos, chats. */
  organizationMatchings: '/rest/matching/organization',
  setMatchingResult: '/rest/matching/organization/set-result',
  /** Internal notes on a matching and the employer's response figures (issue 14, ADR 0041). */
  matchingNotes: '/rest/matching/organization/notes',
  matchingNote: '/rest/matching/organization/notes/:noteId',
  matchingResponseStats: '/rest/matching/organization/response-stats',
  /** Answer deadlines per region (administrators, ADR 0041). */
  responseDeadlines: '/rest/admin/response-deadlines',
  responseDeadline: '/rest/admin/response-deadlines/:region',
  applicantPhoto: '/rest/applicants/:applicantId/photo/:photoId',
  chats: '/rest/messages',
  organizationChat: '/rest/messages/organization/:applicantId',
  organizationChatPolling: '/rest/messages/organization/:applicantId/polling',
  sendMessage: '/rest/messages/:applicantId',
  /** POST `{ seq }`: this user has read the chat up to seq (ADR 0040). */
  organizationChatRead: '/rest/messages/organization/:applicantId/read',
  /** Unread counts of the signed-in organisation user (ADR 0040): GET ?since= (204 when unchanged). */
  unread: '/rest/unread',
  /** POST: this user has seen the organisation's matchings (Anfragen) up to now. */
  unreadMatchingsSeen: '/rest/unread/matchings/seen',
  /** Link in notification mails: turns them off without signing in. */
  notificationsUnsubscribe: '/rest/notifications/unsubscribe',
  // marketplace: candidate side (mobile app, Bearer token)
  applicantSignup: '/rest/applicant/signup',
  applicantProfile: '/rest/applicant/profile',
  /** POST: change the password (current one required); answers a new Bearer token, every other session ends. */
  applicantPassword: '/rest/applicant/account/password',
  /** DELETE with `{ currentPassword }`: the account and everything of it, for good. */
  applicantAccount: '/rest/applicant/account',
  applicantProfilePhotos: '/rest/applicant/profile/photos',
  applicantProfilePhoto: '/rest/applicant/profile/photos/:photoId',
  applicantVacancies: '/rest/applicant/vacancies',
  applicantVacancy: '/rest/applicant/vacancies/:id',
  applicantVacancyPhoto: '/rest/applicant/vacancies/:id/photos/:photoId',
  applicantMatchings: '/rest/applicant/matchings',
  applicantMatching: '/rest/applicant/matchings/:vacancyId',
  applicantChats: '/rest/applicant/chats',
  applicantChat: '/rest/applicant/chats/:organizationId',
  applicantChatPolling: '/rest/applicant/chats/:organizationId/polling',
  applicantChatMessages: '/rest/applicant/chats/:organizationId/messages',
  /** POST `{ seq }`: the candidate has read the chat up to seq ("gelesen" for the organisation). */
  applicantChatRead: '/rest/applicant/chats/:organizationId/read',
  /** The candidate's unread counts: GET ?since= (204 when unchanged). */
  applicantUnread: '/rest/applicant/unread',
  /** POST: the candidate has seen the decisions on its matchings up to now. */
  applicantMatchingsSeen: '/rest/applicant/matchings/seen',
  // age and parental consent (issue 46 item 1, helper A, ADR 0097)
  /** GET: the candidate's consent status; POST `{ parentEmail }`: the mail to the parent again / to a new address. */
  applicantParentalConsent: '/rest/applicant/parental-consent',
  /** Public HTML page from the parent's mail (`?token=`): GET shows, POST `decision=confirm|decline|revoke`. */
  parentalConsentPage: '/einwilligung',
  // safeguarding (issue 46 item 6, ADR 0101): reports and ending contact
  /** POST: the candidate reports a posting, a company or a chat. */
  applicantReports: '/rest/applicant/reports',
  /** POST: the candidate ends contact with a company (chat closed for both sides, no new matchings). */
  applicantChatEnd: '/rest/applicant/chats/:organizationId/end',
  /** Partners (their regions) and administrators: the reports queue, one report, its status. */
  reports: '/rest/reports',
  report: '/rest/reports/:id',
  reportStatus: '/rest/reports/:id/status',
  // candidate notifications (issue 46 item 2, helper B): Web Push per device, settings, mail unsubscribe
  /** POST (upsert by endpoint) / DELETE `{ endpoint }`: this device's Web Push subscription. */
  applicantPushSubscriptions: '/rest/applicant/push-subscriptions',
  /** GET: the VAPID public key for `pushManager.subscribe`. */
  applicantPushConfig: '/rest/applicant/push-config',
  /** GET/PUT: push and e-mail per kind, quiet hours. */
  applicantNotificationSettings: '/rest/applicant/notification-settings',
  /** Link in the candidate's fallback mails: turns one kind of mail off without signing in. */
  candidateNotificationsUnsubscribe: '/rest/applicant-notifications/unsubscribe',
  /** Candidate feed and "nicht interessiert" (issue 46 item 4, ADR 0100). */
  applicantFeed: '/rest/applicant/feed',
  applicantDismissal: '/rest/applicant/dismissals/:vacancyId',
  // candidate's data and legal texts (issue 46 item 9, helper E, ADR 0102)
  /** GET: everything about the signed-in candidate as a ZIP (JSON + photos; Art. 15/20 DSGVO). */
  applicantExport: '/rest/applicant/export',
  /** GET: which versions of the candidate texts the candidate accepted and which are due. */
  applicantLegal: '/rest/applicant/legal',
  /** POST: the candidate accepts the current versions of the due texts. */
  applicantLegalAcceptances: '/rest/applicant/legal/acceptances',
  /** GET, public: the current candidate privacy statement and terms (plain language). */
  publicCandidateLegal: '/rest/public/legal/candidate',
  /** Audit log (issue #10): per organisation, per user, and the whole log. */
  organizationAudit: '/rest/organization/:id/audit',
  userAudit: '/rest/users/:userId/audit',
  audit: '/rest/audit',
  /** Team of an organisation and invitations (issue #10). */
  organizationTeam: '/rest/organization/:id/team',
  organizationTeamInvitations: '/rest/organization/:id/team/invitations',
  organizationTeamInvitation: '/rest/organization/:id/team/invitations/:invitationId',
  organizationTeamMember: '/rest/organization/:id/team/members/:userId',
  /** Public: the mailed invitation link's token. */
  invitation: '/rest/invitations/:token',
  invitationAccept: '/rest/invitations/:token/accept',
  /** Statistics (issue #11): dashboard, per-organisation table and its CSV. */
  statistics: '/rest/statistics',
  statisticsOrganizations: '/rest/statistics/organizations',
  statisticsOrganizationsExport: '/rest/statistics/organizations/export',
  /** Student statistics (partners of SINDELFINGEN). */
  studentStatistics: '/rest/student-statistics',
  /** Orders and products (admins; partners of SINDELFINGEN for orders). */
  products: '/rest/products',
  product: '/rest/products/:id',
  orders: '/rest/orders',
  order: '/rest/orders/:id',
  orderStatus: '/rest/orders/:id/status',
  ordersExport: '/rest/orders/export',
  /** Feedback (help page): POST for every signed-in web user; GET list and status for admins (ADR 0036). */
  feedback: '/rest/feedback',
  feedbackStatus: '/rest/feedback/:id/status',
  feedbackScreenshot: '/rest/feedback/:id/screenshot',
  /** Public marketplace (issue #13): no session, cacheable, only public fields (docs/public-pages.md). */
  publicVacancies: '/rest/public/vacancies',
  publicVacancy: '/rest/public/vacancies/:id',
  publicVacancyPhoto: '/rest/public/vacancies/:id/photos/:photoId',
  publicOrganizationLogo: '/rest/public/organizations/:id/logo',
  /** Data protection (issue #14): retention periods (admins) and an organisation's ZIP export. */
  retentionSettings: '/rest/admin/retention-settings',
  /** Account mails that failed after every retry (issue 49 item 6, ADR 0119): admins list and resend them. */
  failedMails: '/rest/admin/failed-mails',
  failedMailResend: '/rest/admin/failed-mails/:id/resend',
  organizationExport: '/rest/organization/:id/export',
  config: '/rest/config',
  health: '/rest/health',
  ready: '/rest/ready',
  demoOutbox: '/rest/demo/outbox',
  openapi: '/rest/openapi.json',
  docs: '/rest/docs',
} as const;

/** The demo-only page listing mails when no SMTP server is configured (served by the API). */
export const DEMO_OUTBOX_PAGE = '/demo/postfach';

/** Fills `:name` parameters of an API path, e.g. `apiPath(API_PATHS.vacancy, { id })`. */
export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (match, name: string) =>
    name in params ? encodeURIComponent(params[name]!) : match,
  );
}
