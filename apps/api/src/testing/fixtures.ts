/** Rows inserted directly for tests (fast, no HTTP): organisations and vacancies. */
import type { Region } from '@matchwerk/shared';
import type { Database } from '../db/client';
import { organizations, vacancies } from '../db/schema/index';

export async function insertOrganization(db: Database, values: { name: string; region: Region }): Promise<string> {
  const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return row!.id;
}

export async function insertVacancy(
  db: Database,
  organizationId: string,
  values: Partial<typeof vacancies.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(vacancies)
    .values({
      organizationId,
      title: 'Testanzeige',
      type: 'APPRENTICESHIP',
      description: '<p>Beschreibung</p>',
      descriptionExcerpt: 'Beschreibung',
      contactName: 'Tessa Test',
      city: 'Sindelfingen',
      zipCode: '71063',
      ...values,
    })
    .returning({ id: vacancies.id });
  return row!.id;
}

/**
 * The training start of vacancyInput: 1 September of next year, from the real clock. A fixed
 * date would turn into "in the past" (and be refused by the app's clock) once it has passed.
 */
export const FIXTURE_START = `${new Date().getUTCFullYear() + 1}-09-01`;

/** A complete, valid vacancy input (as the editor sends it). */
export function vacancyInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Ausbildung Industriemechaniker/in (m/w/d)',
    type: 'APPRENTICESHIP',
    trainingOccupationName: 'Industriemechaniker/in',
    duration: '3,5 Jahre',
    start: FIXTURE_START,
    startOfTraining: FIXTURE_START,
    description: '<p>Du lernst <strong>Drehen</strong> und Fräsen.</p>',
    whatWereLookingFor: '<p>Interesse an Technik</p>',
    about: null,
    taskDescription: null,
    benefits: ['TAKEOVER', 'VACATION_30'],
    additionalBenefits: null,
    contactName: 'Sabine Keller',
    contactPhone: '07031 123450',
    salaryRange: '1.200–1.450 €',
    compensation: { salaryPerTrainingYear: [1200, 1280.5, 1370, 1450], additionalCompensation: 'Tarif' },
    location: {
      country: 'Deutschland',
      city: 'Sindelfingen',
      zipCode: '71063',
      street: 'Mahdentalstraße',
      streetNumber: '54',
    },
    ...overrides,
  };
}
