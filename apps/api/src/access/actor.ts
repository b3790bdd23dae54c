/** The signed-in user as services see it, and the one guard every product service starts with. */
import {
  berlinToday,
  canAccessArea,
  dueCandidateLegalDocuments,
  dueLegalDocuments,
  parentalConsentState,
  type CurrentUserConsent,
  type DueCandidateLegalDocument,
  type Actor,
  type Area,
  type DueLegalDocument,
  type LegalDocument,
  type LegalVersions,
  type NotificationInterval,
  type Region,
  type StoredParentalConsentStatus,
  type UserType,
} from '@matchwerk/shared';
import { AppError } from '../errors/app-error';

export const APPLICANT_ONLY_MESSAGE =
  'Diese Schnittstelle ist der Matchwerk-App für Bewerberinnen und Bewerber vorbehalten.';

export interface SessionActor extends Actor {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  privacyStatementSignedAt: Date | null;
  termsAndConditionsSignedAt: Date | null;
  /** Legal documents whose current version this web-app user has not accepted (ADR 0037); empty = gate open. */
  legalDue: DueLegalDocument[];
  /**
   * Candidates only: their own texts not accepted in the current version (ADR 0102). Reported
   * in the current-user answer; it does not close the candidate endpoints (their gate is the two dates).
   */
  candidateLegalDue?: DueCandidateLegalDocument[];
  /** Candidates only: the parental consent and what it blocks (ADR 0097), as of the session lookup. */
  parentalConsent?: CurrentUserConsent;
  notifyViaMail: boolean;
  notificationInterval: NotificationInterval;
  /** With its status: users of an inactive organisation still sign in (the web shows a notice). */
  organization: { id: string; name: string; region: Region; active: boolean; waitingForApproval: boolean } | null;
  sessionId: string;
}

/**
 * The documents a user still has to accept in their current versions (ADR 0037). Candidates:
 * none here — they accept the mobile app's texts, checked by their two dates.
 */
export function legalDueFor(
  type: UserType,
  accepted: readonly { document: LegalDocument; version: string }[],
  versions: LegalVersions,
): DueLegalDocument[] {
  return type === 'APPLICANT' ? [] : dueLegalDocuments(accepted, versions);
}

/** A candidate's consent state (ADR 0097) on today's Berlin date; undefined for web-app users. */
export function parentalConsentFor(
  type: UserType,
  dateOfBirth: string | null,
  stored: StoredParentalConsentStatus | null,
  now: Date,
): CurrentUserConsent | undefined {
  return type === 'APPLICANT' ? parentalConsentState(dateOfBirth, stored, berlinToday(now)) : undefined;
}

/** A candidate's due candidate texts (ADR 0102); undefined for web-app users. */
export function candidateLegalDueFor(
  type: UserType,
  accepted: readonly { document: string; version: string }[],
): DueCandidateLegalDocument[] | undefined {
  return type === 'APPLICANT' ? dueCandidateLegalDocuments(accepted) : undefined;
}

export interface ActorRequirements {
  /** Permission area of spec §6 the endpoint belongs to. */
  area?: Area;
  /**
   * Legal texts accepted (true for every product endpoint but the legal gate's own): web-app
   * users in their current versions (ADR 0037), candidates by their two dates (the mobile app's texts).
   */
  legal: boolean;
  /** Only GET current-user lets applicants through (the web app refuses them itself). */
  allowApplicant?: boolean;
  /**
   * Candidate-side endpoints (/rest/applicant/…, the mobile app's half): only APPLICANT users;
   * web-app users get 403 FORBIDDEN. Implies allowApplicant; `area` does not apply.
   */
  applicant?: boolean;
}

/**
 * Refuses: signed out → 401 UNAUTHENTICATED; applicants → 403 APPLICANT_NOT_ALLOWED;
 * missing legal dates → 403 LEGAL_NOT_SIGNED; outside the area → 403 FORBIDDEN.
 * With `applicant: true` it is the other way round: everyone but applicants → 403 FORBIDDEN.
 */
export function requireActor(actor: SessionActor | null, requirements: ActorRequirements): SessionActor {
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (requirements.applicant) {
    if (actor.type !== 'APPLICANT') throw new AppError('FORBIDDEN', { message: APPLICANT_ONLY_MESSAGE });
    if (requirements.legal && !(actor.privacyStatementSignedAt && actor.termsAndConditionsSignedAt))
      throw new AppError('LEGAL_NOT_SIGNED');
    return actor;
  }
  if (actor.type === 'APPLICANT' && !requirements.allowApplicant) throw new AppError('APPLICANT_NOT_ALLOWED');
  if (requirements.legal && actor.legalDue.length > 0) throw new AppError('LEGAL_NOT_SIGNED');
  if (requirements.area && !canAccessArea(actor, requirements.area)) throw new AppError('FORBIDDEN');
  return actor;
}

/**
 * An organisation's own user in an area of the organisation side (Anfragen, chats: spec §6
 * "ordinary users only"): `requireActor` with the legal check, and a user without an
 * organisation → 403 FORBIDDEN.
 */
export function requireOrganizationMember(
  actor: SessionActor | null,
  area: ActorRequirements['area'],
): SessionActor & { organizationId: string } {
  const user = requireActor(actor, { legal: true, area });
  if (!user.organizationId) throw new AppError('FORBIDDEN');
  return { ...user, organizationId: user.organizationId };
}
