import { REGIONS } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';

const tz = { withTimezone: true } as const;

/** Organisation of spec §3 (an employer). */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    region: text('region', { enum: REGIONS }).notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    member: boolean('member').notNull().default(false),
    employeeCount: integer('employee_count'),
    branch: text('branch'),
    about: text('about'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    /** The company chose to show contact_phone on the public pages (issue #13); off unless it says so. */
    contactPhonePublic: boolean('contact_phone_public').notNull().default(false),
    contactMail: text('contact_mail'),
    linkDataProtection: text('link_data_protection'),
    linkWebsite: text('link_website'),
    linkLinkedin: text('link_linkedin'),
    linkXing: text('link_xing'),
    linkInstagram: text('link_instagram'),
    linkFacebook: text('link_facebook'),
    /** Place (Ort) shown in the administration's lists; the postings carry their own addresses. */
    city: text('city'),
    /**
     * When a partner or admin released the organisation (approval queue, ADR 0020). Null = a
     * self sign-up waiting for release: inactive, its postings hidden from candidates.
     */
    approvedAt: timestamp('approved_at', tz),
    /** Id of the logo's row in `photos` (no FK: the photo row points back with organization_id and cascades). */
    logoPhotoId: text('logo_photo_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** Raised by every write (the ETag); a PUT with If-Match writes only `where version = expected`. */
    version: integer('version').notNull().default(1),
    /**
     * Its postings, all and active: kept by triggers on `vacancies` (migration 0012, ADR 0033),
     * never written by code. The administration's list sorts by them and shows them without
     * counting 50,000 postings per request.
     */
    vacancyCount: integer('vacancy_count').notNull().default(0),
    activeVacancyCount: integer('active_vacancy_count').notNull().default(0),
    /**
     * The newest sign-in of its users: kept by triggers on `users` (migration 0022), never written
     * by code. The administration's list sorts by it without grouping every user per request.
     */
    lastSignInAt: timestamp('last_sign_in_at', tz),
  },
  (table) => [
    index('organizations_region_idx').on(table.region),
    // The administration's lists page in (name, id) order; with the id in the index a deep
    // page is an index walk instead of a sort of the whole table (bench, issue #10).
    index('organizations_name_idx').on(table.name, table.id),
    // Partner lists: organisations of a region in name order.
    index('organizations_region_name_idx').on(table.region, table.name, table.id),
    index('organizations_city_idx').on(table.city, table.name, table.id),
    index('organizations_created_at_idx').on(table.createdAt),
    // Substring search of the organisations and users lists through trigrams (pg_trgm, ADR 0028).
    index('organizations_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('organizations_city_trgm_idx').using('gin', table.city.op('gin_trgm_ops')),
    // Sorted by number of postings (ADR 0033): descending (most first) and ascending, then name and id.
    index('organizations_vacancy_count_desc_idx').on(table.vacancyCount.desc().nullsFirst(), table.name, table.id),
    index('organizations_vacancy_count_idx').on(table.vacancyCount, table.name, table.id),
    // Sorted by last sign-in: never signed in comes last in both directions.
    index('organizations_last_sign_in_desc_idx').on(table.lastSignInAt.desc().nullsLast(), table.name, table.id),
    index('organizations_last_sign_in_idx').on(table.lastSignInAt.asc().nullsLast(), table.name, table.id),
    // The approval queue: few rows, found without a scan.
    index('organizations_waiting_idx')
      .on(table.region)
      .where(sql`approved_at is null`),
    check('organizations_region', isOneOf(table.region, REGIONS)),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;
