/**
 * Raw counts → the API answer: top schools, age bands, every month of the period, shares,
 * and "< 5" suppression of every candidate count (shared suppressSmallGroup) before anything
 * leaves the server.
 */
import {
  CANDIDATE_AGE_BAND_FROM,
  CANDIDATE_AGE_BANDS,
  NO_SCHOOL_LABEL,
  OTHER_SCHOOLS_LABEL,
  POSTING_TYPES,
  SMALL_GROUP_LIMIT,
  STATISTICS_TOP_LIMIT,
  suppressSmallGroup,
  type CandidateAgeBand,
  type Region,
  type StudentShare,
  type StudentStatistics,
} from '@matchwerk/shared';
import type { StudentStatisticsCounts } from './student-statistics.repository';

const isSmallGroup = (count: number) => count > 0 && count < SMALL_GROUP_LIMIT;

/** A share of the registered; withheld when either side is 1–4 (it would reveal the small number). */
export function toShare(part: number, whole: number): StudentShare {
  if (whole === 0) return { candidates: 0, share: null, withheld: 'NO_CANDIDATES' };
  if (isSmallGroup(part) || isSmallGroup(whole))
    return { candidates: suppressSmallGroup(part), share: null, withheld: 'SMALL_GROUP' };
  return { candidates: part, share: part / whole, withheld: null };
}

/** The band of an age in whole years (null = no date of birth). */
const BANDS_FROM_OLDEST = (
  Object.entries(CANDIDATE_AGE_BAND_FROM) as [Exclude<CandidateAgeBand, 'UNKNOWN'>, number][]
).sort((a, b) => b[1] - a[1]);

export function ageBandOf(age: number | null): CandidateAgeBand {
  if (age === null) return 'UNKNOWN';
  // A date of birth after the period's end (a typo) gives a negative age: the youngest band.
  return BANDS_FROM_OLDEST.find(([, from]) => age >= from)?.[0] ?? 'UNDER_15';
}

/** 'YYYY-MM' of every calendar month the period touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

function topSchools(rows: StudentStatisticsCounts['bySchool']): { school: string; candidates: number }[] {
  const named = rows
    .filter((row): row is { school: string; candidates: number } => row.school !== null)
    .sort((a, b) => b.candidates - a.candidates || a.school.localeCompare(b.school, 'de'));
  const result = named.slice(0, STATISTICS_TOP_LIMIT);
  const others = named.slice(STATISTICS_TOP_LIMIT).reduce((sum, row) => sum + row.candidates, 0);
  if (others > 0) result.push({ school: OTHER_SCHOOLS_LABEL, candidates: others });
  const none = rows.find((row) => row.school === null)?.candidates ?? 0;
  if (none > 0) result.push({ school: NO_SCHOOL_LABEL, candidates: none });
  return result;
}

export function toStudentStatistics(
  counts: StudentStatisticsCounts,
  context: { from: string; to: string; regions: Region[]; selectableRegions: Region[] },
): StudentStatistics {
  const ageBands = new Map<CandidateAgeBand, number>(CANDIDATE_AGE_BANDS.map((band) => [band, 0]));
  for (const row of counts.byAge) {
    const band = ageBandOf(row.age);
    ageBands.set(band, (ageBands.get(band) ?? 0) + row.candidates);
  }
  const perMonth = new Map(counts.byMonth.map((row) => [row.month, row.candidates]));
  return {
    period: { from: context.from, to: context.to },
    regions: context.regions,
    selectableRegions: context.selectableRegions,
    registered: suppressSmallGroup(counts.registered),
    registeredInPeriod: suppressSmallGroup(counts.registeredInPeriod),
    active: suppressSmallGroup(counts.active),
    matched: toShare(counts.matched, counts.registered),
    withChat: toShare(counts.withChat, counts.registered),
    bySchool: topSchools(counts.bySchool).map((row) => ({
      school: row.school,
      candidates: suppressSmallGroup(row.candidates),
    })),
    byAgeBand: CANDIDATE_AGE_BANDS.map((band) => ({ band, candidates: suppressSmallGroup(ageBands.get(band) ?? 0) })),
    byInterest: POSTING_TYPES.map((type) => ({ type, candidates: suppressSmallGroup(counts.byInterest[type]) })),
    registeredByMonth: monthsOf(context.from, context.to).map((month) => ({
      month,
      candidates: suppressSmallGroup(perMonth.get(month) ?? 0),
    })),
  };
}
