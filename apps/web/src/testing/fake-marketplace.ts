import type { CandidateProfile, ChatMessage, OrganizationMatching } from '@matchwerk/shared';

/** A candidate profile as the organisation sees it; override what a test cares about. */
export function fakeApplicant(overrides: Partial<CandidateProfile> = {}): CandidateProfile {
  return {
    id: 'app-1',
    names: ['Lea'],
    familyNames: ['Schulz'],
    age: 17,
    school: 'Realschule plus Vallendar',
    region: 'HORB',
    about: 'Ich schraube gern an Fahrrädern.',
    interests: ['Technik', 'Sport'],
    wantedTypes: [],
    wantedFields: [],
    availableFrom: null,
    strengths: [],
    photos: [],
    photosCount: 0,
    ...overrides,
  };
}

export function fakeMatching(overrides: Partial<OrganizationMatching> = {}): OrganizationMatching {
  const applicant = overrides.applicant ?? fakeApplicant();
  return {
    vacancyId: 'vac-1',
    vacancyTitle: 'Ausbildung Kfz-Mechatroniker/in',
    applicantId: applicant.id,
    applicant,
    state: 'OPEN',
    photos: applicant.photos,
    photosCount: applicant.photosCount,
    createdAt: '2026-11-20T09:30:00.000Z',
    decidedAt: null,
    contactEnded: false,
    note: null,
    ...overrides,
  };
}

export function fakeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'msg-1',
    clientMessageId: null,
    sender: 'APPLICANT',
    text: 'Hallo!',
    timestamp: '2026-11-20T10:00:00.000Z',
    seq: 1,
    ...overrides,
  };
}
