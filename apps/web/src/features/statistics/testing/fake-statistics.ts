import type { StatisticsDashboard, StatisticsOrganizationRow } from '@matchwerk/shared';

/** A dashboard answer as the API sends it; override what a test cares about. */
export function fakeDashboard(overrides: Partial<StatisticsDashboard> = {}): StatisticsDashboard {
  return {
    period: { from: '2026-08-01', to: '2027-07-31' },
    previousPeriod: { from: '2025-08-01', to: '2026-07-31' },
    regions: [],
    selectableRegions: ['SINDELFINGEN', 'HORB'],
    kpis: {
      organizations: { active: 1234, members: 56, waitingForApproval: 3, new: { current: 12, previous: 10 } },
      postings: {
        active: 80,
        activeByType: { APPRENTICESHIP: 50, INTERNSHIP: 20, DUAL_STUDY: 5, HOLIDAY_JOB: 5, VOLUNTARY_SERVICE: 0 },
        new: { current: 9, previous: 12 },
      },
      candidates: { registered: 4321, new: { current: 'LT5', previous: 7 }, active: { current: 250, previous: 250 } },
      views: { current: 12500, previous: 10000 },
      interest: { current: 300, previous: 0 },
      matchings: {
        open: { current: 40, previous: 50 },
        accepted: { current: 120, previous: 100 },
        declined: { current: 80, previous: 100 },
      },
      acceptanceRate: { current: 0.6, previous: 0.5 },
      medianAnswerHours: { current: 60, previous: 30 },
      chatsStarted: { current: 90, previous: 60 },
      messages: { current: 2048, previous: 1024 },
    },
    weeklyTrend: [
      { weekStart: '2026-08-03', views: 100, interest: 10, decided: 5, accepted: 3 },
      { weekStart: '2026-08-10', views: 250, interest: 20, decided: 8, accepted: 6 },
    ],
    postingsByType: [
      { type: 'APPRENTICESHIP', active: 50, new: 4 },
      { type: 'INTERNSHIP', active: 20, new: 3 },
    ],
    topOccupations: [
      { occupation: 'Mechatroniker/in', interest: 34 },
      { occupation: 'Industriekaufmann/-frau', interest: 'LT5' },
    ],
    candidatesBySchool: [{ school: 'Goldberg-Gymnasium', candidates: 120 }],
    candidatesByAgeBand: [
      { band: 'AGE_15_16', candidates: 80 },
      { band: 'UNKNOWN', candidates: 'LT5' },
    ],
    ...overrides,
  };
}

export function fakeOrganizationRow(overrides: Partial<StatisticsOrganizationRow> = {}): StatisticsOrganizationRow {
  return {
    id: 'org-1',
    name: 'Beispiel GmbH',
    region: 'SINDELFINGEN',
    active: true,
    activePostings: 3,
    views: 1500,
    interest: 12,
    openOverdue: 2,
    responseRate: 0.75,
    lastActivityAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}
