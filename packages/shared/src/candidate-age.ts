import type { PostingType } from './postings';

/**
 * Candidates' age and the minimum age of postings (issue 46, ADR 0096). Ages are whole years on
 * a calendar day (Europe/Berlin), computed as German law counts them (BGB §§ 187 (2), 188 (2),
 * (3)): on the birthday one is a year older; someone born on 29 February is a year older on
 * 1 March in a year without that day.
 */

/** Default of CANDIDATE_MINIMUM_AGE: the youngest a candidate may sign up (JArbSchG, ADR 0096). */
export const DEFAULT_CANDIDATE_MINIMUM_AGE = 14;
/** Below this age a parent must confirm the account (DSGVO Art. 8 (1), ADR 0097). */
export const PARENTAL_CONSENT_AGE = 16;
/** The oldest age we accept as a birth date (a typo guard, not a rule about people). */
export const CANDIDATE_MAXIMUM_AGE = 99;

/** Range of a posting's minimum age: none under 13 (JArbSchG § 5), above 18 would be age discrimination (AGG). */
export const POSTING_MIN_AGE_MIN = 13;
export const POSTING_MIN_AGE_MAX = 18;

/**
 * Default minimum age per posting type, following youth employment law (ADR 0096):
 * a Schülerpraktikum within school obligation is not employment → 14 (our sign-up minimum);
 * holiday jobs of pupils only from 15 (JArbSchG § 5 (4)); apprenticeships, dual study and
 * voluntary services follow full-time school obligation, which ends at 15 at the earliest
 * (JArbSchG § 2 (3), § 7; JFDG § 2 (1)).
 */
export const POSTING_MIN_AGE_DEFAULTS: Record<PostingType, number> = {
  APPRENTICESHIP: 15,
  INTERNSHIP: 14,
  DUAL_STUDY: 15,
  HOLIDAY_JOB: 15,
  VOLUNTARY_SERVICE: 15,
};

export function defaultMinAgeOf(type: PostingType): number {
  return POSTING_MIN_AGE_DEFAULTS[type];
}

/** "17 Jahre" (as employers see a candidate's age). */
export function ageLabel(age: number): string {
  return `${age} Jahre`;
}

/** Minimum age of a posting as candidates read it: "ab 15 Jahren". */
export function minAgeLabel(minAge: number): string {
  return `ab ${minAge} Jahren`;
}

function parts(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split('-').map(Number);
  return [year ?? 0, month ?? 0, day ?? 0];
}

/** Whole years between a birth date and a day (both `YYYY-MM-DD`); negative for a birth date after the day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [birthYear, birthMonth, birthDay] = parts(dateOfBirth);
  const [year, month, day] = parts(today);
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** Whether someone of this birth date needs a parent's confirmation on that day. */
export function needsParentalConsent(dateOfBirth: string, today: string): boolean {
  return ageOn(dateOfBirth, today) < PARENTAL_CONSENT_AGE;
}

export const CANDIDATE_AGE_MESSAGES = {
  missing: 'Bitte gib dein Geburtsdatum an.',
  inFuture: 'Das Geburtsdatum liegt in der Zukunft. Bitte prüfe deine Eingabe.',
  tooOld: 'Bitte prüfe dein Geburtsdatum.',
  tooYoung: (minimumAge: number) =>
    `Matchwerk kannst du ab ${minimumAge} Jahren nutzen. Das Jugendarbeitsschutzgesetz erlaubt Jüngeren noch keine Praktika oder Jobs. Wir freuen uns, wenn du später wiederkommst!`,
  parentEmailMissing:
    'Du bist jünger als 16. Bitte gib die E-Mail-Adresse eines Elternteils an – deine Eltern müssen deiner Anmeldung zustimmen.',
  parentEmailSame: 'Bitte gib die E-Mail-Adresse deiner Eltern an, nicht deine eigene.',
  parentEmailNotNeeded: 'Ab 16 brauchst du keine Zustimmung deiner Eltern. Bitte lass das Feld leer.',
  changeRefused:
    'Dein Geburtsdatum kannst du nach der Registrierung nicht mehr ändern. Wenn es falsch ist, schreib bitte dem Support.',
  tooYoungForPosting: (minAge: number) =>
    `Für diese Stelle musst du mindestens ${minAge} Jahre alt sein. Das schreibt das Jugendarbeitsschutzgesetz vor – schau dir gern andere Stellen an.`,
  consentMissing:
    'Deine Eltern müssen noch zustimmen, bevor du Interesse zeigen oder chatten kannst. Wir haben ihnen eine E-Mail geschickt – du kannst sie unter „Einstellungen“ erneut senden.',
  consentDeclined:
    'Deine Eltern haben der Nutzung von Matchwerk nicht zugestimmt. Du kannst dir Stellen ansehen, aber kein Interesse zeigen und nicht chatten.',
  consentRevoked:
    'Deine Eltern haben ihre Zustimmung zurückgenommen. Du kannst dir Stellen ansehen, aber kein Interesse zeigen und nicht chatten.',
  consentNotNeeded: 'Du bist mindestens 16 Jahre alt und brauchst keine Zustimmung deiner Eltern.',
} as const;

/** The public page a parent opens from the consent mail (`?token=…`), served by the API. */
export const PARENTAL_CONSENT_PATH = '/einwilligung';
