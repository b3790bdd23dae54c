import { describe, expect, it } from 'vitest';
import {
  fieldNotUsedMessage,
  fieldsNotUsedFor,
  POSTING_TYPE_FIELDS,
  postingTypeAsksFor,
  withoutFieldsNotUsed,
} from './posting-fields';
import { POSTING_TYPES } from './postings';

const filled = {
  trainingOccupationName: 'Kaufmann für Büromanagement',
  duration: '3 Jahre',
  startOfTraining: '2027-08-01',
  compensation: { salaryPerTrainingYear: [1000, 1100], additionalCompensation: 'Fahrgeld' },
  title: 'Azubi',
};

describe('posting type fields', () => {
  it('has a rule for every type; apprenticeship and dual study ask for everything', () => {
    for (const type of POSTING_TYPES) expect(POSTING_TYPE_FIELDS[type]).toBeDefined();
    expect(fieldsNotUsedFor('APPRENTICESHIP', filled)).toEqual([]);
    expect(fieldsNotUsedFor('DUAL_STUDY', filled)).toEqual([]);
  });

  it('a holiday job asks for no occupation, duration, training start or pay per training year', () => {
    expect(fieldsNotUsedFor('HOLIDAY_JOB', filled)).toEqual([
      'trainingOccupationName',
      'duration',
      'startOfTraining',
      'compensation.salaryPerTrainingYear',
    ]);
    expect(postingTypeAsksFor('HOLIDAY_JOB', 'duration')).toBe(false);
  });

  it('internship and voluntary service keep the duration only', () => {
    expect(fieldsNotUsedFor('INTERNSHIP', filled)).toEqual([
      'trainingOccupationName',
      'startOfTraining',
      'compensation.salaryPerTrainingYear',
    ]);
    expect(fieldsNotUsedFor('VOLUNTARY_SERVICE', filled)).toEqual([
      'trainingOccupationName',
      'startOfTraining',
      'compensation.salaryPerTrainingYear',
    ]);
  });

  it('counts only fields with a value (blank text, null and empty lists are no value)', () => {
    expect(
      fieldsNotUsedFor('HOLIDAY_JOB', {
        trainingOccupationName: '  ',
        duration: null,
        startOfTraining: '',
        compensation: { salaryPerTrainingYear: [] },
      }),
    ).toEqual([]);
  });

  it('empties the fields the type does not ask for and keeps the rest', () => {
    const cleared = withoutFieldsNotUsed('INTERNSHIP', filled);
    expect(cleared).toEqual({
      trainingOccupationName: null,
      duration: '3 Jahre',
      startOfTraining: null,
      compensation: { salaryPerTrainingYear: [], additionalCompensation: 'Fahrgeld' },
      title: 'Azubi',
    });
    expect(filled.compensation.salaryPerTrainingYear).toEqual([1000, 1100]);
    expect(withoutFieldsNotUsed('HOLIDAY_JOB', { duration: null }).duration).toBeNull();
  });

  it('explains a refusal in German with type and field', () => {
    expect(fieldNotUsedMessage('HOLIDAY_JOB', 'duration')).toBe(
      'Für die Art „Ferienjob“ wird das Feld „Dauer“ nicht gespeichert. Bitte leeren Sie es oder wählen Sie eine andere Art der Stelle.',
    );
  });
});
