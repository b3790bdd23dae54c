/**
 * The dashboard's state in the URL, so a copied link shows the same view: a preset
 * (`?period=MONTH`) or a custom range (`?from=2026-03-01&to=2026-03-31`), the region, and the
 * organisation table's paging, sorting and search. Only what differs from the defaults is written.
 */
import {
  LIST_PAGE_SIZE,
  berlinToday,
  presetPeriod,
  REGIONS,
  STATISTICS_ORGANIZATION_SORTS,
  statisticsPeriodSchema,
  type Region,
  type StatisticsOrganizationSort,
  type StatisticsPeriod,
  type StatisticsPeriodPreset,
} from '@matchwerk/shared';
import { listPagingFrom, oneOf, type ListPaging } from './list-url-state';

export type PresetOnly = Exclude<StatisticsPeriodPreset, 'CUSTOM'>;
const PRESETS: readonly PresetOnly[] = ['WEEK', 'MONTH', 'SEASON'];
/** The season shows the most of the apprenticeship year; partners plan by it. */
export const DEFAULT_PRESET: PresetOnly = 'SEASON';

export interface StatisticsViewParams {
  preset: StatisticsPeriodPreset;
  /** For CUSTOM: the range as typed into the URL (may be invalid, then `periodError` says why). */
  from: string;
  to: string;
  region: Region | '';
}

export type OrganizationTableParams = ListPaging<StatisticsOrganizationSort> & { search: string };

export const DEFAULT_ORGANIZATION_TABLE_PARAMS: OrganizationTableParams = {
  page: 0,
  pageSize: LIST_PAGE_SIZE,
  sort: 'openOverdue',
  order: 'desc',
  search: '',
};

export function viewParamsFromSearch(search: URLSearchParams): StatisticsViewParams {
  const region = search.get('region');
  const from = search.get('from');
  const to = search.get('to');
  const period = search.get('period');
  const regionValue = oneOf(REGIONS, region) ? region : '';
  if (from !== null || to !== null) return { preset: 'CUSTOM', from: from ?? '', to: to ?? '', region: regionValue };
  return { preset: oneOf(PRESETS, period) ? period : DEFAULT_PRESET, from: '', to: '', region: regionValue };
}

export type PeriodResult =
  { ok: true; period: StatisticsPeriod } | { ok: false; errors: { from?: string; to?: string } };

/** The period to ask the API for, checked with the same rules as the API. */
export function resolvePeriod(params: StatisticsViewParams, today: string = berlinToday()): PeriodResult {
  if (params.preset !== 'CUSTOM') return { ok: true, period: presetPeriod(params.preset, today) };
  return validatePeriod({ from: params.from, to: params.to });
}

export function validatePeriod(period: { from: string; to: string }): PeriodResult {
  const parsed = statisticsPeriodSchema.safeParse(period);
  if (parsed.success) return { ok: true, period: parsed.data };
  const errors = fieldErrors(parsed.error.issues);
  // A bad start makes "end before start" meaningless: the end is then checked on its own.
  if (errors.from) {
    const alone = statisticsPeriodSchema.safeParse({ from: period.to, to: period.to });
    errors.to = alone.success ? undefined : fieldErrors(alone.error.issues).to;
  }
  return {
    ok: false,
    errors: Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)),
  };
}

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): {
  from?: string;
  to?: string;
} {
  const errors: { from?: string; to?: string } = {};
  for (const issue of issues) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    errors[field] ??= issue.message;
  }
  return errors;
}

export function organizationTableParamsFromSearch(search: URLSearchParams): OrganizationTableParams {
  return {
    ...listPagingFrom(search, STATISTICS_ORGANIZATION_SORTS, DEFAULT_ORGANIZATION_TABLE_PARAMS),
    search: (search.get('search') ?? '').slice(0, 100),
  };
}

/** The whole URL of a view: period, region, then the table's non-default state. */
export function searchFromParams(view: StatisticsViewParams, table: OrganizationTableParams): URLSearchParams {
  const search = new URLSearchParams();
  if (view.preset === 'CUSTOM') {
    search.set('from', view.from);
    search.set('to', view.to);
  } else if (view.preset !== DEFAULT_PRESET) {
    search.set('period', view.preset);
  }
  if (view.region) search.set('region', view.region);
  const tableValues: Record<keyof OrganizationTableParams, string | number> = { ...table, search: table.search.trim() };
  for (const key of Object.keys(DEFAULT_ORGANIZATION_TABLE_PARAMS) as (keyof OrganizationTableParams)[]) {
    if (tableValues[key] !== DEFAULT_ORGANIZATION_TABLE_PARAMS[key]) search.set(key, String(tableValues[key]));
  }
  return search;
}
