/**
 * Safeguarding (issue 46 item 6, ADR 0101): candidates' reports, worked through by regional
 * partners and administrators, and the contacts a candidate ended with a company.
 */
import { REGIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECTS } from '@matchwerk/shared';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';
import { organizations } from './organizations';
import { users } from './users';
import { vacancies } from './vacancies';

const tz = { withTimezone: true } as const;

/**
 * A candidate's report of a posting, a company or a chat. The region is the reported company's
 * at the time (partners see their regions' reports). The reporter is kept for partners only and
 * goes when the account goes (set null); the posting's title stays when the posting goes.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject', { enum: REPORT_SUBJECTS }).notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text').notNull().default(''),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    organizationName: text('organization_name').notNull(),
    vacancyId: uuid('vacancy_id').references(() => vacancies.id, { onDelete: 'set null' }),
    vacancyTitle: text('vacancy_title'),
    region: text('region', { enum: REGIONS }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('OPEN'),
    statusNote: text('status_note'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [
    // The queue: per region (partners) or all (admins), by status, newest first.
    index('reports_region_status_created_idx').on(table.region, table.status, table.createdAt),
    index('reports_status_created_idx').on(table.status, table.createdAt),
    index('reports_reporter_idx').on(table.reporterId),
    check('reports_subject', isOneOf(table.subject, REPORT_SUBJECTS)),
    check('reports_reason', isOneOf(table.reason, REPORT_REASONS)),
    check('reports_status', isOneOf(table.status, REPORT_STATUSES)),
    check('reports_region', isOneOf(table.region, REGIONS)),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/**
 * A candidate ended contact with a company: their chat is closed for both sides, the company's
 * postings leave the candidate's lists and no new matching is made. One row per pair, for good.
 */
export const contactEnds = pgTable(
  'contact_ends',
  {
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endedAt: timestamp('ended_at', tz).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicantId, table.organizationId] }),
    index('contact_ends_organization_idx').on(table.organizationId),
  ],
);

export type ContactEndRow = typeof contactEnds.$inferSelect;
