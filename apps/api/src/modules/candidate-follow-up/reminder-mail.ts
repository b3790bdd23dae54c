/** The employer's reminder of unanswered matchings (issue 14, ADR 0041), German, escaped. */
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, greetingLine, mailLine } from '../../mail/templates';
import type { ReminderItem } from './candidate-follow-up.repository';

const MAX_ITEMS = 50;
const day = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

export interface ReminderMailInput {
  to: string;
  name: string;
  items: readonly ReminderItem[];
  publicUrl: string;
  supportEmail: string;
}

export function composeReminderMail(input: ReminderMailInput): MailMessage {
  const base = input.publicUrl.replace(/\/+$/, '');
  const url = `${base}/#/candidates`;
  const count = input.items.length;
  const subject = count === 1 ? 'Matchwerk: 1 Anfrage wartet auf Ihre Antwort' : `Matchwerk: ${count} Anfragen warten auf Ihre Antwort`;
  const greeting = greetingLine(input.name);
  const intro =
    count === 1
      ? 'eine Bewerberin oder ein Bewerber wartet seit einigen Tagen auf Ihre Antwort. Eine kurze Zu- oder Absage hilft sehr – auch eine freundliche Absage.'
      : `${count} Bewerberinnen und Bewerber warten seit einigen Tagen auf Ihre Antwort. Eine kurze Zu- oder Absage hilft sehr – auch eine freundliche Absage.`;
  const lineOf = (item: ReminderItem) => {
    const name = mailLine(item.applicantName) || 'Bewerber/in';
    return `${name} – ${mailLine(item.vacancyTitle)} (seit ${day.format(item.createdAt)}; ohne Antwort automatische Absage am ${day.format(item.declineAt)})`;
  };
  const shown = input.items.slice(0, MAX_ITEMS);
  const text = [greeting, '', intro, '', ...shown.map((item) => `- ${lineOf(item)}`)];
  const html = [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(intro)}</p>`, '<ul>', ...shown.map((item) => `<li>${escapeHtml(lineOf(item))}</li>`)];
  if (count > MAX_ITEMS) {
    text.push(`- … und ${count - MAX_ITEMS} weitere`);
    html.push(`<li>… und ${count - MAX_ITEMS} weitere</li>`);
  }
  html.push('</ul>');
  const support = mailLine(input.supportEmail);
  text.push('', `Zu Ihren Anfragen: ${url}`, '', `Bei Fragen erreichen Sie uns unter ${support}.`, '', 'Ihr Matchwerk-Team');
  html.push(
    `<p><a href="${escapeHtml(url)}">Zu Ihren Anfragen</a></p>`,
    `<p>Bei Fragen erreichen Sie uns unter <a href="mailto:${escapeHtml(support)}">${escapeHtml(support)}</a>.</p>`,
    '<p>Ihr Matchwerk-Team</p>',
  );
  return {
    to: mailLine(input.to),
    subject,
    text: text.join('\n'),
    html: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${html.join('')}</body></html>`,
  };
}

