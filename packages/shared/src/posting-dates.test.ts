import { describe, expect, it } from 'vitest';
import { addYearsToDay, postingDateOrderProblem, postingDateProblems, POSTING_DATE_MESSAGES } from './posting-dates';
import { berlinToday } from './statistics-period';

describe('berlinToday around midnight', () => {
  it.each([
    // Winter (UTC+1): midnight in Berlin is 23:00 UTC.
    ['2026-11-25T22:59:59Z', '2026-11-25'],
    ['2026-11-25T23:00:00Z', '2026-11-26'],
    // Summer (UTC+2): midnight in Berlin is 22:00 UTC.
    ['2026-06-30T21:59:59Z', '2026-06-30'],
    ['2026-06-30T22:00:00Z', '2026-07-01'],
    ['2026-12-31T23:30:00Z', '2027-01-01'],
  ])('%s is %s in Berlin', (instant, day) => {
    expect(berlinToday(new Date(instant))).toBe(day);
  });
});

describe('addYearsToDay', () => {
  it.each([
    ['2026-11-26', 3, '2029-11-26'],
    ['2028-02-29', 3, '2031-02-28'],
    ['2028-02-29', 4, '2032-02-29'],
  ])('%s + %i years = %s', (day, years, expected) => {
    expect(addYearsToDay(day, years)).toBe(expected);
  });
});

describe('postingDateProblems', () => {
  const late = { today: berlinToday(new Date('2026-11-25T22:59:59Z')) };
  const justAfterMidnight = { today: berlinToday(new Date('2026-11-25T23:00:00Z')) };

  it.each([
    ['today, one second before midnight', { start: '2026-11-25' }, late, {}],
    [
      'yesterday once midnight has passed in Berlin',
      { start: '2026-11-25' },
      justAfterMidnight,
      { start: POSTING_DATE_MESSAGES.past },
    ],
    ['today just after midnight', { start: '2026-11-26' }, justAfterMidnight, {}],
    [
      'training start in the past',
      { startOfTraining: '2026-01-01' },
      late,
      { startOfTraining: POSTING_DATE_MESSAGES.past },
    ],
    ['exactly three years ahead', { start: '2029-11-25' }, late, {}],
    ['a day more than three years ahead', { start: '2029-11-26' }, late, { start: POSTING_DATE_MESSAGES.tooFar }],
    ['no dates', { start: null, startOfTraining: null }, late, {}],
    [
      'an existing posting saved with its past start unchanged',
      { start: '2025-09-01', startOfTraining: '2025-09-01' },
      { ...late, previous: { start: '2025-09-01', startOfTraining: '2025-09-01' } },
      {},
    ],
    [
      'an existing posting whose start was moved to another past day',
      { start: '2025-10-01' },
      { ...late, previous: { start: '2025-09-01' } },
      { start: POSTING_DATE_MESSAGES.past },
    ],
  ])('%s', (_name, dates, context, expected) => {
    expect(postingDateProblems(dates, context)).toEqual(expected);
  });
});

describe('postingDateOrderProblem', () => {
  it.each([
    [{ start: '2027-08-01', startOfTraining: '2027-09-01' }, null],
    [{ start: '2027-09-01', startOfTraining: '2027-09-01' }, null],
    [{ start: '2027-09-01', startOfTraining: '2027-08-31' }, POSTING_DATE_MESSAGES.trainingBeforeStart],
    [{ start: null, startOfTraining: '2027-08-31' }, null],
  ])('%j → %j', (dates, expected) => {
    expect(postingDateOrderProblem(dates)).toBe(expected);
  });
});
