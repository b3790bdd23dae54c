import { afterEach, describe, expect, it, vi } from 'vitest';
import { POSTING_DATE_MESSAGES } from '../posting-dates';
import { POSTCODE_MESSAGES } from '../postcodes';
import { organizationInputSchema } from './organization-input.schema';
import { vacancyInputSchema, vacancyInputSchemaFor, type VacancyInput } from './vacancy-input.schema';

const input = (overrides: Partial<VacancyInput> = {}): VacancyInput => ({
  title: 'Ausbildung Tischler/in',
  type: 'APPRENTICESHIP',
  description: '<p>Holz</p>',
  contactName: 'Frau Beispiel',
  compensation: { salaryPerTrainingYear: [] },
  location: { country: 'Deutschland', city: 'Berlin', zipCode: '10115' },
  ...overrides,
});

function fieldErrors(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('vacancyInputSchema', () => {
  it('answers an unknown posting type with a field error, also where the date rules run beside it (fuzzer: 500)', () => {
    const result = vacancyInputSchema.safeParse({ ...input({ startOfTraining: '2027-08-01' }), type: 1e308 });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result))).toContain('type');
  });

  it('puts the postcode message at location.zipCode, also beside another address error', () => {
    const result = vacancyInputSchema.safeParse(
      input({ location: { country: 'Deutschland', city: '', zipCode: '12345' } }),
    );
    expect(fieldErrors(result)).toEqual({
      'location.city': 'Bitte geben Sie den Ort ein.',
      'location.zipCode': POSTCODE_MESSAGES.unknown,
    });
  });

  it('normalises the contact phone', () => {
    expect(vacancyInputSchema.parse(input({ contactPhone: '0171 1234567' })).contactPhone).toBe('+49 171 1234567');
  });

  it('refuses a training start before the start, but not a past start (that needs today)', () => {
    expect(
      fieldErrors(vacancyInputSchema.safeParse(input({ start: '2020-09-01', startOfTraining: '2020-08-01' }))),
    ).toEqual({
      startOfTraining: POSTING_DATE_MESSAGES.trainingBeforeStart,
    });
    expect(vacancyInputSchema.safeParse(input({ start: '2020-09-01' })).success).toBe(true);
  });
});

describe('vacancyInputSchemaFor', () => {
  it('checks against today in Berlin at the time of the check', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const schema = vacancyInputSchemaFor(null);
    vi.setSystemTime(new Date('2026-11-25T22:59:59Z'));
    expect(schema.safeParse(input({ start: '2026-11-25' })).success).toBe(true);
    vi.setSystemTime(new Date('2026-11-25T23:00:00Z'));
    expect(fieldErrors(schema.safeParse(input({ start: '2026-11-25' })))).toEqual({
      start: POSTING_DATE_MESSAGES.past,
    });
  });

  it('reports the date and the postcode also while another field is wrong', () => {
    const result = vacancyInputSchemaFor(null, '2026-11-26').safeParse(
      input({
        contactPhone: '12',
        start: '2026-11-25',
        location: { country: 'Deutschland', city: 'Berlin', zipCode: '12345' },
      }),
    );
    expect(Object.keys(fieldErrors(result)).sort()).toEqual(['contactPhone', 'location.zipCode', 'start']);
  });

  it('lets an existing posting keep its past start, and refuses a start more than three years ahead', () => {
    const schema = vacancyInputSchemaFor({ start: '2025-09-01', startOfTraining: null }, '2026-11-26');
    expect(schema.safeParse(input({ start: '2025-09-01' })).success).toBe(true);
    expect(fieldErrors(schema.safeParse(input({ start: '2030-01-01' })))).toEqual({
      start: POSTING_DATE_MESSAGES.tooFar,
    });
  });
});

describe('organizationInputSchema', () => {
  it('normalises phone and links with the same rules', () => {
    const parsed = organizationInputSchema.parse({
      name: 'Holzwurm GmbH',
      region: 'WORMS',
      contactPhone: '030/123456',
      links: { website: 'HTTP://Beispiel.DE/Pfad', linkedin: 'linkedin.com/company/holzwurm' },
    });
    expect(parsed.contactPhone).toBe('+49 30 123456');
    expect(parsed.links.website).toBe('http://beispiel.de/Pfad');
    expect(parsed.links.linkedin).toBe('https://linkedin.com/company/holzwurm');
  });

  it('answers a javascript: link and a bad phone in German at their fields', () => {
    const result = organizationInputSchema.safeParse({
      name: 'Holzwurm GmbH',
      region: 'WORMS',
      contactPhone: '12',
      links: { website: 'javascript:alert(1)' },
    });
    expect(fieldErrors(result)).toEqual({
      contactPhone: 'Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein (z. B. 030 123456 oder +49 30 123456).',
      'links.website': 'Bitte geben Sie eine Internetadresse mit http:// oder https:// ein.',
    });
  });
});
