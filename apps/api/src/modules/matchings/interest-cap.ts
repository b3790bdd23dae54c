/**
 * The daily cap on expressions of interest (issue 46 item 5, ADR 0100): a candidate may show
 * interest in at most `cap` postings per calendar day in Europe/Berlin; the next one is a friendly
 * German 429 that says when the day resets, with Retry-After in seconds.
 */
import { berlinToday, interestCapMessage } from '@matchwerk/shared';
import { AppError } from '../../errors/app-error';

const HOUR = 3_600_000;

/** The instant a Berlin calendar day (YYYY-MM-DD) begins: midnight at UTC+1 or UTC+2. */
export function berlinDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * HOUR);
    if (berlinToday(candidate) === day && berlinToday(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  // Not reached for Europe/Berlin; midnight UTC is a safe fallback.
  return new Date(utcMidnight);
}

/** Today's start and the next day's start in Berlin, for `now`. */
export function berlinDayBounds(now: Date): { start: Date; next: Date } {
  const start = berlinDayStart(berlinToday(now));
  // 26 hours after the start is always within the next Berlin day (days are 23–25 hours long).
  const next = berlinDayStart(berlinToday(new Date(start.getTime() + 26 * HOUR)));
  return { start, next };
}

export interface InterestCap {
  perDay: number;
  countSince(applicantId: string, since: Date): Promise<number>;
}

/** Throws the 429 when the candidate has reached today's cap. */
export async function assertUnderInterestCap(cap: InterestCap, applicantId: string, now: Date): Promise<void> {
  const { start, next } = berlinDayBounds(now);
  if ((await cap.countSince(applicantId, start)) < cap.perDay) return;
  const retryAfter = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', {
    message: interestCapMessage(cap.perDay, '0:00'),
    headers: { 'retry-after': String(retryAfter) },
  });
}
