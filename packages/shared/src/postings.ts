export const POSTING_TYPES = [
  'APPRENTICESHIP',
  'INTERNSHIP',
  'DUAL_STUDY',
  'HOLIDAY_JOB',
  'VOLUNTARY_SERVICE',
] as const;
export type PostingType = (typeof POSTING_TYPES)[number];

export const POSTING_TYPE_LABELS: Record<PostingType, string> = {
  APPRENTICESHIP: 'Ausbildung',
  INTERNSHIP: 'Praktikum',
  DUAL_STUDY: 'Duales Studium',
  HOLIDAY_JOB: 'Ferienjob',
  VOLUNTARY_SERVICE: 'Freiwilligendienst',
};

/** Sort fields of the posting list (GET /rest/vacancy). */
export const VACANCY_SORT_FIELDS = ['organizationName', 'title', 'start', 'contactName', 'updatedAt'] as const;
/**
 * A search counts its matches only up to this many (ADR 0028): counting every posting that
 * contains a common word reads each of them from the table (30 ms and more at 50,000 postings).
 */
export const VACANCY_SEARCH_COUNT_LIMIT = 1000;
/** Suffix of a duplicate's title. */
export const DUPLICATE_TITLE_SUFFIX = ' (Kopie)';
/** The phrase a user types to delete a vacancy (spec §5). */
export const DELETE_VACANCY_PHRASE = 'STELLENANZEIGE LÖSCHEN';
