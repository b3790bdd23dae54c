import { z } from 'zod';
import { BENEFITS } from '../benefits';
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
import { postingTypeSchema } from '../postings';
import { organizationSummarySchema } from './users.schema';
import { idSchema, optionalDateSchema, optionalText, pageQuerySchema, pageSchema, requiredText } from './fields';
import { optionalPhoneSchema } from './phone';

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

export const geoPointSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

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

/** GET /rest/vacancy/{id} */
export const vacancySchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  organization: organizationSummarySchema,
  active: z.boolean(),
  title: z.string(),
  type: postingTypeSchema,
  trainingOccupationName: z.string().nullable(),
  duration: z.string().nullable(),
  start: z.string().nullable(),
  startOfTraining: z.string().nullable(),
  description: z.string(),
  whatWereLookingFor: z.string().nullable(),
  about: z.string().nullable(),
  taskDescription: z.string().nullable(),
  benefits: z.array(z.enum(BENEFITS)),
  additionalBenefits: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string().nullable(),
  salaryRange: z.string().nullable(),
  compensation: z.object({ salaryPerTrainingYear: z.array(z.number()), additionalCompensation: z.string().nullable() }),
  location: z.object({
    country: z.string(),
    city: z.string(),
    zipCode: z.string(),
    street: z.string().nullable(),
    streetNumber: z.string().nullable(),
    geo: geoPointSchema.nullable(),
  }),
  /** Photo ids in display order; the first is the posting's image. */
  applicationDeadline: z.string().nullable(),
  publishOn: z.string().nullable(),
  photos: z.array(idSchema),
  image: idSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Raised by every write; also the ETag (`"<version>"`). Send it back as If-Match when saving. */
  version: z.number().int().min(1),
});
export type Vacancy = z.infer<typeof vacancySchema>;

/** Answer of create and update: the vacancy, plus whether the address could be geocoded. */
export const vacancySaveResponseSchema = z.object({
  vacancy: vacancySchema,
  /** GEOCODE_WARNING (api/geocode-warning.ts) when the address has no coordinates (the vacancy is saved anyway). */
  geocodeWarning: z.string().nullable(),
});
export type VacancySaveResponse = z.infer<typeof vacancySaveResponseSchema>;

export const VACANCY_SORT_FIELDS = ['organizationName', 'title', 'start', 'contactName', 'updatedAt'] as const;
/** GET /rest/vacancy — server-side paging and sorting. */
export const vacancyListQuerySchema = pageQuerySchema(VACANCY_SORT_FIELDS, 'organizationName').extend({
  /** Only this organisation's postings (the administration's organisation screen), within what the caller may see. */
  organizationId: z.uuid({ error: 'Ungültige Unternehmens-ID.' }).optional(),
  /**
   * Keyset paging (ADR 0028): the `nextCursor` of the previous page. With a cursor the page starts
   * right after that row and `page` is only echoed; without one `page` is an offset (a jump).
   * Opaque; valid only for the sort and order it was issued for (otherwise 400).
   */
  cursor: z
    .string()
    .max(1000, 'Ungültiger Seiten-Cursor.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Ungültiger Seiten-Cursor.')
    .optional(),
});
export type VacancyListQuery = z.input<typeof vacancyListQuerySchema>;

export const vacancyListItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** Plain-text excerpt of the rich-text description. */
  descriptionExcerpt: z.string(),
  contactName: z.string(),
  salaryRange: z.string().nullable(),
  organizationId: idSchema,
  organizationName: z.string(),
  start: z.string().nullable(),
  type: postingTypeSchema,
  active: z.boolean(),
  /** Last day to apply (YYYY-MM-DD), or null. */
  applicationDeadline: z.string().nullable(),
  /** Day a scheduled posting becomes active (YYYY-MM-DD), or null when none is planned. */
  publishOn: z.string().nullable(),
  image: idSchema.nullable(),
  /** Candidate activity, all time (issue #11): views (one per candidate and day), interest shown (matchings), of which accepted. */
  views: z.number().int().nonnegative(),
  interest: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
});
export type VacancyListItem = z.infer<typeof vacancyListItemSchema>;
/**
 * A search counts its matches only up to this many (ADR 0028): counting every posting that
 * contains a common word reads each of them from the table (30 ms and more at 50,000 postings).
 */
export const VACANCY_SEARCH_COUNT_LIMIT = 1000;

export const vacancyListResponseSchema = pageSchema(vacancyListItemSchema).extend({
  /** Cursor of the page after this one (send it as `cursor`), null on the last page. */
  nextCursor: z.string().nullable(),
  /** False when a search found more than VACANCY_SEARCH_COUNT_LIMIT postings: `total` is then that limit, a lower bound. */
  totalExact: z.boolean(),
});
export type VacancyListResponse = z.infer<typeof vacancyListResponseSchema>;

/** POST /rest/vacancy/{id}/duplicate: the inactive copy, and how many photos could not be copied (files missing). */
export const vacancyDuplicateResponseSchema = z.object({
  vacancy: vacancySchema,
  photosNotCopied: z.number().int().nonnegative(),
});
export type VacancyDuplicateResponse = z.infer<typeof vacancyDuplicateResponseSchema>;

/** Suffix of a duplicate's title. */
export const DUPLICATE_TITLE_SUFFIX = ' (Kopie)';

/** DELETE /rest/vacancy/{id}/photos */
export const deletePhotosRequestSchema = z.object({ photoIds: z.array(idSchema).min(1).max(50) });
/** PUT /rest/vacancy/{id}/photos/order */
export const reorderPhotosRequestSchema = z.object({ photoIds: z.array(idSchema).max(50) });
export const photoUploadResponseSchema = z.object({ photoId: idSchema });

/** The phrase a user types to delete a vacancy (spec §5). */
export const DELETE_VACANCY_PHRASE = 'STELLENANZEIGE LÖSCHEN';
