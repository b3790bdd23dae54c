import { z } from 'zod';
import {
  CANDIDATE_FEED_MESSAGES as M,
  CANDIDATE_STRENGTHS,
  FEED_DISTANCE_DEFAULT_KM,
  FEED_DISTANCE_MAX_KM,
  FEED_PAGE_SIZE_DEFAULT,
  FEED_PAGE_SIZE_MAX,
  FEED_SORTS,
  INTEREST_NOTE_MAX_LENGTH,
  MAX_CANDIDATE_STRENGTHS,
  MAX_WANTED_FIELDS,
  MY_POSTING_STATES,
  WANTED_FIELD_MAX_LENGTH,
} from '../candidate-feed';
import { POSTING_TYPES } from '../postings';
import { INVALID_DATE_MESSAGE, isDateInRange } from './input-rules';
import { postingTypeSchema } from './enums.schema';
import { idSchema, safeString } from './fields';
import { organizationSummarySchema } from './users.schema';

/**
 * The candidate's discovery feed (GET /rest/applicant/feed), "nicht interessiert"
 * (POST/DELETE /rest/applicant/dismissals/{vacancyId}) and interest with a note (issue 46, ADR 0100).
 */

export const myPostingStateSchema = z
  .enum(MY_POSTING_STATES)
  .describe(
    'Dein Stand zu dieser Anzeige: none (noch nichts), interested (Interesse gezeigt, offen), accepted, declined, dismissed („Nicht interessiert“)',
  );

/** A query value given once (`type=A`), repeated (`type=A&type=B`) or comma-separated (`type=A,B`): a list. */
function listParam<Item extends z.ZodType>(item: Item, max: number, tooMany: string) {
  return z.preprocess((value): unknown => {
    if (value === undefined) return undefined;
    const values: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
    return values.flatMap((entry): unknown[] => (typeof entry === 'string' ? entry.split(',') : [entry]));
  }, z.array(item).min(1).max(max, tooMany).optional());
}

const feedDate = (label: string) =>
  z
    .string()
    .refine((value) => isDateInRange(value), `${label}: ${INVALID_DATE_MESSAGE}`)
    .optional();

const coordinate = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `Bitte gib den ${label} als Zahl an.` })
    .min(min, `Der ${label} muss zwischen ${min} und ${max} liegen.`)
    .max(max, `Der ${label} muss zwischen ${min} und ${max} liegen.`)
    .optional();

/** GET /rest/applicant/feed — unknown parameters are refused (400), never ignored. */
export const candidateFeedQuerySchema = z
  .strictObject({
    /** Several types: `type=INTERNSHIP&type=HOLIDAY_JOB` (or comma-separated); default: the profile's wanted types, else all. */
    type: listParam(postingTypeSchema, POSTING_TYPES.length, 'Zu viele Arten.'),
    /** Training occupations (exact names); default: the profile's wanted fields, else all. */
    occupation: listParam(
      safeString().trim().min(1).max(WANTED_FIELD_MAX_LENGTH),
      MAX_WANTED_FIELDS,
      `Höchstens ${MAX_WANTED_FIELDS} Berufe.`,
    ),
    /** Start of the posting on or after / on or before this day (postings without a start are left out then). */
    startFrom: feedDate('Beginn ab'),
    startTo: feedDate('Beginn bis'),
    /** Centre: a postcode, or coordinates; default the profile's home postcode; without any, all of Germany. */
    zipCode: z
      .string()
      .regex(/^[0-9]{5}$/, M.invalidZipCode)
      .optional(),
    lat: coordinate(-90, 90, 'Breitengrad'),
    lng: coordinate(-180, 180, 'Längengrad'),
    /** Only postings within this distance of the centre (km). */
    distanceKm: z.coerce
      .number({ error: 'Bitte gib die Entfernung in Kilometern an.' })
      .int('Bitte gib die Entfernung in ganzen Kilometern an.')
      .min(1, 'Die Entfernung muss mindestens 1 km sein.')
      .max(FEED_DISTANCE_MAX_KM, `Die Entfernung darf höchstens ${FEED_DISTANCE_MAX_KM} km sein.`)
      .default(FEED_DISTANCE_DEFAULT_KM),
    sort: z.enum(FEED_SORTS, { error: 'Unbekannte Sortierung.' }).default('newest'),
    /** true: postings you already acted on (interest, „Nicht interessiert“) are shown too, with their myState. */
    includeActedOn: z
      .enum(['true', 'false'], { error: 'includeActedOn ist true oder false.' })
      .default('false')
      .transform((value) => value === 'true'),
    /** `nextCursor` of the previous page (opaque; valid for the same sort and filters). */
    cursor: z
      .string()
      .max(500, M.invalidCursor)
      .regex(/^[A-Za-z0-9_-]+$/, M.invalidCursor)
      .optional(),
    limit: z.coerce
      .number({ error: 'Ungültige Seitengröße.' })
      .int('Ungültige Seitengröße.')
      .min(1, 'Ungültige Seitengröße.')
      .max(FEED_PAGE_SIZE_MAX, `Höchstens ${FEED_PAGE_SIZE_MAX} Einträge pro Seite.`)
      .default(FEED_PAGE_SIZE_DEFAULT),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: M.latLngTogether,
    path: ['lat'],
  })
  .refine((query) => query.zipCode === undefined || query.lat === undefined, {
    message: M.placeTwice,
    path: ['zipCode'],
  })
  .refine((query) => !query.startFrom || !query.startTo || query.startFrom <= query.startTo, {
    message: M.startRange,
    path: ['startFrom'],
  });
export type CandidateFeedQuery = z.input<typeof candidateFeedQuerySchema>;
export type CandidateFeedQueryParsed = z.output<typeof candidateFeedQuerySchema>;

export const candidateFeedItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  type: postingTypeSchema,
  trainingOccupationName: z.string().nullable(),
  organization: organizationSummarySchema,
  city: z.string(),
  zipCode: z.string(),
  start: z.string().nullable(),
  descriptionExcerpt: z.string(),
  /** First photo (GET /rest/applicant/vacancies/{id}/photos/{photoId}), null without photos. */
  image: idSchema.nullable(),
  /** Kilometres from the centre; null without a centre or without coordinates. */
  distanceKm: z.number().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  myState: myPostingStateSchema,
});
export type CandidateFeedItem = z.infer<typeof candidateFeedItemSchema>;

export const candidateFeedResponseSchema = z.object({
  items: z.array(candidateFeedItemSchema),
  /** Send as `cursor` (same sort and filters) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The centre the distances are measured from, and where it came from; null without one. */
  centre: z
    .object({ lat: z.number(), lng: z.number(), source: z.enum(['coordinates', 'zipCode', 'profile']) })
    .nullable(),
  /** Today's expressions of interest (Berlin day) and the daily cap, so the deck can show the limit. */
  interestsToday: z.object({ used: z.number().int().min(0), perDay: z.number().int().min(1) }),
});
export type CandidateFeedResponse = z.infer<typeof candidateFeedResponseSchema>;

/** POST /rest/applicant/dismissals/{vacancyId} answer. */
export const dismissalSchema = z.object({
  vacancyId: idSchema,
  dismissedAt: z.iso.datetime({ offset: true }),
  myState: myPostingStateSchema,
});
export type Dismissal = z.infer<typeof dismissalSchema>;

/** The optional note with an expression of interest: trimmed plain text, blank = none. */
export const interestNoteSchema = safeString()
  .trim()
  .max(INTEREST_NOTE_MAX_LENGTH, M.noteTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

export const candidateStrengthSchema = z.enum(CANDIDATE_STRENGTHS, {
  error: 'Bitte wähle eine Stärke aus der Liste.',
});
export const candidateStrengthsSchema = z
  .array(candidateStrengthSchema)
  .max(MAX_CANDIDATE_STRENGTHS, M.tooManyStrengths)
  .refine((list) => new Set(list).size === list.length, M.strengthsTwice);
export const wantedFieldsSchema = z
  .array(safeString().trim().min(1).max(WANTED_FIELD_MAX_LENGTH))
  .max(MAX_WANTED_FIELDS, `Höchstens ${MAX_WANTED_FIELDS} Wunschberufe.`);
export const wantedTypesSchema = z.array(postingTypeSchema).max(POSTING_TYPES.length);
