import { z } from 'zod';
import { BENEFITS } from '../benefits';
import { VACANCY_SORT_FIELDS } from '../postings';
import { postingTypeSchema } from './enums.schema';
import { idSchema, pageQuerySchema, pageSchema } from './fields';
import { organizationSummarySchema } from './users.schema';

/** Postings as the API answers them (read side); what an employer sends is in vacancy-input.schema.ts. */

export const geoPointSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

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
  /** Youngest candidate age in years (youth employment law, ADR 0096); younger candidates do not see the posting. */
  minAge: z.number().int(),
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
  /** Monthly pay per training year (1st, 2nd, …), euros; empty when not given (issue 48 item 5: the list's "Gehalt"). */
  salaryPerTrainingYear: z.array(z.number()),
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

/** DELETE /rest/vacancy/{id}/photos */
export const deletePhotosRequestSchema = z.object({ photoIds: z.array(idSchema).min(1).max(50) });
/** PUT /rest/vacancy/{id}/photos/order */
export const reorderPhotosRequestSchema = z.object({ photoIds: z.array(idSchema).max(50) });
export const photoUploadResponseSchema = z.object({ photoId: idSchema });
