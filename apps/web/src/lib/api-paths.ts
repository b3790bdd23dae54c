/**
 * REST paths of the company-profile and postings calls (spec §7), built in one place.
 * Everything else comes from the shared `API_PATHS`.
 */
const seg = (value: string) => encodeURIComponent(value);

export const organizationPaths = {
  list: '/rest/organization/',
  create: '/rest/organization/',
  detail: (id: string) => `/rest/organization/${seg(id)}`,
  logo: (id: string) => `/rest/organization/${seg(id)}/photo`,
  photo: (id: string, photoId: string) => `/rest/organization/${seg(id)}/photos/${seg(photoId)}`,
  photos: (id: string) => `/rest/organization/${seg(id)}/photos`,
} as const;

export const vacancyPaths = {
  list: '/rest/vacancy',
  create: (organizationId: string) => `/rest/vacancy/${seg(organizationId)}`,
  detail: (id: string) => `/rest/vacancy/${seg(id)}`,
  activate: (id: string) => `/rest/vacancy/${seg(id)}/activate`,
  deactivate: (id: string) => `/rest/vacancy/${seg(id)}/deactivate`,
  photos: (id: string) => `/rest/vacancy/${seg(id)}/photos`,
  photoOrder: (id: string) => `/rest/vacancy/${seg(id)}/photos/order`,
  photo: (id: string, photoId: string) => `/rest/vacancy/${seg(id)}/photos/${seg(photoId)}`,
} as const;

export const userPaths = {
  notifications: (userId: string) => `/rest/users/organization/${seg(userId)}/notifications`,
} as const;
