import { BENEFITS, POSTING_TYPES, REGIONS } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { hasOnly, isOneOf } from './enum-checks';
import { organizations } from './organizations';

const tz = { withTimezone: true } as const;

/**
 * A posting (spec §3 Vacancy). Rich-text columns hold HTML that was sanitised on the way in;
 * `description_excerpt` is its plain-text start for the list, so the list never reads the HTML.
 * Later tables (applications, matchings) reference vacancies ON DELETE CASCADE.
 */
export const vacancies = pgTable(
  'vacancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /**
     * Copies of the organisation's name and region (ADR 0028), so the list sorts, filters, searches
     * and counts on this table alone, each from one index. Triggers keep them right: a posting takes
     * them from its organisation on insert and on a change of organisation_id, and renaming or
     * moving an organisation rewrites its postings in the same transaction. Inserts need not name
     * them: the BEFORE INSERT trigger always sets them, and NOT NULL and CHECK are tested after it.
     * The region has no SQL default (an empty one would not be a region, ADR 0048); the insert
     * sends NULL for the trigger to fill.
     */
    organizationName: text('organization_name').notNull().default(''),
    organizationRegion: text('organization_region', { enum: REGIONS })
      .notNull()
      .$defaultFn(() => sql`null`),
    active: boolean('active').notNull().default(false),
    title: text('title').notNull(),
    type: text('type', { enum: POSTING_TYPES }).notNull(),
    trainingOccupationName: text('training_occupation_name'),
    duration: text('duration'),
    start: date('start', { mode: 'string' }),
    startOfTraining: date('start_of_training', { mode: 'string' }),
    description: text('description').notNull(),
    descriptionExcerpt: text('description_excerpt').notNull().default(''),
    whatWereLookingFor: text('what_were_looking_for'),
    about: text('about'),
    taskDescription: text('task_description'),
    benefits: text('benefits', { enum: BENEFITS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    additionalBenefits: text('additional_benefits'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone'),
    salaryRange: text('salary_range'),
    /** Monthly salary per training year (1–4), euros with cents. */
    salaryPerTrainingYear: numeric('salary_per_training_year', { precision: 9, scale: 2 })
      .array()
      .notNull()
      .default(sql`'{}'::numeric[]`),
    additionalCompensation: text('additional_compensation'),
    country: text('country').notNull().default('Deutschland'),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    street: text('street'),
    streetNumber: text('street_number'),
    /** "Bewerbungsschluss": last day to apply; from the next day (Europe/Berlin) the posting is hidden and deactivated (ADR 0042). */
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    /** "Veröffentlichen am": the schedule job activates the posting on this day and clears it (ADR 0042). */
    publishOn: date('publish_on', { mode: 'string' }),
    /** Youngest candidate age in years, 13–18; the API writes the type's default when none is given (ADR 0096). */
    minAge: smallint('min_age').notNull().default(15),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** Raised by every write (the ETag); a PUT with If-Match writes only `where version = expected`. */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    // An organisation's list (ORGANIZATION users) and the admin/partner sort "organisation name, title":
    // organisations are read in name order (organizations_region_name_idx / organizations_name_idx),
    // their postings through this index already in title order. With the id in it, the postings
    // of a few organisations are read from the index alone (the open matchings of a page of the
    // organisations list, ADR 0033).
    index('vacancies_organization_id_title_idx').on(table.organizationId, table.title, table.id),
    index('vacancies_active_idx').on(table.active),
    // One index per offered sort of the list (ADR 0028): a page, a keyset page (cursor) and a
    // backward scan for descending order walk the index; every key ends with the id, so ties have
    // a stable order. `start` sorts empty dates last in both directions: infinity for ascending,
    // -infinity (scanned backwards) for descending.
    index('vacancies_list_organization_name_idx').on(table.organizationName, table.title, table.id),
    // Partners: their region's postings by organisation name; also the index-only count per region.
    index('vacancies_list_region_idx').on(table.organizationRegion, table.organizationName, table.title, table.id),
    index('vacancies_list_title_idx').on(table.title, table.organizationName, table.id),
    index('vacancies_list_start_asc_idx').on(sql`coalesce(${table.start}, 'infinity'::date)`, table.title, table.id),
    index('vacancies_list_start_desc_idx').on(sql`coalesce(${table.start}, '-infinity'::date)`, table.title, table.id),
    index('vacancies_list_contact_name_idx').on(table.contactName, table.title, table.id),
    index('vacancies_list_updated_at_idx').on(table.updatedAt, table.id),
    // The public list of a region (issue #13, ADR 0034): only active postings, one index per public
    // sort, each ending with the id for a stable keyset; newest first is the backward scan.
    index('vacancies_public_newest_idx')
      .on(table.organizationRegion, table.createdAt, table.id)
      .where(sql`active`),
    index('vacancies_public_title_idx')
      .on(table.organizationRegion, table.title, table.id)
      .where(sql`active`),
    index('vacancies_public_start_idx')
      .on(table.organizationRegion, sql`coalesce(${table.start}, 'infinity'::date)`, table.id)
      .where(sql`active`),
    // The candidate feed (issue 46, ADR 0100): all regions, active only, one index per feed order,
    // each ending with the id for a stable keyset; "near" reads a latitude band of the last one.
    index('vacancies_feed_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`active`),
    index('vacancies_feed_start_idx')
      .on(sql`coalesce(${table.start}, 'infinity'::date)`, table.id)
      .where(sql`active`),
    index('vacancies_feed_place_idx')
      .on(table.lat, table.lng)
      .where(sql`active`),
    // Search: substring (ilike '%…%') on title, organisation name and place through trigrams (pg_trgm).
    index('vacancies_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('vacancies_organization_name_trgm_idx').using('gin', table.organizationName.op('gin_trgm_ops')),
    index('vacancies_city_trgm_idx').using('gin', table.city.op('gin_trgm_ops')),
    // The schedule job (ADR 0042) finds its few rows through these small partial indexes.
    index('vacancies_publish_on_idx')
      .on(table.publishOn)
      .where(sql`publish_on is not null`),
    index('vacancies_deadline_active_idx')
      .on(table.applicationDeadline)
      .where(sql`active and application_deadline is not null`),
    check('vacancies_salary_years_max_4', sql`coalesce(array_length(${table.salaryPerTrainingYear}, 1), 0) <= 4`),
    check('vacancies_organization_region', isOneOf(table.organizationRegion, REGIONS)),
    check('vacancies_type', isOneOf(table.type, POSTING_TYPES)),
    check('vacancies_min_age', sql`${table.minAge} between 13 and 18`),
    check('vacancies_benefits', hasOnly(table.benefits, BENEFITS)),
  ],
);

export type VacancyRow = typeof vacancies.$inferSelect;
export type NewVacancyRow = typeof vacancies.$inferInsert;

export const PHOTO_OWNER_KINDS = ['vacancy', 'organization', 'applicant'] as const;
export type PhotoOwnerKind = (typeof PHOTO_OWNER_KINDS)[number];

/**
 * Every stored image (vacancy photos, organisation logos, later applicant photos). The file
 * lives in blob storage under `storage_key`; rows follow their owner by ON DELETE CASCADE, and
 * the service removes the files after the deleting transaction has committed.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKind: text('owner_kind', { enum: PHOTO_OWNER_KINDS }).notNull(),
    /** The organisation the image belongs to (logo, or the organisation of the vacancy): one query finds every file of a company. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id').references(() => vacancies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('photos_vacancy_id_position_idx').on(table.vacancyId, table.position),
    index('photos_organization_id_idx').on(table.organizationId),
    check('photos_owner_kind', isOneOf(table.ownerKind, PHOTO_OWNER_KINDS)),
    check('photos_vacancy_owner', sql`${table.ownerKind} <> 'vacancy' or ${table.vacancyId} is not null`),
  ],
);

export type PhotoRow = typeof photos.$inferSelect;
