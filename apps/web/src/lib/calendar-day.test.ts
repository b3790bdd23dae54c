import { describe, expect, it } from 'vitest';
import { formatCalendarDay, isDayBefore } from './calendar-day';

describe('calendar days', () => {
  it('writes a day the German way and nothing for what is not a day', () => {
    expect(formatCalendarDay('2026-12-03')).toBe('03.12.2026');
    expect(formatCalendarDay(null)).toBe('');
    expect(formatCalendarDay('')).toBe('');
    expect(formatCalendarDay('2026-12-03T10:00:00Z')).toBe('');
  });

  it('orders days across months and years', () => {
    expect(isDayBefore('2026-11-30', '2026-12-01')).toBe(true);
    expect(isDayBefore('2026-12-31', '2027-01-01')).toBe(true);
    expect(isDayBefore('2026-12-03', '2026-12-03')).toBe(false);
  });
});
