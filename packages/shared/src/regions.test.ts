import { describe, expect, it } from 'vitest';
import { REGION_LABELS, REGION_OPTIONS, REGIONS } from './regions';

describe('REGION_OPTIONS', () => {
  it('lists every region once, alphabetically as German collation orders the labels, "Sonstige" last', () => {
    const byCollation = REGIONS.filter((region) => region !== 'OTHER')
      .map((region) => REGION_LABELS[region])
      .sort((a, b) => a.localeCompare(b, 'de'));
    expect(REGION_OPTIONS.map((option) => option.label)).toEqual([...byCollation, 'Sonstige']);
    expect(new Set(REGION_OPTIONS.map((option) => option.value)).size).toBe(REGIONS.length);
    for (const option of REGION_OPTIONS) expect(option.label).toBe(REGION_LABELS[option.value]);
  });

  it('sorts an umlaut with its base letter, not after "z" ("Stadt Öhringen" before "Stadt Olsberg")', () => {
    const labels = REGION_OPTIONS.map((option) => option.label);
    expect(labels.indexOf('Stadt Öhringen')).toBeLessThan(labels.indexOf('Stadt Olsberg'));
  });
});
