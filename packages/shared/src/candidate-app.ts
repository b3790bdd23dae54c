/**
 * The candidate app (`apps/candidate`, served at `/app/`; issue 46 item 3, issue 47): its hash
 * routes, shared by the app's router and the API's mails, so a mail never links to a screen the
 * app does not have. Paths are German like the screens; a route's query parameters are listed
 * with it. Mails to candidates (user type APPLICANT) link here, never to the employer web app.
 */

/** Where the app is served, relative to the public URL (scope and start_url of its manifest). */
export const CANDIDATE_APP_BASE_PATH = '/app/';

export const CANDIDATE_APP_ROUTES = {
  /** Postings to discover (also signed out). */
  discover: '/entdecken',
  /** One posting (also signed out; the public pages' "Interesse zeigen" lands here): `:postingId`. */
  posting: '/stelle/:postingId',
  signIn: '/anmelden',
  signUp: '/registrieren',
  /** E-mail address confirmed by the link of the sign-up or change mail: `?token=`. */
  emailConfirmed: '/bestaetigt',
  /** Set a new password with the link of the reset mail: `?token=&email=`. */
  resetPassword: '/passwort',
  /** Confirm an e-mail change (first step, mail to the old address): `?token=`. */
  confirmEmailChange: '/email-aendern',
  /** Undo an e-mail change (mail to the old address afterwards): `?token=`. */
  recoverEmail: '/email-zurueck',
  /** Unlock sign-in after many failed attempts: `?token=`. */
  unlockSignIn: '/entsperren',
  /** The candidate's own requests (matchings). */
  matchings: '/anfragen',
  chats: '/nachrichten',
  /** One chat: `:organizationId`. */
  chat: '/nachrichten/:organizationId',
  profile: '/profil',
  settings: '/einstellungen',
  /** The candidate's privacy statement and terms; accepting a new version. */
  legal: '/rechtliches',
  /** Feedback and help. */
  help: '/hilfe',
} as const;

export type CandidateAppRoute = keyof typeof CANDIDATE_APP_ROUTES;

/** The auth actions a mail link starts, and the app screen each opens. */
export const CANDIDATE_AUTH_ACTION_ROUTES = {
  verifyEmail: 'emailConfirmed',
  resetPassword: 'resetPassword',
  confirmEmailChange: 'confirmEmailChange',
  recoverEmail: 'recoverEmail',
  unlockSignIn: 'unlockSignIn',
} as const satisfies Record<string, CandidateAppRoute>;

export type CandidateAuthAction = keyof typeof CANDIDATE_AUTH_ACTION_ROUTES;

/**
 * Absolute URL of an app screen: `https://host/app/#/bestaetigt?token=…`. `:name` placeholders
 * are filled from `params` (URL-encoded); `query` becomes the hash's query string (after the
 * `#`, so a token in it is never sent to the server by the browser).
 */
export function candidateAppUrl(
  publicUrl: string,
  route: CandidateAppRoute,
  options: { params?: Record<string, string>; query?: Record<string, string | undefined> } = {},
): string {
  const path = CANDIDATE_APP_ROUTES[route].replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`candidateAppUrl: parameter ${name} missing for ${route}`);
    return encodeURIComponent(value);
  });
  const query = Object.entries(options.query ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${publicUrl.replace(/\/+$/, '')}${CANDIDATE_APP_BASE_PATH}#${path}${query ? `?${query}` : ''}`;
}

/**
 * Same-origin path of an app screen (`/app/#/stelle/<id>`), for the links of the public pages, the
 * job widget and the web app, which are served by the same server as the app.
 */
export function candidateAppPath(
  route: CandidateAppRoute,
  options: { params?: Record<string, string>; query?: Record<string, string | undefined> } = {},
): string {
  return candidateAppUrl('', route, options);
}
