/**
 * Data protection by default (issue #14, ADR 0046): the retention periods administrators set,
 * and the organisation's data export (GDPR Art. 15/20). docs/data-protection.md says what is
 * deleted when.
 */
import { z } from 'zod';

/** Bounds of the retention settings (months); the defaults are what a fresh installation uses. */
export const RETENTION_BOUNDS = {
  matchingRetentionMonths: { min: 1, max: 36, default: 6 },
  candidateInactivityMonths: { min: 6, max: 60, default: 24 },
} as const;

/** Days before the deletion of a season's matchings and chats that the organisation gets its mail. */
export const RETENTION_NOTICE_DAYS = 14;

function monthsField(label: string, bounds: { min: number; max: number }) {
  const message = `${label}: bitte eine ganze Zahl von ${bounds.min} bis ${bounds.max} Monaten angeben.`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });
}

export const retentionSettingsInputSchema = z
  .object({
    /** Chats and matchings: months after the matching was closed (docs/data-protection.md). */
    matchingRetentionMonths: monthsField(
      'Aufbewahrung von Matchings und Chats',
      RETENTION_BOUNDS.matchingRetentionMonths,
    ),
    /** Candidates: months without any activity before the account is deleted. */
    candidateInactivityMonths: monthsField(
      'Löschung inaktiver Bewerberkonten',
      RETENTION_BOUNDS.candidateInactivityMonths,
    ),
  })
  .strict();
export type RetentionSettingsInput = z.infer<typeof retentionSettingsInputSchema>;

export const retentionSettingsSchema = retentionSettingsInputSchema.extend({
  /** ISO time of the last change; null while the defaults apply. */
  updatedAt: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** The export's file name: `matchwerk-export-<slug>-<YYYY-MM-DD>.zip`. */
export const DATA_EXPORT_MIME_TYPE = 'application/zip';
