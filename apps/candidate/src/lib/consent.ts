/**
 * The parental consent of a candidate under 16 (ADR 0097) as the app shows it: whether an action
 * is blocked, the notice in plain words, the state in the settings. Pure, so it is tested without
 * a browser; the state itself comes with the session (lib/session.ts). The server's 403 stays the
 * rule: this only spares the pupil the refused tap.
 */
import {
  CANDIDATE_AGE_MESSAGES,
  PARENTAL_CONSENT_STATUS_LABELS,
  type ConsentBlockedAction,
  type CurrentUserConsent,
  type ParentalConsent,
  type ParentalConsentStatus,
} from '@matchwerk/shared';
import { dayText } from './format';

/** The id of the notice on a screen; the blocked buttons point at it with aria-describedby. */
export const CONSENT_NOTICE_ID = 'consent-notice';

/** The server's own words for each state (packages/shared), for an answer without a message. */
const FALLBACK_MESSAGES: Record<ParentalConsentStatus, string> = {
  NOT_REQUIRED: '',
  CONFIRMED: '',
  PENDING: CANDIDATE_AGE_MESSAGES.consentMissing,
  DECLINED: CANDIDATE_AGE_MESSAGES.consentDeclined,
  REVOKED: CANDIDATE_AGE_MESSAGES.consentRevoked,
};

/**
 * Whether the consent blocks `action`. Unknown (null: not loaded, offline, not a candidate)
 * blocks nothing: the server decides then.
 */
export function consentBlocks(consent: CurrentUserConsent | null, action: ConsentBlockedAction): boolean {
  if (!consent || consent.mayContact) return false;
  // An older answer without the list: mayContact false blocks both.
  return consent.blockedActions.length === 0 || consent.blockedActions.includes(action);
}

/** The notice for a blocked action: the server's words, else ours; null when nothing is blocked. */
export function consentNotice(consent: CurrentUserConsent | null, action: ConsentBlockedAction): string | null {
  if (!consent || !consentBlocks(consent, action)) return null;
  return consent.message?.trim() || FALLBACK_MESSAGES[consent.status] || FALLBACK_MESSAGES.PENDING;
}

/** Whether the settings show the consent section: only for candidates who need a parent's consent. */
export function showsConsentSection(consent: CurrentUserConsent | null): boolean {
  return consent !== null && consent.status !== 'NOT_REQUIRED';
}

/** Whether the mail to the parent can go out again (the API refuses it after a confirmation and from 16). */
export function mayResend(status: ParentalConsentStatus): boolean {
  return status === 'PENDING' || status === 'DECLINED' || status === 'REVOKED';
}

/** The state in words, with the day it changed when known. */
export function consentStatusText(consent: Pick<ParentalConsent, 'status' | 'requestedAt' | 'decidedAt'>): string {
  const label = PARENTAL_CONSENT_STATUS_LABELS[consent.status];
  if (consent.status === 'PENDING')
    return consent.requestedAt ? `${label}. Die E-Mail ging am ${dayText(consent.requestedAt)} raus.` : `${label}.`;
  if (consent.decidedAt && consent.status !== 'NOT_REQUIRED') return `${label} (am ${dayText(consent.decidedAt)}).`;
  return `${label}.`;
}

/** Two consent answers that show the same (a refresh that changes nothing re-renders nothing). */
export function sameConsent(a: CurrentUserConsent | null, b: CurrentUserConsent | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.status === b.status &&
    a.mayContact === b.mayContact &&
    a.message === b.message &&
    a.blockedActions.join() === b.blockedActions.join()
  );
}
