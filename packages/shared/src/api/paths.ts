/** REST paths served by the API and called by the web app, defined once. */
export const API_PATHS = {
  auth: '/rest/auth',
  signIn: '/rest/auth/sign-in/email',
  signOut: '/rest/auth/sign-out',
  verifyEmail: '/rest/auth/verify-email',
  requestPasswordReset: '/rest/auth/request-password-reset',
  resetPassword: '/rest/auth/reset-password',
  currentUser: '/rest/users/current-user',
  acceptTerms: '/rest/users/accept-terms-and-data-protection',
  changePassword: '/rest/users/change-password',
  changeEmail: '/rest/users/change-email',
  recoverEmail: '/rest/users/recover-email',
  signup: '/rest/organization/signup',
  resendSignupConfirmation: '/rest/organization/resend-signup-confirmation',
  config: '/rest/config',
  health: '/rest/health',
  ready: '/rest/ready',
  demoOutbox: '/rest/demo/outbox',
  openapi: '/rest/openapi.json',
  docs: '/rest/docs',
} as const;

/** The demo-only page listing mails when no SMTP server is configured (served by the API). */
export const DEMO_OUTBOX_PAGE = '/demo/postfach';
