import {
  benefitsNotOfferedFor,
  benefitsNotOfferedMessage,
  berlinToday,
  defaultMinAgeOf,
  fieldNotUsedMessage,
  fieldsNotUsedFor,
  postingDateProblems,
  type PostingDates,
  type VacancyInputParsed,
} from '@matchwerk/shared';
import { AppError } from '../../errors/app-error';
import type { GeoPoint } from '../geocoding';
import { htmlToPlainText, plainTextExcerpt, sanitizeRichText } from '../rich-text';
import type { VacancyValues } from './vacancies.repository';

const DESCRIPTION_MISSING = 'Bitte beschreiben Sie die Stelle.';

/**
 * Benefits belong to a posting type's catalogue. Ones the type does not offer (e.g. left over
 * after switching the type) are refused with their names, never dropped silently.
 */
export function assertBenefitsOffered(input: Pick<VacancyInputParsed, 'type' | 'benefits'>): void {
  const notOffered = benefitsNotOfferedFor(input.type, input.benefits);
  if (notOffered.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      fieldErrors: { benefits: benefitsNotOfferedMessage(input.type, notOffered) },
    });
  }
}

export const SCHEDULE_MESSAGES = {
  publishAfterDeadline: 'Der Tag der Veröffentlichung muss vor dem Bewerbungsschluss oder auf demselben Tag liegen.',
  publishWhileActive:
    'Die Stellenanzeige ist bereits aktiv. „Veröffentlichen am“ gilt nur für inaktive Stellenanzeigen – deaktivieren Sie sie zuerst oder leeren Sie das Feld.',
  deadlinePassed:
    'Der Bewerbungsschluss ist vorbei. Bitte verschieben oder leeren Sie ihn, bevor Sie die Stellenanzeige aktivieren.',
} as const;

/**
 * The posting type decides which type-dependent fields exist (`POSTING_TYPE_FIELDS`, shared with
 * the editor). A value in a field the type does not ask for is refused on that field, never
 * dropped silently; the editor empties such fields before sending and tells the user.
 */
export function assertFieldsOfType(input: VacancyInputParsed): void {
  const notUsed = fieldsNotUsedFor(input.type, input);
  if (notUsed.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      fieldErrors: Object.fromEntries(notUsed.map((field) => [field, fieldNotUsedMessage(input.type, field)])),
    });
  }
}

/** Publication day and deadline fit together (both optional). */
export function assertSchedule(
  input: Pick<VacancyInputParsed, 'publishOn' | 'applicationDeadline'>,
  isActive: boolean,
): void {
  if (input.publishOn && isActive)
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { publishOn: SCHEDULE_MESSAGES.publishWhileActive } });
  if (input.publishOn && input.applicationDeadline && input.publishOn > input.applicationDeadline) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { publishOn: SCHEDULE_MESSAGES.publishAfterDeadline } });
  }
}

/**
 * The date rules that depend on today (ADR 0043), with the server's clock: a new posting's
 * start dates must not lie in the past nor more than three years ahead; an existing posting
 * may keep the dates it has (`previous`). The rules without today are in the body schema.
 */
export function assertPostingDates(input: PostingDates, now: Date, previous: PostingDates | null): void {
  const problems = postingDateProblems(input, { today: berlinToday(now), previous });
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: problems });
}

/**
 * Validated input → columns: every rich-text field sanitised, the list excerpt derived,
 * coordinates from the geocoder (null when it found nothing). Plain-text fields are stored as typed.
 */
export function toVacancyValues(input: VacancyInputParsed, geo: GeoPoint | null): VacancyValues {
  assertBenefitsOffered(input);
  assertFieldsOfType(input);
  const description = sanitizeRichText(input.description);
  if (!description || !htmlToPlainText(description)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { description: DESCRIPTION_MISSING } });
  }
  return {
    title: input.title,
    type: input.type,
    trainingOccupationName: input.trainingOccupationName,
    duration: input.duration,
    start: input.start,
    startOfTraining: input.startOfTraining,
    description,
    descriptionExcerpt: plainTextExcerpt(description),
    whatWereLookingFor: sanitizeRichText(input.whatWereLookingFor),
    about: sanitizeRichText(input.about),
    taskDescription: sanitizeRichText(input.taskDescription),
    benefits: [...new Set(input.benefits)],
    additionalBenefits: sanitizeRichText(input.additionalBenefits),
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    salaryRange: input.salaryRange,
    salaryPerTrainingYear: input.compensation.salaryPerTrainingYear.map((value) => value.toFixed(2)),
    additionalCompensation: input.compensation.additionalCompensation,
    country: input.location.country || 'Deutschland',
    city: input.location.city,
    zipCode: input.location.zipCode,
    street: input.location.street,
    streetNumber: input.location.streetNumber,
    applicationDeadline: input.applicationDeadline,
    publishOn: input.publishOn,
    // Empty = the type's default (ADR 0096); a type change with an empty field takes the new type's.
    minAge: input.minAge ?? defaultMinAgeOf(input.type),
    lat: geo?.lat ?? null,
    lng: geo?.lng ?? null,
  };
}
