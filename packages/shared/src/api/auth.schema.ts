import { z } from 'zod';
import { PASSWORD_LENGTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { regionSchema } from './enums.schema';

export const emailSchema = z
  .string({ error: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' })
  .trim()
  .min(1, 'Bitte geben Sie Ihre E-Mail-Adresse ein.')
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }))
  .transform((value) => value.toLowerCase());

/**
 * Password policy (NIST SP 800-63B): length only, no composition rules. The server also
 * refuses the most common passwords.
 */
export const passwordSchema = z
  .string({ error: 'Bitte geben Sie ein Passwort ein.' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_LENGTH_MESSAGES.tooLong);

/** The password typed at sign-in or as "current password": only present, never policy-checked. */
export const currentPasswordSchema = z
  .string({ error: 'Bitte geben Sie Ihr Passwort ein.' })
  .min(1, 'Bitte geben Sie Ihr Passwort ein.')
  .max(PASSWORD_MAX_LENGTH, 'Das Passwort ist zu lang.');

const personNameSchema = z
  .string({ error: 'Bitte geben Sie Ihren Namen ein.' })
  .trim()
  .min(1, 'Bitte geben Sie Ihren Namen ein.')
  .max(120, 'Der Name darf höchstens 120 Zeichen lang sein.');

export const companyNameSchema = z
  .string({ error: 'Bitte geben Sie den Namen Ihres Unternehmens ein.' })
  .trim()
  .min(2, 'Bitte geben Sie den Namen Ihres Unternehmens ein.')
  .max(160, 'Der Name darf höchstens 160 Zeichen lang sein.');

/** POST /rest/auth/sign-in/email (handled by the auth server). */
export const signInRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  /** "angemeldet bleiben": persistent cookie when true, browser-session cookie when false. */
  rememberMe: z.boolean().default(false),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/**
 * POST /rest/organization/signup. The spec's payload (companyName, termsAndConditionsChecked,
 * userName, region) plus e-mail and password: the server creates the account, the organisation
 * and its user in one step (ADR 0004), so the spec's `userId` is returned instead of sent.
 */
export const signupRequestSchema = z.object({
  companyName: companyNameSchema,
  userName: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  region: regionSchema,
  termsAndConditionsChecked: z.literal(true, {
    error: 'Bitte stimmen Sie den Nutzungsbedingungen und der Datenschutzerklärung zu.',
  }),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** Same answer whether or not the address was new, so sign-up reveals no accounts. */
export const signupResponseSchema = z.object({ status: z.literal('VERIFICATION_SENT') });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** POST /rest/organization/resend-signup-confirmation */
export const resendSignupConfirmationRequestSchema = z.object({ email: emailSchema });
export type ResendSignupConfirmationRequest = z.infer<typeof resendSignupConfirmationRequestSchema>;

/** POST /rest/auth/request-password-reset (auth server). */
export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

/** POST /rest/auth/reset-password (auth server); the form also asks for a repetition. */
export const resetPasswordSchema = z.object({ token: z.string().min(1), newPassword: passwordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/**
 * GET /rest/auth-actions/reset-password/status?token=…: whether a mailed reset link still works,
 * asked when the link is opened. Read-only: the token stays usable for the reset itself.
 */
export const resetPasswordStatusQuerySchema = z.object({ token: z.string().min(1).max(512) });
export type ResetPasswordStatusQuery = z.infer<typeof resetPasswordStatusQuerySchema>;
/** `valid: false` for used, expired and unknown tokens alike. */
export const resetPasswordStatusSchema = z.object({ valid: z.boolean() });
export type ResetPasswordStatus = z.infer<typeof resetPasswordStatusSchema>;

/** Messages of the password forms that the server and the web app both show (issue #14). */
export const PASSWORD_MESSAGES = {
  sameAsCurrent: 'Das neue Passwort muss sich von Ihrem bisherigen Passwort unterscheiden.',
  resetLinkUsed: 'Dieser Link wurde bereits verwendet oder ist abgelaufen.',
} as const;

/** The fields of a password change, without the rule between them (forms extend these). */
export const changePasswordFieldsSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});

/** The new password must not be the current one: reported on `newPassword`. */
export function newPasswordDiffers(value: { currentPassword: string; newPassword: string }): boolean {
  return value.newPassword !== value.currentPassword;
}

/** POST /rest/users/change-password */
export const changePasswordRequestSchema = changePasswordFieldsSchema.refine(newPasswordDiffers, {
  path: ['newPassword'],
  error: PASSWORD_MESSAGES.sameAsCurrent,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * Answer of POST /rest/users/change-password: every session was revoked and a new one opened;
 * `token` is its Bearer token for Bearer callers (the candidate app); cookie callers get a renewed
 * session cookie and `token: null` (the HttpOnly cookie's token is never readable by scripts).
 */
export const changePasswordResponseSchema = z.object({ ok: z.literal(true), token: z.string().nullable() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** POST /rest/users/change-email: a confirmation goes to the current address first. */
export const changeEmailRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newEmail: emailSchema,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** POST /rest/users/recover-email: undoes an e-mail change from the link sent to the old address. */
export const recoverEmailRequestSchema = z.object({ token: z.string().min(1).max(512) });
export type RecoverEmailRequest = z.infer<typeof recoverEmailRequestSchema>;

/** POST /rest/users/sign-in-unlock: mails an unlock link (same answer for unknown addresses). */
export const signInUnlockRequestSchema = z.object({ email: emailSchema });
export type SignInUnlockRequest = z.infer<typeof signInUnlockRequestSchema>;

/** POST /rest/users/sign-in-unlock/confirm: the token of that link; trusts this browser for the account. */
export const signInUnlockConfirmSchema = z.object({ token: z.string().min(1).max(512) });
export type SignInUnlockConfirm = z.infer<typeof signInUnlockConfirmSchema>;

/**
 * POST /rest/users/accept-terms-and-data-protection: the documents the user agrees to. Every
 * document that is due (current-user `legalDue`) must be agreed to; the others may be left out
 * (ADR 0037: a new version of one document asks only for that one).
 */
export const acceptTermsRequestSchema = z.object({
  privacyStatementAccepted: z.boolean().optional(),
  termsAndConditionsAccepted: z.boolean().optional(),
});
export type AcceptTermsRequest = z.infer<typeof acceptTermsRequestSchema>;

/** A plain acknowledgement for calls that have nothing else to say. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** The `mode` query parameter of /authaction links in mails. */
export const AUTH_ACTION_MODES = [
  'verifyEmail',
  'resetPassword',
  'recoverEmail',
  'confirmEmailChange',
  'unlockSignIn',
  'invite',
] as const;
export type AuthActionMode = (typeof AUTH_ACTION_MODES)[number];

/*
 * Answers of the better-auth endpoints the app exposes below /rest/auth (PUBLIC_AUTH_ENDPOINTS in
 * apps/api): better-auth owns their shape, so the fields the apps read are listed and more may
 * follow. The OpenAPI document describes these endpoints with these schemas (ADR 0123).
 */
const authUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});
/** A session as better-auth lists it; its `token` is removed before it leaves the server. */
const authSessionSchema = z.looseObject({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
});

/** POST /rest/auth/sign-in/email: `token` is the Bearer token (the candidate app); browsers use the cookie. */
export const signInResponseSchema = z.looseObject({ redirect: z.boolean(), token: z.string(), user: authUserSchema });
/** GET /rest/auth/get-session: the session and its user, or null when signed out. */
export const sessionResponseSchema = z.object({ session: authSessionSchema, user: authUserSchema }).nullable();
/** GET /rest/auth/list-sessions: the user's sessions, without their tokens. */
export const sessionListResponseSchema = z.array(authSessionSchema);
/** POST /rest/auth/sign-out */
export const signOutResponseSchema = z.looseObject({ success: z.boolean() });
/** Answer of request-password-reset, reset-password, verify-email and the revocations. */
export const authStatusResponseSchema = z.looseObject({ status: z.boolean() });
/** GET /rest/auth/verify-email?token=… (the token of the mailed link; callbackURL → 302 there). */
export const verifyEmailQuerySchema = z.object({ token: z.string().min(1), callbackURL: z.string().optional() });
/** POST /rest/auth/revoke-session: the session's token (as returned at sign-in). */
export const revokeSessionRequestSchema = z.object({ token: z.string().min(1) });
