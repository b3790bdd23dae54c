/**
 * "Nicht interessiert" (issue 46 item 4, ADR 0100): a candidate's dismissal of a posting. One row per
 * candidate and posting, removed by the undo; the feed leaves dismissed postings out. Goes with the
 * candidate's account and with the posting (ON DELETE CASCADE).
 */
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { vacancies } from './vacancies';

export const applicantDismissals = pgTable(
  'applicant_dismissals',
  {
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The feed's anti-join per candidate and posting is this primary key.
    primaryKey({ columns: [table.applicantId, table.vacancyId] }),
    // The posting's deletion cascade.
    index('applicant_dismissals_vacancy_idx').on(table.vacancyId),
  ],
);

export type ApplicantDismissalRow = typeof applicantDismissals.$inferSelect;
