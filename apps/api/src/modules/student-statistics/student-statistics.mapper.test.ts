import { describe, expect, it } from 'vitest';
import { ageBandOf, monthsOf, toShare, toStudentStatistics } from './student-statistics.mapper';
import type { StudentStatisticsCounts } from './student-statistics.repository';

const empty: StudentStatisticsCounts = {
  registered: 0,
  registeredInPeriod: 0,
  active: 0,
  matched: 0,
  withChat: 0,
  byInterest: { APPRENTICESHIP: 0, INTERNSHIP: 0, DUAL_STUDY: 0, HOLIDAY_JOB: 0, VOLUNTARY_SERVICE: 0 },
  bySchool: [],
  byAge: [],
  byMonth: [],
};
const context = {
  from: '2030-01-01',
  to: '2030-01-31',
  regions: ['SINDELFINGEN' as const],
  selectableRegions: ['SINDELFINGEN' as const],
};

describe('student statistics mapper', () => {
  it('bands ages at their lower bounds', () => {
    expect([null, -1, 0, 14, 15, 16, 17, 18, 19, 21, 22, 40].map(ageBandOf)).toEqual([
      'UNKNOWN',
      'UNDER_15',
      'UNDER_15',
      'UNDER_15',
      'AGE_15_16',
      'AGE_15_16',
      'AGE_17_18',
      'AGE_17_18',
      'AGE_19_21',
      'AGE_19_21',
      'AGE_22_PLUS',
      'AGE_22_PLUS',
    ]);
  });

  it('lists every month a period touches, across the year end', () => {
    expect(monthsOf('2029-11-30', '2030-02-01')).toEqual(['2029-11', '2029-12', '2030-01', '2030-02']);
    expect(monthsOf('2030-01-05', '2030-01-06')).toEqual(['2030-01']);
  });

  it('withholds a share when either side is 1–4', () => {
    expect(toShare(0, 0)).toEqual({ candidates: 0, share: null, withheld: 'NO_CANDIDATES' });
    expect(toShare(0, 3)).toEqual({ candidates: 0, share: null, withheld: 'SMALL_GROUP' });
    expect(toShare(4, 100)).toEqual({ candidates: 'LT5', share: null, withheld: 'SMALL_GROUP' });
    expect(toShare(5, 20)).toEqual({ candidates: 5, share: 0.25, withheld: null });
    expect(toShare(0, 20)).toEqual({ candidates: 0, share: 0, withheld: null });
  });

  it('names the top 10 schools, sums the rest as "weitere Schulen", "ohne Angabe" last, then suppresses', () => {
    const schools = Array.from({ length: 12 }, (_, i) => ({
      school: `Schule ${String.fromCharCode(65 + i)}`,
      candidates: 20 - i,
    }));
    const result = toStudentStatistics(
      { ...empty, registered: 200, bySchool: [{ school: null, candidates: 3 }, ...schools] },
      context,
    );
    expect(result.bySchool.map((row) => row.school)).toEqual([
      ...schools.slice(0, 10).map((row) => row.school),
      'weitere Schulen',
      'ohne Angabe',
    ]);
    // K (10) and L (9) together.
    expect(result.bySchool.at(-2)).toEqual({ school: 'weitere Schulen', candidates: 19 });
    expect(result.bySchool.at(-1)).toEqual({ school: 'ohne Angabe', candidates: 'LT5' });
  });
});
