import { describe, expect, it } from 'vitest';
import { figureChange, formatFigure, formatHours, formatPeriod } from './statistics-format';

describe('statistics wording', () => {
  it('writes figures the German way', () => {
    expect(formatFigure(12345, 'count')).toBe('12.345');
    expect(formatFigure('LT5', 'candidates')).toBe('< 5');
    expect(formatFigure(0, 'candidates')).toBe('0');
    expect(formatFigure(0.625, 'rate')).toBe('63 %');
    expect(formatFigure(null, 'rate')).toBe('–');
    expect(formatPeriod({ from: '2026-08-01', to: '2027-07-31' })).toBe('01.08.2026 – 31.07.2027');
  });

  it('writes durations in minutes, hours, then days', () => {
    expect(formatHours(0.5)).toBe('30 Min.');
    expect(formatHours(5.25)).toBe('5,3 Std.');
    expect(formatHours(36)).toBe('36 Std.');
    expect(formatHours(60)).toBe('2,5 Tage');
  });

  it('states a change only where there is something honest to compare', () => {
    expect(figureChange(110, 100, 'count')).toMatchObject({
      direction: 'up',
      text: '+10 %',
      spoken: 'Gestiegen um 10 % gegenüber 100 im Vergleichszeitraum.',
    });
    expect(figureChange(1500, 2000, 'count')).toMatchObject({
      direction: 'down',
      text: '−25 %',
      spoken: 'Gesunken um 25 % gegenüber 2.000 im Vergleichszeitraum.',
    });
    expect(figureChange(7, 7, 'count')).toMatchObject({ direction: 'same', text: '±0 %' });
    expect(figureChange(5, 0, 'count')).toMatchObject({ text: null, spoken: 'Vergleichszeitraum: 0.' });
    expect(figureChange('LT5', 12, 'candidates')).toMatchObject({ text: null, spoken: 'Vergleichszeitraum: 12.' });
    expect(figureChange(12, 'LT5', 'candidates')).toMatchObject({ text: null, spoken: 'Vergleichszeitraum: < 5.' });
    expect(figureChange(0.4, 0.55, 'rate')).toMatchObject({ direction: 'down', text: '−15 Prozentpunkte' });
    expect(figureChange(null, 0.5, 'rate')).toMatchObject({ text: null });
    // A small change keeps a decimal instead of reading "▼ ±0".
    expect(figureChange(0.504, 0.508, 'rate')).toMatchObject({ direction: 'down', text: '−0,4 Prozentpunkte' });
    expect(figureChange(1002, 1000, 'count')).toMatchObject({ direction: 'up', text: '+0,2 %' });
  });
});
