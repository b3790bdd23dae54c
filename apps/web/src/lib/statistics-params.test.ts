import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORGANIZATION_TABLE_PARAMS,
  organizationTableParamsFromSearch,
  resolvePeriod,
  searchFromParams,
  viewParamsFromSearch,
} from './statistics-params';

describe('statistics URL state', () => {
  it('reads presets, custom ranges and regions; unknown values fall back to the season', () => {
    expect(viewParamsFromSearch(new URLSearchParams(''))).toEqual({ preset: 'SEASON', from: '', to: '', region: '' });
    expect(viewParamsFromSearch(new URLSearchParams('period=WEEK&region=HORB'))).toEqual({
      preset: 'WEEK',
      from: '',
      to: '',
      region: 'HORB',
    });
    expect(viewParamsFromSearch(new URLSearchParams('period=YEAR&region=MARS'))).toEqual({
      preset: 'SEASON',
      from: '',
      to: '',
      region: '',
    });
    expect(viewParamsFromSearch(new URLSearchParams('from=2026-03-01&to=2026-03-31'))).toEqual({
      preset: 'CUSTOM',
      from: '2026-03-01',
      to: '2026-03-31',
      region: '',
    });
  });

  it('turns a preset into its dates and checks a custom range with the shared rules', () => {
    expect(resolvePeriod({ preset: 'WEEK', from: '', to: '', region: '' }, '2026-11-25')).toEqual({
      ok: true,
      period: { from: '2026-11-23', to: '2026-11-25' },
    });
    expect(resolvePeriod({ preset: 'SEASON', from: '', to: '', region: '' }, '2026-03-02')).toEqual({
      ok: true,
      period: { from: '2025-08-01', to: '2026-03-02' },
    });
    expect(resolvePeriod({ preset: 'CUSTOM', from: '2026-05-10', to: '2026-05-01', region: '' })).toEqual({
      ok: false,
      errors: { to: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.' },
    });
    expect(resolvePeriod({ preset: 'CUSTOM', from: 'invalid', to: '2026-05-01', region: '' })).toEqual({
      ok: false,
      errors: { from: 'Bitte geben Sie den Beginn als Datum im Format TT.MM.JJJJ an.' },
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(
      searchFromParams(
        { preset: 'SEASON', from: '', to: '', region: '' },
        DEFAULT_ORGANIZATION_TABLE_PARAMS,
      ).toString(),
    ).toBe('');
    expect(
      searchFromParams(
        { preset: 'CUSTOM', from: '2026-03-01', to: '2026-03-31', region: 'HORB' },
        { ...DEFAULT_ORGANIZATION_TABLE_PARAMS, page: 2, search: ' bau ' },
      ).toString(),
    ).toBe('from=2026-03-01&to=2026-03-31&region=HORB&page=2&search=bau');
    expect(organizationTableParamsFromSearch(new URLSearchParams('sort=views&order=asc&pageSize=50'))).toEqual({
      page: 0,
      pageSize: 50,
      sort: 'views',
      order: 'asc',
      search: '',
    });
    expect(organizationTableParamsFromSearch(new URLSearchParams('sort=secret'))).toEqual(
      DEFAULT_ORGANIZATION_TABLE_PARAMS,
    );
  });
});
