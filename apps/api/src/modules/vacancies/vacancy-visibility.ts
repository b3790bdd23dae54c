import { and, eq, type SQL } from 'drizzle-orm';
import { organizations, vacancies } from '../../db/schema/index';

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
