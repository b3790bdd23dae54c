import { POSTING_TYPES, type PublicVacancy } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_TYPES, jsonForScript, toJobPosting } from './job-posting';
import { assertValidJobPosting, schemaOrgProblems } from './job-posting-validation.testing';

const vacancy: PublicVacancy = {
  id: '0b8f3f7e-3c1a-4a57-9d0e-3f4d2f9b7a11',
  region: 'LICHTENFELS',
  title: 'Ausbildung Flechtwerkgestalter/in (m/w/d)',
  type: 'APPRENTICESHIP',
  trainingOccupationName: 'Flechtwerkgestalter/in',
  duration: '3 Jahre',
  start: '2027-09-01',
  startOfTraining: '2027-09-01',
  description: '<p>Ein Handwerk mit Geschichte.</p>',
  whatWereLookingFor: '<p>Geschick</p>',
  about: null,
  taskDescription: '<ul><li>Körbe flechten</li></ul>',
  benefits: ['MENTOR'],
  additionalBenefits: null,
  salaryRange: null,
  compensation: { salaryPerTrainingYear: [900, 1000, 1100], additionalCompensation: null },
  location: {
    country: 'Deutschland',
    city: 'Lichtenfels',
    zipCode: '96215',
    street: 'Marktplatz',
    streetNumber: '3',
    geo: { lat: 50.14, lng: 11.06 },
  },
  photos: [{ id: 'p1', url: '/rest/public/vacancies/x/photos/p1', width: 800, height: 600 }],
  organization: {
    id: 'o1',
    name: 'Korbmacherei Obermain e. K.',
    logoUrl: '/rest/public/organizations/o1/logo?v=l1',
    branch: 'Handwerk',
    employeeCount: 18,
    about: null,
    links: {
      website: 'https://korbmacherei.example',
      linkedin: null,
      xing: null,
      instagram: null,
      facebook: null,
      dataProtection: null,
    },
    contactPhone: null,
  },
  publicPath: '/stellen/0b8f3f7e-3c1a-4a57-9d0e-3f4d2f9b7a11',
  createdAt: '2026-11-20T08:00:00.000Z',
  applicationDeadline: null,
  minAge: 15,
  updatedAt: '2026-11-21T08:00:00.000Z',
};
const context = {
  url: 'https://matchwerk.example/stellen/0b8f3f7e-3c1a-4a57-9d0e-3f4d2f9b7a11',
  absolute: (path: string) => `https://matchwerk.example${path}`,
  today: '2026-11-26',
};

describe('toJobPosting', () => {
  it('meets Google’s required and recommended JobPosting properties and uses only schema.org terms', async () => {
    const posting = JSON.parse(JSON.stringify(toJobPosting(vacancy, context))) as unknown;
    assertValidJobPosting(posting);
    expect(await schemaOrgProblems(posting)).toEqual([]);
    expect(posting).toMatchObject({
      validThrough: '2027-09-01',
      image: 'https://matchwerk.example/rest/public/vacancies/x/photos/p1',
      hiringOrganization: { logo: 'https://matchwerk.example/rest/public/organizations/o1/logo?v=l1' },
      baseSalary: { value: { minValue: 900, maxValue: 1100, unitText: 'MONTH' } },
    });
  });

  it('stays valid for every posting type and for sparse postings (no salary, no start, no coordinates, no photos)', async () => {
    for (const type of POSTING_TYPES) {
      const sparse: PublicVacancy = {
        ...vacancy,
        type,
        trainingOccupationName: null,
        start: null,
        startOfTraining: null,
        compensation: { salaryPerTrainingYear: [], additionalCompensation: null },
        location: { ...vacancy.location, street: null, streetNumber: null, geo: null, country: 'Österreich' },
        photos: [],
        organization: {
          ...vacancy.organization,
          logoUrl: null,
          links: { ...vacancy.organization.links, website: null },
        },
      };
      const posting = JSON.parse(JSON.stringify(toJobPosting(sparse, context))) as Record<string, unknown>;
      assertValidJobPosting(posting);
      expect(await schemaOrgProblems(posting), type).toEqual([]);
      expect(posting.employmentType).toBe(EMPLOYMENT_TYPES[type]);
      expect(posting).not.toHaveProperty('validThrough');
      expect(posting).not.toHaveProperty('baseSalary');
    }
  });

  it('gives one salary value when every training year pays the same, and no validThrough for a start already past', () => {
    const same = toJobPosting(
      { ...vacancy, compensation: { salaryPerTrainingYear: [1000, 1000], additionalCompensation: null } },
      { ...context, today: '2027-10-01' },
    );
    expect(same.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', value: 1000, unitText: 'MONTH' },
    });
    expect(same).not.toHaveProperty('validThrough');
  });

  it('the schema.org check finds a property schema.org does not define', async () => {
    const posting = {
      ...(JSON.parse(JSON.stringify(toJobPosting(vacancy, context))) as Record<string, unknown>),
      salary: 1000,
    };
    expect(await schemaOrgProblems(posting)).toEqual([
      'JobPosting: https://schema.org/salary is no property of schema.org/JobPosting',
    ]);
    expect(() => assertValidJobPosting(posting)).toThrow(/salary/);
  });
});

describe('jsonForScript', () => {
  it('writes <, >, & and the line separators as \\u escapes, and parses back to the same value', () => {
    const value = { text: '</script><!-- & \u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});
