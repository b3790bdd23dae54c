import { CURRENT_LEGAL_VERSIONS, LEGAL_DOCUMENTS, type LegalVersions } from '@matchwerk/shared';
import type { legalAcceptances } from '../../db/schema/index';

/**
 * Rows saying "accepted both legal texts in these versions at `at`": for users that are created
 * as having signed (demo seed, tests). Real users accept at sign-up and at the legal gate.
 */
export function legalAcceptanceRows(
  userId: string,
  at: Date,
  versions: LegalVersions = CURRENT_LEGAL_VERSIONS,
): (typeof legalAcceptances.$inferInsert)[] {
  return LEGAL_DOCUMENTS.map((document) => ({ userId, document, version: versions[document], acceptedAt: at }));
}
