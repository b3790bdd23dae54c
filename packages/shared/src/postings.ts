import { z } from 'zod';

export const POSTING_TYPES = [
  'APPRENTICESHIP',
  'INTERNSHIP',
  'DUAL_STUDY',
  'HOLIDAY_JOB',
  'VOLUNTARY_SERVICE',
] as const;
export type PostingType = (typeof POSTING_TYPES)[number];
export const postingTypeSchema = z.enum(POSTING_TYPES, { error: 'Bitte wählen Sie eine Art der Stelle.' });

export const POSTING_TYPE_LABELS: Record<PostingType, string> = {
  APPRENTICESHIP: 'Ausbildung',
  INTERNSHIP: 'Praktikum',
  DUAL_STUDY: 'Duales Studium',
  HOLIDAY_JOB: 'Ferienjob',
  VOLUNTARY_SERVICE: 'Freiwilligendienst',
};
