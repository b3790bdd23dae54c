import { describe, expect, it } from 'vitest';
import { fakeVacancy } from '../../../testing/fake-vacancy';
import { benefitsForType, vacancyFormSchema, vacancyFormValues, vacancyRequestBody } from './vacancy-form-values';

describe('benefitsForType', () => {
  it('keeps only the benefits of the new posting type, in catalogue order', () => {
    expect(benefitsForType(['TUITION_FEES', 'TAKEOVER', 'EXAM_PREPARATION'], 'INTERNSHIP')).toEqual(['TAKEOVER']);
    expect(benefitsForType(['TAKEOVER', 'TUITION_FEES'], 'DUAL_STUDY')).toEqual(['TAKEOVER', 'TUITION_FEES']);
    expect(benefitsForType(undefined, 'HOLIDAY_JOB')).toEqual([]);
  });
});

describe('vacancyFormValues', () => {
  it('sanitises stored rich text when it is loaded (spec §5)', () => {
    const values = vacancyFormValues(
      fakeVacancy({
        description: '<p>Hallo<img src=x onerror="alert(1)"></p><script>alert(2)</script>',
        whatWereLookingFor: '<a href="javascript:alert(3)">klick</a><h3 onclick="x()">Titel</h3>',
      }),
    );
    expect(values.description).toBe('<p>Hallo</p>');
    expect(values.whatWereLookingFor).not.toMatch(/javascript:|onclick|<script|<img/);
    expect(values.whatWereLookingFor).toContain('<h3>Titel</h3>');
  });

  it('keeps stored benefits the type does not offer, so the editor can name them instead of dropping them unseen', () => {
    expect(
      vacancyFormValues(fakeVacancy({ type: 'INTERNSHIP', benefits: ['TAKEOVER', 'VACATION_30'] })).benefits,
    ).toEqual(['TAKEOVER', 'VACATION_30']);
  });

  it('turns nulls into empty inputs and starts a new posting in Germany', () => {
    expect(vacancyFormValues(fakeVacancy()).contactPhone).toBe('');
    const empty = vacancyFormValues(null);
    expect(empty.location.country).toBe('Deutschland');
    expect(empty.benefits).toEqual([]);
  });
});

describe('vacancyFormSchema', () => {
  function messages(input: unknown, requiresOrganization = false): Record<string, string> {
    const result = vacancyFormSchema(requiresOrganization).safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it('gives German messages for the required fields', () => {
    const errors = messages(vacancyFormValues(null));
    expect(errors).toMatchObject({
      title: 'Bitte geben Sie einen Titel ein.',
      description: 'Bitte beschreiben Sie die Stelle.',
      contactName: 'Bitte geben Sie eine Ansprechperson an.',
      'location.zipCode': 'Bitte geben Sie die Postleitzahl ein.',
      'location.city': 'Bitte geben Sie den Ort ein.',
    });
  });

  it('asks admins and partners to pick the organisation', () => {
    expect(messages(vacancyFormValues(null), true).organizationId).toBe('Bitte wählen Sie ein Unternehmen aus.');
    expect(messages(vacancyFormValues(null), false).organizationId).toBeUndefined();
  });

  it('rejects an empty salary row and sends the contract fields only', () => {
    const values = {
      ...vacancyFormValues(fakeVacancy()),
      compensation: { salaryPerTrainingYear: [900, Number.NaN], additionalCompensation: '' },
    };
    expect(messages(values)['compensation.salaryPerTrainingYear.1']).toBe('Bitte geben Sie einen Betrag in Euro ein.');
    const parsed = vacancyFormSchema(false).parse(vacancyFormValues(fakeVacancy()));
    const body = vacancyRequestBody(parsed);
    expect(body).not.toHaveProperty('organizationId');
    expect(body.contactPhone).toBeNull();
  });

  it('leaves out the benefits the posting type does not offer (the editor has named them)', () => {
    const parsed = vacancyFormSchema(false).parse({
      ...vacancyFormValues(fakeVacancy()),
      type: 'INTERNSHIP',
      benefits: ['EXAM_PREPARATION', 'TAKEOVER'],
    });
    expect(vacancyRequestBody(parsed).benefits).toEqual(['TAKEOVER']);
  });
});
