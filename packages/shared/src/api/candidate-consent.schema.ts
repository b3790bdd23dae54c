/**
 * Birth date and parental consent of candidates (issue 46 item 1, ADR 0096 and 0097).
 */
import { z } from 'zod';
import { ageOn, CANDIDATE_AGE_MESSAGES, CANDIDATE_MAXIMUM_AGE, PARENTAL_CONSENT_AGE } from '../candidate-age';
import { berlinToday } from '../statistics-period';
import { emailSchema } from './auth.schema';
import { INVALID_DATE_MESSAGE } from './input-rules';

/**
 * A birth date: a real calendar day (`YYYY-MM-DD`), not in the future, at most 99 years ago.
 * The minimum age depends on the operator's setting and is checked by the API.
 */
export const birthDateSchema = z
  .string({ error: CANDIDATE_AGE_MESSAGES.missing })
  .trim()
  .min(1, CANDIDATE_AGE_MESSAGES.missing)
  .refine((value) => z.iso.date().safeParse(value).success, INVALID_DATE_MESSAGE)
  .refine((value) => !z.iso.date().safeParse(value).success || value <= berlinToday(), CANDIDATE_AGE_MESSAGES.inFuture)
  .refine(
    (value) => !z.iso.date().safeParse(value).success || ageOn(value, berlinToday()) <= CANDIDATE_MAXIMUM_AGE,
    CANDIDATE_AGE_MESSAGES.tooOld,
  )
  .describe('Geburtsdatum (JJJJ-MM-TT); Arbeitgeber sehen nur das Alter in Jahren');

export const PARENTAL_CONSENT_STATUSES = ['NOT_REQUIRED', 'PENDING', 'CONFIRMED', 'DECLINED', 'REVOKED'] as const;
export type ParentalConsentStatus = (typeof PARENTAL_CONSENT_STATUSES)[number];

export const PARENTAL_CONSENT_STATUS_LABELS: Record<ParentalConsentStatus, string> = {
  NOT_REQUIRED: 'Nicht nötig (ab 16)',
  PENDING: 'Deine Eltern haben noch nicht zugestimmt',
  CONFIRMED: 'Deine Eltern haben zugestimmt',
  DECLINED: 'Deine Eltern haben abgelehnt',
  REVOKED: 'Deine Eltern haben ihre Zustimmung zurückgenommen',
};

/** The candidate's own view of the consent (GET /rest/applicant/parental-consent, and in the profile). */
export const parentalConsentSchema = z.object({
  status: z.enum(PARENTAL_CONSENT_STATUSES),
  /** Whether the candidate may express interest and chat (false until a parent confirmed, when one must). */
  mayContact: z.boolean(),
  /** The parent's address the mail went to; null when no consent is needed. */
  parentEmail: z.string().nullable(),
  /** When the last mail to the parent was sent. */
  requestedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the parent confirmed, declined or revoked. */
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why contact is not possible yet (German, "du"); null when it is. */
  message: z.string().nullable(),
});
export type ParentalConsent = z.infer<typeof parentalConsentSchema>;

/** What a candidate cannot do until a parent confirmed (ADR 0097): express interest, chat. */
export const CONSENT_BLOCKED_ACTIONS = ['INTEREST', 'CHAT'] as const;
export type ConsentBlockedAction = (typeof CONSENT_BLOCKED_ACTIONS)[number];

/**
 * The consent in the current-user answer (candidates only): the state and what it blocks, so the
 * app can show it without a second request. The parent's address and dates are in
 * GET /rest/applicant/parental-consent.
 */
export const currentUserConsentSchema = z.object({
  status: z.enum(PARENTAL_CONSENT_STATUSES),
  /** Whether the candidate may express interest and chat. */
  mayContact: z.boolean(),
  /** What is blocked until a parent confirms; empty when nothing is. */
  blockedActions: z.array(z.enum(CONSENT_BLOCKED_ACTIONS)),
  /** Why (German, "du"); null when nothing is blocked. */
  message: z.string().nullable(),
});
export type CurrentUserConsent = z.infer<typeof currentUserConsentSchema>;

/** The stored states of a consent row (NOT_REQUIRED is never stored: it follows from the age). */
export type StoredParentalConsentStatus = Exclude<ParentalConsentStatus, 'NOT_REQUIRED'>;

const CONSENT_MESSAGES: Record<ParentalConsentStatus, string | null> = {
  NOT_REQUIRED: null,
  PENDING: CANDIDATE_AGE_MESSAGES.consentMissing,
  CONFIRMED: null,
  DECLINED: CANDIDATE_AGE_MESSAGES.consentDeclined,
  REVOKED: CANDIDATE_AGE_MESSAGES.consentRevoked,
};

/**
 * The consent state of a candidate born on `dateOfBirth` on `today` (Berlin date): none needed
 * from 16 (or without a birth date); below, the stored state, PENDING while there is no row.
 */
export function parentalConsentState(
  dateOfBirth: string | null,
  stored: StoredParentalConsentStatus | null,
  today: string,
): CurrentUserConsent {
  const status: ParentalConsentStatus =
    dateOfBirth === null || ageOn(dateOfBirth, today) >= PARENTAL_CONSENT_AGE ? 'NOT_REQUIRED' : (stored ?? 'PENDING');
  const mayContact = status === 'NOT_REQUIRED' || status === 'CONFIRMED';
  return {
    status,
    mayContact,
    blockedActions: mayContact ? [] : [...CONSENT_BLOCKED_ACTIONS],
    message: CONSENT_MESSAGES[status],
  };
}

/** POST /rest/applicant/parental-consent: send the mail to the parent again, optionally to a new address. */
export const parentalConsentRequestSchema = z
  .object({
    parentEmail: emailSchema.describe('Adresse eines Elternteils (nicht die eigene)'),
  })
  .strict();
export type ParentalConsentRequest = z.infer<typeof parentalConsentRequestSchema>;

/** The parent's decision on the public page (form field `decision`). */
export const PARENTAL_DECISIONS = ['confirm', 'decline', 'revoke'] as const;
export type ParentalDecision = (typeof PARENTAL_DECISIONS)[number];
export const parentalDecisionFormSchema = z
  .object({ decision: z.enum(PARENTAL_DECISIONS, { error: 'Bitte wählen Sie „Zustimmen“ oder „Ablehnen“.' }) })
  .strict();
export const parentalConsentPageQuerySchema = z.object({ token: z.string().max(200).default('') }).strict();
