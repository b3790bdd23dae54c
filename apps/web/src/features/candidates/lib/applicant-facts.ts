import { dayjs } from '../../../lib/dayjs';

/** Full years since a YYYY-MM-DD date of birth, or null when unknown or implausible. */
export function ageInYears(dateOfBirth: string | null, now: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const born = dayjs(dateOfBirth);
  if (!born.isValid()) return null;
  const years = dayjs(now).diff(born, 'year');
  return years >= 0 && years < 130 ? years : null;
}
