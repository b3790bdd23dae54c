import { z } from 'zod';
import { postingTypeSchema } from './enums.schema';
import { regionSchema } from './enums.schema';
import { idSchema, safeString } from './fields';
import { organizationSchema } from './organization.schema';
import { apiPath, API_PATHS } from './paths';
import { vacancySchema } from './vacancy.schema';

/**
 * The public marketplace (issue #13): what anyone may read without an account — visible postings
 * (active, of an active organisation) with their public fields, and the public fields of their
 * company. Never a person: no contact names, no e-mail addresses, no users, no candidates; the
 * company's phone only when the company made it public.
 */

export const PUBLIC_VACANCY_SORTS = ['newest', 'start', 'title', 'distance'] as const;
export type PublicVacancySort = (typeof PUBLIC_VACANCY_SORTS)[number];
export const PUBLIC_VACANCY_SORT_LABELS: Record<PublicVacancySort, string> = {
  newest: 'Neueste zuerst',
  start: 'Frühester Beginn',
  title: 'Titel A–Z',
  distance: 'Entfernung',
};
export const PUBLIC_RADIUS_OPTIONS_KM = [5, 10, 25, 50, 100] as const;
export const PUBLIC_PAGE_SIZE_DEFAULT = 12;
export const PUBLIC_PAGE_SIZE_MAX = 50;

export const PUBLIC_MESSAGES = {
  invalidZipCode: 'Bitte geben Sie eine gültige Postleitzahl mit fünf Ziffern ein.',
  unknownZipCode: 'Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie die Eingabe.',
  distanceNeedsZipCode: 'Für die Sortierung nach Entfernung geben Sie bitte eine Postleitzahl ein.',
  invalidCursor: 'Der Seiten-Cursor ist ungültig. Bitte laden Sie die Liste neu.',
  notFound: 'Diese Stellenanzeige gibt es nicht oder sie ist nicht mehr online.',
} as const;

const filterText = (max: number, label: string) =>
  safeString()
    .trim()
    .min(1, `${label} darf nicht leer sein.`)
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`)
    .optional();

/** GET /rest/public/vacancies: one region's visible postings, filtered, sorted, keyset-paged. */
export const publicVacancyQuerySchema = z.object({
  region: regionSchema,
  type: postingTypeSchema.optional(),
  /** Exact training occupation (one of the answer's `facets.occupations`). */
  occupation: filterText(160, 'Der Ausbildungsberuf'),
  /** Exact place (one of the answer's `facets.places`). */
  place: filterText(120, 'Der Ort'),
  /** With a German postcode: only postings within `radiusKm` of its centre. */
  zipCode: z
    .string()
    .regex(/^[0-9]{5}$/, PUBLIC_MESSAGES.invalidZipCode)
    .optional(),
  radiusKm: z.coerce
    .number({ error: 'Bitte geben Sie einen Umkreis in Kilometern an.' })
    .int('Bitte geben Sie einen Umkreis in ganzen Kilometern an.')
    .min(1, 'Der Umkreis muss mindestens 1 km sein.')
    .max(200, 'Der Umkreis darf höchstens 200 km sein.')
    .default(25),
  sort: z.enum(PUBLIC_VACANCY_SORTS, { error: 'Unbekannte Sortierung.' }).default('newest'),
  /** `nextCursor` of the previous page (opaque; valid for the same sort only). */
  cursor: z
    .string()
    .max(1000, PUBLIC_MESSAGES.invalidCursor)
    .regex(/^[A-Za-z0-9_-]+$/, PUBLIC_MESSAGES.invalidCursor)
    .optional(),
  limit: z.coerce
    .number({ error: 'Ungültige Seitengröße.' })
    .int('Ungültige Seitengröße.')
    .min(1, 'Ungültige Seitengröße.')
    .max(PUBLIC_PAGE_SIZE_MAX, `Höchstens ${PUBLIC_PAGE_SIZE_MAX} Einträge pro Seite.`)
    .default(PUBLIC_PAGE_SIZE_DEFAULT),
});
export type PublicVacancyQuery = z.input<typeof publicVacancyQuerySchema>;
export type PublicVacancyQueryParsed = z.output<typeof publicVacancyQuerySchema>;

export const publicOrganizationSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Same-origin URL of the logo (public, cacheable), null without one. */
  logoUrl: z.string().nullable(),
});

export const publicVacancyListItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  type: postingTypeSchema,
  trainingOccupationName: z.string().nullable(),
  city: z.string(),
  zipCode: z.string(),
  start: z.string().nullable(),
  startOfTraining: z.string().nullable(),
  /** Monthly pay per training year (1–4), euros. */
  salaryPerTrainingYear: z.array(z.number()),
  descriptionExcerpt: z.string(),
  organization: publicOrganizationSummarySchema,
  /** URL of the first photo, null without photos. */
  imageUrl: z.string().nullable(),
  /** Kilometres from the requested postcode; null without one. */
  distanceKm: z.number().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PublicVacancyListItem = z.infer<typeof publicVacancyListItemSchema>;

export const publicVacancyListResponseSchema = z.object({
  items: z.array(publicVacancyListItemSchema),
  /** Postings matching the filters (all pages). */
  total: z.number().int().nonnegative(),
  /** Send as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Choices for the filters: every occupation and place among the region's visible postings. */
  facets: z.object({ occupations: z.array(z.string()), places: z.array(z.string()) }),
});
export type PublicVacancyListResponse = z.infer<typeof publicVacancyListResponseSchema>;

export const publicPhotoSchema = z.object({
  id: idSchema,
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** GET /rest/public/vacancies/{id}: every public field of a visible posting and its company. */
export const publicVacancySchema = vacancySchema
  .pick({
    id: true,
    title: true,
    type: true,
    trainingOccupationName: true,
    duration: true,
    start: true,
    startOfTraining: true,
    /** Sanitised HTML (the rich-text policy); render through the sanitiser again. */
    description: true,
    whatWereLookingFor: true,
    about: true,
    taskDescription: true,
    benefits: true,
    additionalBenefits: true,
    salaryRange: true,
    compensation: true,
    location: true,
    applicationDeadline: true,
    minAge: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    region: regionSchema,
    photos: z.array(publicPhotoSchema),
    organization: publicOrganizationSummarySchema.extend({
      branch: z.string().nullable(),
      employeeCount: z.number().int().nullable(),
      /** Plain text with line breaks. */
      about: z.string().nullable(),
      links: organizationSchema.shape.links,
      /** Only when the company marked its phone number public (Mein Unternehmen). */
      contactPhone: z.string().nullable(),
    }),
    /** Path of the server-rendered public page (`/stellen/<id>`). */
    publicPath: z.string(),
  });
export type PublicVacancy = z.infer<typeof publicVacancySchema>;

export function publicVacancyPhotoUrl(vacancyId: string, photoId: string): string {
  return apiPath(API_PATHS.publicVacancyPhoto, { id: vacancyId, photoId });
}

/** The logo's URL carries the photo id, so a new logo is a new URL (and caches never show the old one). */
export function publicOrganizationLogoUrl(organizationId: string, logoPhotoId: string): string {
  return `${apiPath(API_PATHS.publicOrganizationLogo, { id: organizationId })}?v=${encodeURIComponent(logoPhotoId)}`;
}
