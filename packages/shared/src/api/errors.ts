/**
 * Every error the API answers with has one of these codes; the API maps each to an HTTP
 * status, and the German message below is what users read.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  /** Current password typed for a change of password or e-mail is wrong. */
  INVALID_PASSWORD: 400,
  /** New password is one of the most common passwords or equals the e-mail address. */
  PASSWORD_COMPROMISED: 400,
  /** An e-mail action link (verify, reset, recover) is invalid or expired. */
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  APPLICANT_NOT_ALLOWED: 403,
  /** Sign-in of a user an administrator or partner disabled. */
  ACCOUNT_DISABLED: 403,
  LEGAL_NOT_SIGNED: 403,
  FORBIDDEN: 403,
  /** A candidate under 16 whose parent has not confirmed (yet), declined or revoked: no interest, no chat (ADR 0097). */
  PARENTAL_CONSENT_REQUIRED: 403,
  /** A candidate younger than a posting's minimum age (ADR 0096). */
  TOO_YOUNG_FOR_POSTING: 403,
  /** A cookie-authenticated state-changing request that did not come from the app's own origin (CSRF). */
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  /** The path exists, but not with this method; the answer's `Allow` header names the ones it has. */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A conditional write (If-Match) was based on an older version of the record: nothing was written. */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  /** A path segment or the URL is longer than any valid one. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** Sign-in refused by the sign-in protection (too many failures); the owner can ask for an unlock link. */
  SIGN_IN_THROTTLED: 429,
  /** More chat messages per minute than allowed. */
  CHAT_RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The database does not answer (restart, failover): nothing was done; try again (Retry-After). Issue 49. */
  DATABASE_UNAVAILABLE: 503,
  /** The image store (S3 bucket or disk) does not answer: images cannot be stored or shown right now. Issue 49. */
  IMAGE_STORAGE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Die Eingaben sind unvollständig oder ungültig. Bitte prüfen Sie die markierten Felder.',
  INVALID_PASSWORD: 'Das aktuelle Passwort ist nicht korrekt.',
  PASSWORD_COMPROMISED:
    'Dieses Passwort ist zu leicht zu erraten oder entspricht Ihrer E-Mail-Adresse. Bitte wählen Sie ein anderes.',
  INVALID_TOKEN: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  EMAIL_NOT_VERIFIED:
    'Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte klicken Sie auf den Link in der Bestätigungs-E-Mail.',
  APPLICANT_NOT_ALLOWED:
    'Diese Anwendung ist für Arbeitgeber. Als Bewerberin oder Bewerber nutzen Sie bitte die Matchwerk-App auf Ihrem Smartphone.',
  ACCOUNT_DISABLED:
    'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an Ihren Regionalpartner oder an den Matchwerk-Support.',
  LEGAL_NOT_SIGNED: 'Bitte stimmen Sie zuerst der Datenschutzerklärung und den Nutzungsbedingungen zu.',
  FORBIDDEN: 'Sie haben keine Berechtigung für diese Aktion.',
  PARENTAL_CONSENT_REQUIRED: 'Deine Eltern müssen noch zustimmen, bevor du Interesse zeigen oder chatten kannst.',
  TOO_YOUNG_FOR_POSTING: 'Für diese Stelle bist du noch zu jung.',
  CROSS_SITE_REQUEST:
    'Diese Anfrage kam nicht von der Matchwerk-Seite und wurde deshalb abgelehnt. Bitte öffnen Sie Matchwerk direkt und versuchen Sie es dort erneut.',
  NOT_FOUND: 'Der Eintrag wurde nicht gefunden.',
  METHOD_NOT_ALLOWED: 'Diese Schnittstelle kann so nicht aufgerufen werden (andere HTTP-Methode erwartet).',
  CONFLICT: 'Der Eintrag wurde inzwischen geändert oder existiert bereits.',
  PRECONDITION_FAILED:
    'Der Eintrag wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert. Bitte laden Sie die aktuelle Fassung und übernehmen Sie Ihre Änderungen erneut.',
  PAYLOAD_TOO_LARGE: 'Die Datei oder Anfrage ist zu groß.',
  URI_TOO_LONG: 'Die aufgerufene Adresse ist zu lang.',
  UNSUPPORTED_MEDIA_TYPE: 'Dieses Format wird nicht unterstützt.',
  RATE_LIMITED: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  SIGN_IN_THROTTLED:
    'Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Aus Sicherheitsgründen ist die Anmeldung vorübergehend gesperrt. Wir können Ihnen einen Entsperr-Link per E-Mail senden; Sie können auch Ihr Passwort zurücksetzen.',
  CHAT_RATE_LIMITED:
    'Sie haben in kurzer Zeit sehr viele Nachrichten gesendet. Bitte warten Sie einen Moment, bevor Sie die nächste Nachricht senden.',
  INTERNAL: 'Es ist ein interner Fehler aufgetreten.',
  SERVICE_UNAVAILABLE: 'Der Dienst ist vorübergehend nicht erreichbar.',
  DATABASE_UNAVAILABLE:
    'Matchwerk ist gerade kurz nicht erreichbar, es wurde nichts gespeichert. Bitte versuchen Sie es in einer Minute erneut.',
  IMAGE_STORAGE_UNAVAILABLE:
    'Bilder können gerade nicht gespeichert werden. Bitte versuchen Sie es in ein paar Minuten erneut.',
};

/**
 * Sign-in provider codes named in spec §8, with the German messages the web app shows.
 * `authProviderCodeFor` maps the auth server's codes onto them.
 */
export const AUTH_PROVIDER_MESSAGES = {
  'invalid-credential': 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
  'wrong-password': 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
  'user-not-found': 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
  'email-already-in-use': 'Mit dieser E-Mail-Adresse besteht bereits ein Konto.',
  'too-many-requests': 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  'user-disabled':
    'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an Ihren Regionalpartner oder an den Matchwerk-Support.',
  'network-request-failed': 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
  'weak-password': 'Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein anderes.',
  'invalid-token': 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  'email-not-verified': 'Ihre E-Mail-Adresse ist noch nicht bestätigt.',
  unknown: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
} as const;
export type AuthProviderCode = keyof typeof AUTH_PROVIDER_MESSAGES;

const AUTH_SERVER_CODES: Record<string, AuthProviderCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_PASSWORD: 'wrong-password',
  USER_NOT_FOUND: 'user-not-found',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  TOO_MANY_REQUESTS: 'too-many-requests',
  RATE_LIMITED: 'too-many-requests',
  SIGN_IN_THROTTLED: 'too-many-requests',
  USER_BANNED: 'user-disabled',
  ACCOUNT_DISABLED: 'user-disabled',
  PASSWORD_COMPROMISED: 'weak-password',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  INVALID_TOKEN: 'invalid-token',
  TOKEN_EXPIRED: 'invalid-token',
  EMAIL_NOT_VERIFIED: 'email-not-verified',
};

/** Maps an auth server error code (or HTTP 429) to a provider code of spec §8. */
export function authProviderCodeFor(serverCode: string | undefined, status?: number): AuthProviderCode {
  if (status === 429) return 'too-many-requests';
  if (serverCode && serverCode in AUTH_SERVER_CODES) return AUTH_SERVER_CODES[serverCode] ?? 'unknown';
  return 'unknown';
}

/** Texts of spec §8 that the web app shows, with `{email}` for the configured support address. */
export const UI_MESSAGES = {
  genericError:
    'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut. Wenn das öfter passiert, wenden Sie sich bitte an unseren Support unter {email}.',
  passwordResetSent:
    'Falls ein Konto zu dieser E-Mail-Adresse besteht, senden wir Ihnen in Kürze einen Link zum Zurücksetzen Ihres Passworts. Bei Problemen wenden Sie sich bitte an {email}.',
  passwordResetFailed:
    'Es ist ein Fehler aufgetreten. Bitte prüfen Sie die E-Mail-Adresse und versuchen Sie es erneut. Sonst wenden Sie sich bitte an {email}.',
  signupCheckMail:
    'Fast geschafft! Wir haben Ihnen eine E-Mail mit einem Bestätigungslink geschickt. Bitte bestätigen Sie Ihre E-Mail-Adresse und melden Sie sich dann an.',
  signupRelease:
    'Danach prüft der Regionalpartner Ihrer Region Ihr Unternehmen und schaltet es frei. Bis dahin können Sie Ihr Profil pflegen und Stellenanzeigen vorbereiten; Bewerberinnen und Bewerber sehen sie erst nach der Freischaltung. Sobald Ihr Unternehmen freigeschaltet ist, bekommen Sie eine E-Mail.',
  emailNotVerified:
    'Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte klicken Sie auf den Link in der Bestätigungs-E-Mail. Keine E-Mail erhalten? Wir senden sie Ihnen gern erneut.',
  verificationResent:
    'Falls zu dieser Adresse ein unbestätigtes Konto besteht, haben wir die Bestätigungs-E-Mail erneut gesendet.',
  signInUnlockSent:
    'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Entsperr-Link geschickt. Öffnen Sie ihn in diesem Browser und melden Sie sich dann an.',
  signInUnlocked: 'Dieser Browser ist für Ihr Konto freigeschaltet. Sie können sich jetzt mit Ihrem Passwort anmelden.',
  applicantRefused: ERROR_MESSAGES.APPLICANT_NOT_ALLOWED,
  noPermission: 'Keine Berechtigung: Diese Seite steht Ihrer Rolle nicht zur Verfügung.',
} as const;

/** Fills `{email}` (and other `{key}` placeholders) in a UI message. */
export function formatMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
