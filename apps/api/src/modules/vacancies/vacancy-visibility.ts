import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, photos, vacancies } from '../../db/schema/index';

/**
 * The organisation half of the rule below: an organisation the public may see at all (waiting
 * sign-ups and deactivated organisations are inactive, ADR 0020). For queries that read an
 * organisation without its postings (the job widget's company).
 */
export function organizationVisibleToCandidates(): SQL {
  return eq(organizations.active, true);
}

/**
 * The deadline half: a posting whose application deadline (a day in Europe/Berlin) has passed is
 * hidden at once, even before the schedule job has deactivated it (ADR 0042).
 */
export function deadlineNotPassed(): SQL {
  return sql`(${vacancies.applicationDeadline} is null or ${vacancies.applicationDeadline} >= (now() at time zone 'Europe/Berlin')::date)`;
}

/**
 * The one rule for what candidates and the public may see of a posting: the posting is active, its
 * application deadline has not passed, and its organisation is active (waiting sign-ups and
 * deactivated organisations are inactive, ADR 0020). Queries that use it join `organizations` on
 * the posting's organisation.
 */
export function visibleToCandidates(): SQL {
  return and(eq(vacancies.active, true), deadlineNotPassed(), organizationVisibleToCandidates())!;
}

/** A photo of a posting candidates and the public may see (candidate app, public pages); null otherwise. */
export async function findVisibleVacancyPhoto(
  db: Database,
  vacancyId: string,
  photoId: string,
): Promise<{ storageKey: string; mimeType: string } | null> {
  const rows = await db
    .select({ storageKey: photos.storageKey, mimeType: photos.mimeType })
    .from(photos)
    .innerJoin(vacancies, eq(vacancies.id, photos.vacancyId))
    .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
    .where(and(eq(photos.id, photoId), eq(photos.vacancyId, vacancyId), visibleToCandidates()))
    .limit(1);
  return rows[0] ?? null;
}
