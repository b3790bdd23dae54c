import { describe, expect, it } from 'vitest';
import { fakeVacancy } from '../../../testing/fake-vacancy';
import { vacancyConflictFields } from './vacancy-conflict';
import { vacancyFormValues } from './vacancy-form-values';

describe('vacancyConflictFields', () => {
  it('lists a changed title with the user’s value to copy', () => {
    const yours = { ...vacancyFormValues(fakeVacancy()), title: 'Mein neuer Titel' };
    const fields = vacancyConflictFields(yours, fakeVacancy());
    expect(fields.map((field) => [field.path, field.yours])).toEqual([['title', 'Mein neuer Titel']]);
  });

  it('does not call the same benefits in another order a difference', () => {
    const stored = fakeVacancy({ benefits: ['TAKEOVER', 'MENTOR'] });
    const yours = vacancyFormValues(fakeVacancy({ benefits: ['MENTOR', 'TAKEOVER'] }));
    expect(vacancyConflictFields(yours, stored)).toEqual([]);
  });
});
