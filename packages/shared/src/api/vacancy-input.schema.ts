/**
 * What an employer sends for a posting (create, update) and the form checks: the input side of
 * vacancy.schema.ts, in a module of its own so that screens which only read postings (the list)
 * do not load the input rules and the phone-number library with them (issue #12).
 */
import { z } from 'zod';
import { BENEFITS } from '../benefits';
import { POSTING_MIN_AGE_MAX, POSTING_MIN_AGE_MIN } from '../candidate-age';
import { MAX_TRAINING_YEAR_SALARIES } from '../constants';
import {
  postingDateOrderProblem,
  postingDateProblems,
  type PostingDateContext,
  type PostingDates,
} from '../posting-dates';
import { berlinToday } from '../statistics-period';
import { postcodeProblem, POSTCODE_MESSAGES } from '../postcodes';
import { datesCheckedFor } from '../posting-fields';
import { postingTypeSchema } from './enums.schema';
import { optionalDateSchema, optionalText, requiredText } from './fields';
import { optionalPhoneSchema } from './phone';

const MIN_AGE_RANGE_MESSAGE = `Das Mindestalter muss zwischen ${POSTING_MIN_AGE_MIN} und ${POSTING_MIN_AGE_MAX} Jahren liegen.`;

/** A posting's minimum age: whole years 13–18, or empty (null) for the type's default. */
export const postingMinAgeSchema = z
  .number({ error: 'Bitte geben Sie das Mindestalter als ganze Zahl an.' })
  .int('Bitte geben Sie das Mindestalter als ganze Zahl an.')
  .min(POSTING_MIN_AGE_MIN, MIN_AGE_RANGE_MESSAGE)
  .max(POSTING_MIN_AGE_MAX, MIN_AGE_RANGE_MESSAGE)
  .nullish()
  .transform((value) => value ?? null);

/** Rich-text fields hold sanitised HTML (spec §5): sanitised when stored and again when shown. */
const RICH_TEXT_MAX = 20_000;
const optionalRichText = optionalText(RICH_TEXT_MAX, 'Der Text');

export const RICH_TEXT_FIELDS = [
  'description',
  'whatWereLookingFor',
  'about',
  'taskDescription',
  'additionalBenefits',
] as const;
export type RichTextField = (typeof RICH_TEXT_FIELDS)[number];

/**
 * The address. A German postcode (country empty or Germany) must have five digits and exist in
 * the offline postcode table the API geocodes with (ADR 0043); the message sits at `zipCode`.
 */
/**
 * Rules across fields run even when another field failed (zod skips them after an aborting
 * issue, e.g. a wrong phone number), so the form shows every message at once. They read the
 * values defensively: a field that failed may hold what was typed.
 */
const RUN_BESIDE_FIELD_ERRORS = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const vacancyLocationSchema = z
  .object({
    country: z.string().trim().max(60).default('Deutschland'),
    city: requiredText(120, 'Bitte geben Sie den Ort ein.', 'Der Ort'),
    zipCode: z
      .string({ error: POSTCODE_MESSAGES.missing })
      .trim()
      .min(1, POSTCODE_MESSAGES.missing)
      .max(10, POSTCODE_MESSAGES.foreignFormat),
    street: optionalText(120, 'Die Straße'),
    streetNumber: optionalText(20, 'Die Hausnummer'),
  })
  .superRefine((location, context) => {
    if (typeof location.zipCode !== 'string' || location.zipCode === '') return;
    const problem = postcodeProblem(location.zipCode, typeof location.country === 'string' ? location.country : '');
    if (problem) context.addIssue({ code: 'custom', path: ['zipCode'], message: problem, input: location.zipCode });
  }, RUN_BESIDE_FIELD_ERRORS);

const salarySchema = z
  .number({ error: 'Bitte geben Sie einen Betrag in Euro ein.' })
  .min(0, 'Der Betrag darf nicht negativ sein.')
  .max(100_000, 'Der Betrag ist zu hoch.');

export const vacancyCompensationSchema = z.object({
  /** Monthly salary for training years 1 to 4 (spec §9: at most four). */
  salaryPerTrainingYear: z
    .array(salarySchema)
    .max(MAX_TRAINING_YEAR_SALARIES, `Höchstens ${MAX_TRAINING_YEAR_SALARIES} Ausbildungsjahre.`)
    .default([]),
  additionalCompensation: optionalText(500, 'Der Text'),
});

/** Editable fields of a vacancy, without the rules across fields (extend this one, then add them with `withPostingDateRules`). */
export const vacancyInputFieldsSchema = z.object({
  title: requiredText(160, 'Bitte geben Sie einen Titel ein.', 'Der Titel'),
  type: postingTypeSchema,
  trainingOccupationName: optionalText(160, 'Der Ausbildungsberuf'),
  duration: optionalText(80, 'Die Dauer'),
  start: optionalDateSchema,
  startOfTraining: optionalDateSchema,
  description: requiredText(RICH_TEXT_MAX, 'Bitte beschreiben Sie die Stelle.', 'Die Beschreibung'),
  whatWereLookingFor: optionalRichText,
  about: optionalRichText,
  taskDescription: optionalRichText,
  benefits: z.array(z.enum(BENEFITS)).max(BENEFITS.length).default([]),
  additionalBenefits: optionalRichText,
  contactName: requiredText(120, 'Bitte geben Sie eine Ansprechperson an.', 'Der Name'),
  contactPhone: optionalPhoneSchema,
  salaryRange: optionalText(80, 'Die Gehaltsspanne'),
  compensation: vacancyCompensationSchema,
  location: vacancyLocationSchema,
  /** "Bewerbungsschluss": the last day to apply; the day after, the posting deactivates itself (ADR 0042). */
  applicationDeadline: optionalDateSchema,
  /** "Veröffentlichen am": an inactive posting becomes active on this day (ADR 0042). */
  publishOn: optionalDateSchema,
  /** "Mindestalter" in years; empty = the type's default (POSTING_MIN_AGE_DEFAULTS, ADR 0096). */
  minAge: postingMinAgeSchema,
});

/**
 * Adds the date rules (ADR 0043) to a vacancy schema: the training start not before the
 * posting's start, always; with a `context`, also the rules that depend on today (not in the
 * past unless unchanged, at most three years ahead). `context.today` defaults to today in
 * Europe/Berlin at the time of each check.
 */
export function withPostingDateRules<S extends z.ZodType<PostingDates>>(
  schema: S,
  context?: Omit<PostingDateContext, 'today'> & { today?: string },
) {
  return schema.superRefine((input, check) => {
    const value = datesCheckedFor<PostingDates>(input);
    const order = postingDateOrderProblem(value);
    if (order)
      check.addIssue({ code: 'custom', path: ['startOfTraining'], message: order, input: value.startOfTraining });
    if (!context) return;
    const problems = postingDateProblems(value, {
      today: context.today ?? berlinToday(),
      previous: context.previous ?? null,
    });
    for (const [field, message] of Object.entries(problems))
      check.addIssue({ code: 'custom', path: [field], message, input: value[field as keyof PostingDates] });
  }, RUN_BESIDE_FIELD_ERRORS);
}

/**
 * Body of POST /rest/vacancy/{organizationId} and PUT /rest/vacancy/{id}. The rules that depend
 * on today and on the stored posting are checked by the API with its clock (`postingDateProblems`),
 * the web form checks them with `vacancyInputSchemaFor`.
 */
export const vacancyInputSchema = withPostingDateRules(vacancyInputFieldsSchema);

/** Every rule, today's included: for a new posting (`previous` null) or an existing one. */
export function vacancyInputSchemaFor(previous: PostingDates | null, today?: string) {
  return withPostingDateRules(vacancyInputFieldsSchema, { previous, ...(today ? { today } : {}) });
}
export type VacancyInput = z.input<typeof vacancyInputSchema>;
export type VacancyInputParsed = z.output<typeof vacancyInputSchema>;
