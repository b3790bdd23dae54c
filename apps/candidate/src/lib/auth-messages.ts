/**
 * The sign-in server's error codes in the app's German ("du"): the shared AUTH_PROVIDER_MESSAGES
 * address employers with "Sie"; the codes and their mapping (authProviderCodeFor) are shared.
 */
import { authProviderCodeFor, type AuthProviderCode } from '@matchwerk/shared';
import { ApiError } from './api';

const DU_MESSAGES: Record<AuthProviderCode, string> = {
  'invalid-credential': 'E-Mail-Adresse oder Passwort stimmt nicht.',
  'wrong-password': 'E-Mail-Adresse oder Passwort stimmt nicht.',
  'user-not-found': 'E-Mail-Adresse oder Passwort stimmt nicht.',
  'email-already-in-use': 'Mit dieser E-Mail-Adresse gibt es schon ein Konto.',
  'too-many-requests': 'Zu viele Versuche. Warte ein paar Minuten und versuch es dann nochmal.',
  'user-disabled': 'Dein Konto ist gesperrt. Schreib uns, wenn du nicht weißt, warum.',
  'network-request-failed': 'Keine Verbindung. Prüfe dein Internet.',
  'weak-password': 'Dieses Passwort ist zu leicht zu erraten. Nimm bitte ein anderes.',
  'invalid-token': 'Der Link ist ungültig oder abgelaufen. Fordere bitte einen neuen an.',
  'email-not-verified':
    'Du hast deine E-Mail-Adresse noch nicht bestätigt. Klick auf den Link in der Mail, die wir dir geschickt haben.',
  unknown: 'Da ist etwas schiefgelaufen. Bitte versuch es nochmal.',
};

/** A German ("du") message for an error of the sign-in server; other API errors keep theirs. */
export function authMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DU_MESSAGES.unknown;
  if (error.offline) return error.message;
  const code = authProviderCodeFor(error.code ?? undefined, error.status);
  return code === 'unknown' && error.status < 500 && error.code === 'VALIDATION_FAILED'
    ? error.message
    : DU_MESSAGES[code];
}
