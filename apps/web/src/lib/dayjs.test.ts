import { describe, expect, it } from 'vitest';
import { dayjs, formatTimestamp } from './dayjs';

describe('formatTimestamp', () => {
  it('formats as DD.MM.YYYY HH:mm with the German locale', () => {
    expect(formatTimestamp(new Date(2026, 2, 5, 9, 7))).toBe('05.03.2026 09:07');
    expect(dayjs(new Date(2026, 2, 5)).format('MMMM')).toBe('März');
  });
});
