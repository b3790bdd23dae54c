import type { Organization, Vacancy, VacancyListItem } from '@matchwerk/shared';

const AT = '2026-11-01T10:00:00.000Z';

export function fakeVacancy(overrides: Partial<Vacancy> = {}): Vacancy {
  return {
    id: 'vac-1',
    organizationId: 'org-1',
    organization: { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB' },
    active: false,
    title: 'Ausbildung Mechatroniker/in',
    type: 'APPRENTICESHIP',
    trainingOccupationName: 'Mechatroniker/in',
    duration: '3,5 Jahre',
    start: '2027-09-01',
    startOfTraining: '2027-09-01',
    description: '<p>Eine <strong>gute</strong> Stelle.</p>',
    whatWereLookingFor: null,
    about: null,
    taskDescription: null,
    benefits: ['TAKEOVER'],
    additionalBenefits: null,
    contactName: 'Sabine Keller',
    contactPhone: null,
    salaryRange: '1.000–1.200 €',
    compensation: { salaryPerTrainingYear: [1000, 1100], additionalCompensation: null },
    location: { country: 'Deutschland', city: 'Horb', zipCode: '72160', street: null, streetNumber: null, geo: null },
    applicationDeadline: null,
    publishOn: null,
    minAge: 15,
    photos: [],
    image: null,
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    ...overrides,
  };
}

export function fakeVacancyListItem(overrides: Partial<VacancyListItem> = {}): VacancyListItem {
  return {
    id: 'vac-1',
    title: 'Ausbildung Mechatroniker/in',
    descriptionExcerpt: 'Eine gute Stelle.',
    contactName: 'Sabine Keller',
    salaryRange: '1.000–1.200 €',
    salaryPerTrainingYear: [950, 1050, 1150],
    organizationId: 'org-1',
    organizationName: 'Beispiel GmbH',
    start: '2027-09-01',
    type: 'APPRENTICESHIP',
    active: true,
    applicationDeadline: null,
    publishOn: null,
    image: null,
    views: 0,
    interest: 0,
    accepted: 0,
    ...overrides,
  };
}

export function fakeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org-1',
    name: 'Beispiel GmbH',
    region: 'HORB',
    active: true,
    member: false,
    employeeCount: 12,
    branch: 'Handwerk',
    about: 'Wir sind <b>klein</b>.',
    contactName: 'Anna Beispiel',
    contactPhone: null,
    contactPhonePublic: false,
    contactMail: null,
    links: {
      dataProtection: null,
      website: 'https://www.beispiel.de',
      linkedin: null,
      xing: null,
      instagram: null,
      facebook: null,
    },
    logoPhotoId: null,
    city: null,
    approvedAt: AT,
    waitingForApproval: false,
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    ...overrides,
  };
}
