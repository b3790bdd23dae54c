import { describe, expect, it } from 'vitest';
import { distanceText, payText, startMatches, startText } from './format';

const today = new Date('2026-12-07T10:00:00');

describe('format', () => {
  it('says when a posting starts', () => {
    expect(startText('2027-08-01', today)).toBe('ab August 2027');
    expect(startText('2026-01-01', today)).toBe('ab sofort');
    expect(startText(null, today)).toBeNull();
  });

  it('rounds distances and shows the first year’s pay', () => {
    expect(distanceText(0.4)).toBe('unter 1 km');
    expect(distanceText(12.6)).toBe('13 km');
    expect(payText([1050, 1150])).toBe('1.050\u00a0€ im Monat (1. Jahr)');
    expect(payText([])).toBeNull();
  });

  it('filters by start', () => {
    expect(startMatches('2027-08-01', 'naechstes-jahr', today)).toBe(true);
    expect(startMatches('2027-08-01', 'dieses-jahr', today)).toBe(false);
    expect(startMatches('2026-12-20', 'sofort', today)).toBe(true);
    expect(startMatches(null, 'egal', today)).toBe(true);
  });
});
