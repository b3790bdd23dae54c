/**
 * Notification mails: the windows (when a digest covers what) and what a digest holds (the mail
 * itself is digest-mail.tsx). Pure functions; the service does the database work.
 */
import type { NotificationInterval } from '@matchwerk/shared';

export const NOTIFICATION_TIME_ZONE = 'Europe/Berlin';
/** Candidate events are collected this long before an IMMEDIATELY mail goes out (bursts become one mail). */
export const IMMEDIATE_DELAY_SECONDS = 90;

const HOUR = 60 * 60 * 1000;
/** How far back a digest looks when the user never had one. */
export const LOOKBACK_MS: Record<NotificationInterval, number> = {
  IMMEDIATELY: 24 * HOUR,
  DAILY: 24 * HOUR,
  WEEKLY: 7 * 24 * HOUR,
};

/** YYYY-MM-DD of the instant in Berlin. */
export function berlinDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: NOTIFICATION_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The key that makes one digest per user and window: a second sender for the same key sends nothing. */
export function scheduledWindowKey(interval: 'DAILY' | 'WEEKLY', at: Date): string {
  if (interval === 'DAILY') return `DAILY:${berlinDate(at)}`;
  // The Monday of the Berlin week (the weekly job runs Monday 07:00).
  const date = new Date(`${berlinDate(at)}T12:00:00Z`);
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  return `WEEKLY:${berlinDate(new Date(date.getTime() - daysSinceMonday * 24 * HOUR))}`;
}

export interface DigestMatching {
  applicantId: string;
  names: string[] | null;
  familyNames: string[] | null;
  vacancyTitle: string;
}

export interface DigestChat {
  applicantId: string;
  names: string[] | null;
  familyNames: string[] | null;
  count: number;
  lastText: string;
}

export interface DigestInput {
  to: string;
  name: string;
  interval: NotificationInterval;
  matchings: DigestMatching[];
  chats: DigestChat[];
  publicUrl: string;
  unsubscribeUrl: string;
  supportEmail: string;
}
