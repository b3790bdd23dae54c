import type {
  ApplicantProfile,
  CandidateProfile,
  CandidateStrength,
  ParentalConsent,
  PostingType,
  Region,
} from '@matchwerk/shared';
import { candidateAge } from './age-rules';

/** The profile columns an answer needs (a missing profile row reads as empty lists). */
export interface ProfileFields {
  names: string[] | null;
  familyNames: string[] | null;
  dateOfBirth: string | null;
  school: string | null;
  region: Region | null;
  about: string | null;
  interests: string[] | null;
  /** Issue 46 item 8 (ADR 0100); absent where a query does not read them (empty then). */
  zipCode?: string | null;
  wantedTypes?: PostingType[] | null;
  wantedFields?: string[] | null;
  availableFrom?: string | null;
  strengths?: CandidateStrength[] | null;
}

export const EMPTY_PROFILE: ProfileFields = {
  names: [],
  familyNames: [],
  dateOfBirth: null,
  school: null,
  region: null,
  about: null,
  interests: [],
};

/** The candidate's own profile (GET/PUT /rest/applicant/profile): with the birth date and the parental consent. */
export function toApplicantProfile(
  applicantId: string,
  profile: ProfileFields | null,
  photoIds: string[],
  parentalConsent: ParentalConsent,
): ApplicantProfile {
  const fields = profile ?? EMPTY_PROFILE;
  return {
    ...toCandidateFields(applicantId, fields, photoIds),
    dateOfBirth: fields.dateOfBirth,
    zipCode: fields.zipCode ?? null,
    parentalConsent,
  };
}

/**
 * A candidate as organisations, partners and administrators see them (matchings, chats): the
 * age in whole years on today's Berlin day, never the birth date (ADR 0096).
 */
export function toCandidateProfile(
  applicantId: string,
  profile: ProfileFields | null,
  photoIds: string[],
  now: Date,
): CandidateProfile {
  const fields = profile ?? EMPTY_PROFILE;
  return { ...toCandidateFields(applicantId, fields, photoIds), age: candidateAge(fields.dateOfBirth, now) };
}

function toCandidateFields(applicantId: string, fields: ProfileFields, photoIds: string[]) {
  return {
    id: applicantId,
    names: fields.names ?? [],
    familyNames: fields.familyNames ?? [],
    school: fields.school,
    region: fields.region,
    about: fields.about,
    interests: fields.interests ?? [],
    wantedTypes: fields.wantedTypes ?? [],
    wantedFields: fields.wantedFields ?? [],
    availableFrom: fields.availableFrom ?? null,
    strengths: fields.strengths ?? [],
    photos: photoIds,
    photosCount: photoIds.length,
  };
}
