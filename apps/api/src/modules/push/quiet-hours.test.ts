/** Quiet hours 20:00–07:00 Europe/Berlin in winter and summer time, and the age that turns them on by default. */
import { describe, expect, it } from 'vitest';
import { ageInYears, quietHoursByDefault, quietHoursEnd } from './quiet-hours';

describe('quietHoursEnd', () => {
  it('is null outside 20:00–07:00 Berlin and the next 07:00 inside, in winter (UTC+1) and summer time (UTC+2)', () => {
    expect(quietHoursEnd(new Date('2026-12-07T18:59:00Z'))).toBeNull(); // 19:59 Berlin
    expect(quietHoursEnd(new Date('2026-12-07T19:00:00Z'))).toEqual(new Date('2026-12-08T06:00:00Z')); // 20:00
    expect(quietHoursEnd(new Date('2026-12-08T05:59:30Z'))).toEqual(new Date('2026-12-08T06:00:00Z')); // 06:59
    expect(quietHoursEnd(new Date('2026-12-08T06:00:00Z'))).toBeNull(); // 07:00
    expect(quietHoursEnd(new Date('2026-07-01T20:30:00Z'))).toEqual(new Date('2026-07-02T05:00:00Z')); // 22:30 CEST
    // The night summer time starts (29 March 2026, 02:00 → 03:00): 07:00 is 05:00 UTC.
    expect(quietHoursEnd(new Date('2026-03-28T22:00:00Z'))).toEqual(new Date('2026-03-29T05:00:00Z'));
  });
});

describe('ageInYears and the default', () => {
  it('counts full years by the Berlin day; quiet hours by default under 18 and when the age is unknown', () => {
    const at = new Date('2026-12-07T23:30:00Z'); // already 8 December in Berlin
    expect(ageInYears('2008-12-08', at)).toBe(18);
    expect(ageInYears('2008-12-09', at)).toBe(17);
    expect(quietHoursByDefault('2008-12-09', at)).toBe(true);
    expect(quietHoursByDefault('2008-12-08', at)).toBe(false);
    expect(quietHoursByDefault(null, at)).toBe(true);
  });
});
