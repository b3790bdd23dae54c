import type { ApplicantProfile, Region } from '@matchwerk/shared';

/** The profile columns an answer needs (a missing profile row reads as empty lists). */
export interface ProfileFields {
  names: string[] | null;
  familyNames: string[] | null;
  dateOfBirth: string | null;
  school: string | null;
  region: Region | null;
  about: string | null;
  interests: string[] | null;
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

export function toApplicantProfile(
  applicantId: string,
  profile: ProfileFields | null,
  photoIds: string[],
): ApplicantProfile {
  const fields = profile ?? EMPTY_PROFILE;
  return {
    id: applicantId,
    names: fields.names ?? [],
    familyNames: fields.familyNames ?? [],
    dateOfBirth: fields.dateOfBirth,
    school: fields.school,
    region: fields.region,
    about: fields.about,
    interests: fields.interests ?? [],
    photos: photoIds,
    photosCount: photoIds.length,
  };
}
