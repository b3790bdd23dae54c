/**
 * Concrete REST paths of the company-profile and postings calls, filled from the shared
 * `API_PATHS` templates so client and server never disagree.
 */
import { API_PATHS, apiPath } from '@matchwerk/shared';

export const organizationPaths = {
  list: API_PATHS.organizations,
  create: API_PATHS.organizations,
  detail: (id: string) => apiPath(API_PATHS.organization, { id }),
  logo: (id: string) => apiPath(API_PATHS.organizationLogoUpload, { id }),
  photos: (id: string) => apiPath(API_PATHS.organizationPhotos, { id }),
  photo: (id: string, photoId: string) => apiPath(API_PATHS.organizationPhoto, { id, photoId }),
} as const;

export const vacancyPaths = {
  list: API_PATHS.vacancies,
  create: (organizationId: string) => apiPath(API_PATHS.vacancyCreate, { organizationId }),
  detail: (id: string) => apiPath(API_PATHS.vacancy, { id }),
  activate: (id: string) => apiPath(API_PATHS.vacancyActivate, { id }),
  deactivate: (id: string) => apiPath(API_PATHS.vacancyDeactivate, { id }),
  duplicate: (id: string) => apiPath(API_PATHS.vacancyDuplicate, { id }),
  photos: (id: string) => apiPath(API_PATHS.vacancyPhotos, { id }),
  photoOrder: (id: string) => apiPath(API_PATHS.vacancyPhotoOrder, { id }),
  photo: (id: string, photoId: string) => apiPath(API_PATHS.vacancyPhoto, { id, photoId }),
} as const;

export const userPaths = {
  notifications: (userId: string) => apiPath(API_PATHS.notificationSettings, { userId }),
} as const;

/** Matchings, candidate photos and chats of the organisation (spec §7). */
export const marketplacePaths = {
  matchings: API_PATHS.organizationMatchings,
  setMatchingResult: API_PATHS.setMatchingResult,
  applicantPhoto: (applicantId: string, photoId: string) => apiPath(API_PATHS.applicantPhoto, { applicantId, photoId }),
  chats: API_PATHS.chats,
  chat: (applicantId: string) => apiPath(API_PATHS.organizationChat, { applicantId }),
  chatPolling: (applicantId: string) => apiPath(API_PATHS.organizationChatPolling, { applicantId }),
  sendMessage: (applicantId: string) => apiPath(API_PATHS.sendMessage, { applicantId }),
  chatRead: (applicantId: string) => apiPath(API_PATHS.organizationChatRead, { applicantId }),
  unread: API_PATHS.unread,
  matchingsSeen: API_PATHS.unreadMatchingsSeen,
} as const;

export const publicPaths = {
  vacancies: API_PATHS.publicVacancies,
  vacancy: (id: string) => apiPath(API_PATHS.publicVacancy, { id }),
} as const;
