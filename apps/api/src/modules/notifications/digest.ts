/**
 * Notification mails: the windows (when a digest covers what) and the German mail text. Pure
 * functions; the service does the database work.
 */
import { formatPersonName, NOTIFICATION_INTERVAL_LABELS, type NotificationInterval } from '@matchwerk/shared';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, greetingLine, mailLine } from '../../mail/templates';

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
  return new Intl.DateTimeFormat('en-CA', { timeZone: NOTIFICATION_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
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

const MAX_ITEMS = 20;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Candidate names and posting titles are user input: one line each (mailLine), escaped in HTML below. */
function personName(item: { names: string[] | null; familyNames: string[] | null }): string {
  return mailLine(formatPersonName(item)) || 'Eine Bewerberin / ein Bewerber';
}

function excerpt(text: string, max = 120): string {
  const flat = mailLine(text).replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The German digest: counts, up to 20 items per kind, links into the app and the unsubscribe link. */
export function composeDigestMail(input: DigestInput): MailMessage {
  const messageCount = input.chats.reduce((sum, chat) => sum + chat.count, 0);
  const parts: string[] = [];
  if (input.matchings.length > 0) parts.push(plural(input.matchings.length, 'neue Anfrage', 'neue Anfragen'));
  if (messageCount > 0) parts.push(plural(messageCount, 'neue Nachricht', 'neue Nachrichten'));
  const subject = `Matchwerk: ${parts.join(' und ')}`;
  const base = input.publicUrl.replace(/\/+$/, '');
  const candidatesUrl = `${base}/#/`;
  const chatUrl = (applicantId: string) => `${base}/#/chat/${encodeURIComponent(applicantId)}`;
  const greeting = greetingLine(input.name);
  const intro = input.interval === 'IMMEDIATELY' ? 'es gibt Neuigkeiten auf Matchwerk:' : `Ihre ${NOTIFICATION_INTERVAL_LABELS[input.interval]}e Zusammenfassung von Matchwerk:`;

  const text: string[] = [greeting, '', intro, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(intro)}</p>`];

  if (input.matchings.length > 0) {
    const heading = `${plural(input.matchings.length, 'neue Anfrage', 'neue Anfragen')} zu Ihren Stellenanzeigen:`;
    text.push(heading);
    html.push(`<h2>${escapeHtml(heading)}</h2><ul>`);
    for (const matching of input.matchings.slice(0, MAX_ITEMS)) {
      const line = `${personName(matching)} interessiert sich für „${mailLine(matching.vacancyTitle)}“`;
      text.push(`- ${line}`);
      html.push(`<li>${escapeHtml(line)}</li>`);
    }
    if (input.matchings.length > MAX_ITEMS) {
      text.push(`- … und ${input.matchings.length - MAX_ITEMS} weitere`);
      html.push(`<li>… und ${input.matchings.length - MAX_ITEMS} weitere</li>`);
    }
    text.push('', `Anfragen ansehen: ${candidatesUrl}`, '');
    html.push(`</ul><p><a href="${escapeHtml(candidatesUrl)}">Anfragen ansehen</a></p>`);
  }

  if (messageCount > 0) {
    const heading = `${plural(messageCount, 'neue Nachricht', 'neue Nachrichten')} von Bewerberinnen und Bewerbern:`;
    text.push(heading);
    html.push(`<h2>${escapeHtml(heading)}</h2><ul>`);
    for (const chat of input.chats.slice(0, MAX_ITEMS)) {
      const line = `${personName(chat)} (${plural(chat.count, 'Nachricht', 'Nachrichten')}): „${excerpt(chat.lastText)}“`;
      text.push(`- ${line}`, `  Zum Chat: ${chatUrl(chat.applicantId)}`);
      html.push(`<li>${escapeHtml(line)} — <a href="${escapeHtml(chatUrl(chat.applicantId))}">zum Chat</a></li>`);
    }
    if (input.chats.length > MAX_ITEMS) {
      text.push(`- … und ${input.chats.length - MAX_ITEMS} weitere Chats`);
      html.push(`<li>… und ${input.chats.length - MAX_ITEMS} weitere Chats</li>`);
    }
    text.push('');
    html.push('</ul>');
  }

  const unsubscribe = 'Sie erhalten diese E-Mail, weil Benachrichtigungen für Ihr Matchwerk-Konto eingeschaltet sind. Abbestellen:';
  text.push(unsubscribe, input.unsubscribeUrl, '', `Bei Fragen erreichen Sie uns unter ${input.supportEmail}.`, '', 'Ihr Matchwerk-Team');
  html.push(
    `<p>${escapeHtml(unsubscribe)} <a href="${escapeHtml(input.unsubscribeUrl)}">Benachrichtigungen abbestellen</a></p>`,
    `<p>Bei Fragen erreichen Sie uns unter <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    '<p>Ihr Matchwerk-Team</p>',
  );
  return {
    to: input.to,
    subject,
    // RFC 2369 + RFC 8058: mail providers show their own "unsubscribe" button and POST to the link (no cookie, no redirect).
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text: text.join('\n'),
    html: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${html.join('')}</body></html>`,
  };
}
