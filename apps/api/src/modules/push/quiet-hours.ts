/**
 * Quiet hours (ADR 0099): from 20:00 to 07:00 Europe/Berlin nothing buzzes; pushes wait until
 * 07:00 and the fallback mail goes out then. On by default for candidates under 18.
 */
import { CANDIDATE_QUIET_HOURS } from '@matchwerk/shared';

const MINUTE = 60_000;
const FROM = minutesOf(CANDIDATE_QUIET_HOURS.from);
const TO = minutesOf(CANDIDATE_QUIET_HOURS.to);

function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours! * 60 + minutes!;
}

const berlinClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: CANDIDATE_QUIET_HOURS.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes since Berlin midnight. */
function berlinMinutes(at: Date): number {
  const parts = berlinClock.formatToParts(at);
  const hour = Number(parts.find((part) => part.type === 'hour')!.value);
  const minute = Number(parts.find((part) => part.type === 'minute')!.value);
  return hour * 60 + minute;
}

function isQuiet(minutes: number): boolean {
  return FROM > TO ? minutes >= FROM || minutes < TO : minutes >= FROM && minutes < TO;
}

/**
 * When a notice created at `at` may go out: `at` itself outside quiet hours, else the next 07:00
 * in Berlin (walked minute by minute, so summer time needs no rule of its own).
 */
export function quietHoursEnd(at: Date): Date | null {
  if (!isQuiet(berlinMinutes(at))) return null;
  // Round down to the minute, then step until the Berlin clock leaves the quiet window.
  let probe = Math.floor(at.getTime() / MINUTE) * MINUTE;
  for (let steps = 0; steps < 24 * 60; steps++) {
    probe += MINUTE;
    if (!isQuiet(berlinMinutes(new Date(probe)))) return new Date(probe);
  }
  return null;
}

/** Full years between the birth date (YYYY-MM-DD) and the Berlin day of `at`. */
export function ageInYears(dateOfBirth: string, at: Date): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CANDIDATE_QUIET_HOURS.timeZone }).format(at);
  const [year, month, day] = today.split('-').map(Number);
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number);
  let age = year! - birthYear!;
  if (month! < birthMonth! || (month === birthMonth && day! < birthDay!)) age--;
  return age;
}

/** The default when the candidate never chose: on under 18, and when the age is unknown. */
export function quietHoursByDefault(dateOfBirth: string | null, at: Date): boolean {
  return dateOfBirth === null || ageInYears(dateOfBirth, at) < 18;
}
