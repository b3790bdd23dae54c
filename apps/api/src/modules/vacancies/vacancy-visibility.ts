import { and, eq, type SQL } from 'drizzle-orm';
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
 * The one rule for what candidates and the public may see of a posting: the posting is active and
 * so is its organisation (waiting sign-ups and deactivated organisations are inactive, ADR 0020).
 * Queries that use it join `organizations` on the posting's organisation.
 */
export function visibleToCandidates(): SQL {
  return and(eq(vacancies.active, true), organizationVisibleToCandidates())!;
}

/** A photo of a posting candidates and the public may see (candidate app, public pages); null otherwise. */
export async function findVisibleVacancyPhoto(db: Database, vacancyId: string, photoId: string): Promise<{ storageKey: string; mimeType: string } | null> {
  const rows = await db
    .select({ storageKey: photos.storageKey, mimeType: photos.mimeType })
    .from(photos)
    .innerJoin(vacancies, eq(vacancies.id, photos.vacancyId))
    .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
    .where(and(eq(photos.id, photoId), eq(photos.vacancyId, vacancyId), visibleToCandidates()))
    .limit(1);
  return rows[0] ?? null;
}
