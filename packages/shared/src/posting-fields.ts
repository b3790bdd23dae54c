import { POSTING_TYPE_LABELS, POSTING_TYPES, type PostingType } from './postings';

/**
 * Fields of a posting that only some posting types ask for (issue #14). Every other field is
 * asked for every type. Paths as in the vacancy input (and as API field errors).
 */
export const TYPE_DEPENDENT_FIELDS = [
  'trainingOccupationName',
  'duration',
  'startOfTraining',
  'compensation.salaryPerTrainingYear',
] as const;
export type TypeDependentField = (typeof TYPE_DEPENDENT_FIELDS)[number];

export const TYPE_DEPENDENT_FIELD_LABELS: Record<TypeDependentField, string> = {
  trainingOccupationName: 'Ausbildungsberuf',
  duration: 'Dauer',
  startOfTraining: 'Ausbildungsbeginn',
  'compensation.salaryPerTrainingYear': 'Vergütung pro Ausbildungsjahr',
};

/**
 * The one rule which type asks for which of these fields; the web editor shows only these, and the
 * API refuses values in the others. A holiday job has no occupation, no training years and no
 * duration worth a field (it is a few weeks; the description says when); an internship and a
 * voluntary service have a duration (weeks, or 6–18 months) but no occupation or training years.
 */
export const POSTING_TYPE_FIELDS: Record<PostingType, readonly TypeDependentField[]> = {
  APPRENTICESHIP: TYPE_DEPENDENT_FIELDS,
  DUAL_STUDY: TYPE_DEPENDENT_FIELDS,
  INTERNSHIP: ['duration'],
  HOLIDAY_JOB: [],
  VOLUNTARY_SERVICE: ['duration'],
};

/** Whether the posting type asks for the field. */
export function postingTypeAsksFor(type: PostingType, field: TypeDependentField): boolean {
  return POSTING_TYPE_FIELDS[type].includes(field);
}

/**
 * The dates the date rules check (ADR 0043): a training start the type does not ask for is left
 * out, so a holiday job with one gets the type rule's message ("wird nicht gespeichert"), not a
 * date message about a field it does not have.
 */
export function datesCheckedFor<T extends { startOfTraining?: string | null }>(value: T & { type?: PostingType }): T {
  // The date rules also run beside field errors, so the type may be anything a client sent.
  const type: unknown = value.type;
  const known = (POSTING_TYPES as readonly unknown[]).includes(type) ? (type as PostingType) : undefined;
  return known && !postingTypeAsksFor(known, 'startOfTraining') ? { ...value, startOfTraining: null } : value;
}

/** The type-dependent values of a posting (input, form values or stored posting). */
export interface TypeDependentValues {
  trainingOccupationName?: string | null | undefined;
  duration?: string | null | undefined;
  startOfTraining?: string | null | undefined;
  compensation?:
    { salaryPerTrainingYear?: readonly (number | null | undefined)[] | null | undefined } | null | undefined;
}

function hasValue(values: TypeDependentValues, field: TypeDependentField): boolean {
  if (field === 'compensation.salaryPerTrainingYear') {
    return (values.compensation?.salaryPerTrainingYear ?? []).some((value) => value !== null && value !== undefined);
  }
  const value = values[field];
  return typeof value === 'string' && value.trim() !== '';
}

/** Fields holding a value that the type does not ask for (so it would not be saved), in field order. */
export function fieldsNotUsedFor(type: PostingType, values: TypeDependentValues): TypeDependentField[] {
  return TYPE_DEPENDENT_FIELDS.filter((field) => !postingTypeAsksFor(type, field) && hasValue(values, field));
}

/** The values with every field the type does not ask for emptied (null, none for lists): what the editor sends. */
export function withoutFieldsNotUsed<T extends TypeDependentValues>(type: PostingType, values: T): T {
  const result = { ...values };
  for (const field of TYPE_DEPENDENT_FIELDS) {
    if (postingTypeAsksFor(type, field)) continue;
    if (field === 'compensation.salaryPerTrainingYear') {
      if (result.compensation) result.compensation = { ...result.compensation, salaryPerTrainingYear: [] };
    } else if (field in result) {
      result[field] = null;
    }
  }
  return result;
}

/** German refusal of a value in a field the posting type does not ask for (API field error on that field). */
export function fieldNotUsedMessage(type: PostingType, field: TypeDependentField): string {
  return `Für die Art „${POSTING_TYPE_LABELS[type]}“ wird das Feld „${TYPE_DEPENDENT_FIELD_LABELS[field]}“ nicht gespeichert. Bitte leeren Sie es oder wählen Sie eine andere Art der Stelle.`;
}
