import { describe, expect, it } from 'vitest';
import { statisticsPeriodSchema } from './api/statistics-period.schema';
import { berlinToday, periodLengthInDays, presetPeriod, previousPeriod, wholePresetPeriod } from './statistics-period';

describe('statistics periods', () => {
  it('finds the Monday-to-Sunday week, the calendar month and the August-to-July season', () => {
    expect(wholePresetPeriod('WEEK', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(wholePresetPeriod('WEEK', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(wholePresetPeriod('MONTH', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(wholePresetPeriod('SEASON', '2026-11-23')).toEqual({ from: '2026-08-01', to: '2027-07-31' });
    expect(wholePresetPeriod('SEASON', '2026-07-31')).toEqual({ from: '2025-08-01', to: '2026-07-31' });
  });

  it('ends a preset at today: the week, month and season so far', () => {
    expect(presetPeriod('WEEK', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(presetPeriod('WEEK', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetPeriod('MONTH', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-10' });
    expect(presetPeriod('SEASON', '2026-12-07')).toEqual({ from: '2026-08-01', to: '2026-12-07' });
    expect(presetPeriod('SEASON', '2026-07-31')).toEqual({ from: '2025-08-01', to: '2026-07-31' });
  });

  it('compares the season, month and week so far with the same span before (issue #48)', () => {
    // Not with the whole season 2025/26 ("Neue Stellenanzeigen −70 %").
    expect(previousPeriod({ from: '2026-08-01', to: '2026-12-07' })).toEqual({ from: '2025-08-01', to: '2025-12-07' });
    expect(previousPeriod({ from: '2028-08-01', to: '2029-02-28' })).toEqual({ from: '2027-08-01', to: '2028-02-28' });
    expect(previousPeriod({ from: '2027-08-01', to: '2028-02-29' })).toEqual({ from: '2026-08-01', to: '2027-02-28' });
    expect(previousPeriod({ from: '2026-12-01', to: '2026-12-07' })).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-30' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-11-23', to: '2026-11-25' })).toEqual({ from: '2026-11-16', to: '2026-11-18' });
    // A whole August is a month: it compares with July.
    expect(previousPeriod({ from: '2026-08-01', to: '2026-08-31' })).toEqual({ from: '2026-07-01', to: '2026-07-31' });
    // Spanning two seasons is no season: as many days before.
    expect(previousPeriod({ from: '2026-08-01', to: '2027-08-01' })).toEqual({ from: '2025-07-31', to: '2026-07-31' });
  });

  it('compares a month with the calendar month before and other periods with as many days before', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2026-11-23', to: '2026-11-29' })).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(previousPeriod({ from: '2026-08-01', to: '2027-07-31' })).toEqual({ from: '2025-08-01', to: '2026-07-31' });
    expect(periodLengthInDays({ from: '2026-03-29', to: '2026-03-30' })).toBe(2);
  });

  it('takes today from the Berlin calendar, not UTC', () => {
    expect(berlinToday(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });

  it('gives the day Intl gives for Europe/Berlin, every half hour and around each clock change', () => {
    const berlin = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const instants: number[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += 30 * 60 * 1000) instants.push(t);
    // The minutes before and after 01:00 UTC on the change days (last Sundays of March and October).
    for (const change of [
      '2026-03-29T01:00:00Z',
      '2026-10-25T01:00:00Z',
      '2027-03-28T01:00:00Z',
      '2030-10-27T01:00:00Z',
    ]) {
      const at = Date.parse(change);
      for (let minutes = -90; minutes <= 90; minutes++) instants.push(at + minutes * 60 * 1000);
    }
    for (const instant of instants) {
      const now = new Date(instant);
      expect(berlinToday(now), now.toISOString()).toBe(berlin.format(now));
    }
  });

  it('refuses reversed, malformed and overlong periods with German messages', () => {
    const reversed = statisticsPeriodSchema.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toContain('nicht vor seinem Beginn');
    expect(
      statisticsPeriodSchema.safeParse({ from: '01.02.2026', to: '2026-03-01' }).error?.issues[0]?.message,
    ).toContain('TT.MM.JJJJ');
    expect(
      statisticsPeriodSchema.safeParse({ from: '2000-01-01', to: '2026-01-01' }).error?.issues[0]?.message,
    ).toContain('fünf Jahre');
    expect(statisticsPeriodSchema.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
  });
});
