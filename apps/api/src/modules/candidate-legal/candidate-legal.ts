/**
 * The rules of the candidate texts that sign-up needs too (ADR 0102): which versions a candidate
 * accepts. Only the current version of a text can be accepted; a client that showed an older one
 * (the texts changed while the form was open) gets a German 400 and shows the new one.
 */
import {
  CANDIDATE_LEGAL_DOCUMENTS,
  CANDIDATE_LEGAL_DOCUMENT_LABELS,
  CURRENT_CANDIDATE_LEGAL_VERSIONS,
  type CandidateLegalDocument,
  type CandidateLegalVersions,
  type CandidateLegalVersionsInput,
} from '@matchwerk/shared';
import { AppError } from '../../errors/app-error';

export const CANDIDATE_LEGAL_MESSAGES = {
  outdated: (label: string) =>
    `${label}: Diese Fassung ist nicht mehr aktuell. Bitte lies die neue Fassung und stimme ihr zu.`,
  missing: (label: string) => `${label}: Bitte lies die neue Fassung und stimme ihr zu.`,
} as const;

/** Refuses versions that are not the current ones (400 with a field error per document). */
export function assertCurrentVersions(
  given: CandidateLegalVersionsInput,
  /** Where the versions are in the body, for the field errors (`accepted`, `acceptedLegalVersions`). */
  field: string,
  current: CandidateLegalVersions = CURRENT_CANDIDATE_LEGAL_VERSIONS,
): void {
  const fieldErrors: Record<string, string> = {};
  for (const document of CANDIDATE_LEGAL_DOCUMENTS) {
    const version = given[document];
    if (version !== undefined && version !== current[document])
      fieldErrors[`${field}.${document}`] = CANDIDATE_LEGAL_MESSAGES.outdated(
        CANDIDATE_LEGAL_DOCUMENT_LABELS[document],
      );
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', { message: Object.values(fieldErrors).join(' '), fieldErrors });
  }
}

/**
 * What a sign-up accepts: both texts in their current versions. `given` (the versions the app
 * showed) is checked when sent; without it the consent checkbox stands for the current versions.
 */
export function signupAcceptances(
  given: CandidateLegalVersionsInput | undefined,
  current: CandidateLegalVersions = CURRENT_CANDIDATE_LEGAL_VERSIONS,
): { document: CandidateLegalDocument; version: string }[] {
  if (given) {
    assertCurrentVersions(given, 'acceptedLegalVersions', current);
    const fieldErrors: Record<string, string> = {};
    for (const document of CANDIDATE_LEGAL_DOCUMENTS)
      if (given[document] === undefined)
        fieldErrors[`acceptedLegalVersions.${document}`] = CANDIDATE_LEGAL_MESSAGES.missing(
          CANDIDATE_LEGAL_DOCUMENT_LABELS[document],
        );
    if (Object.keys(fieldErrors).length > 0)
      throw new AppError('VALIDATION_FAILED', { message: Object.values(fieldErrors).join(' '), fieldErrors });
  }
  return CANDIDATE_LEGAL_DOCUMENTS.map((document) => ({ document, version: current[document] }));
}
