/**
 * The mail an organisation gets RETENTION_NOTICE_DAYS before matchings and chats of a finished
 * season are deleted: what goes (matchings per posting, number of chats), from when, and how
 * to keep a copy (the ZIP export). No candidate names: the organisation knows them, the mail
 * need not carry them.
 */
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, mailLine } from '../../mail/templates';

export interface RetentionMailInput {
  to: string[];
  organizationName: string;
  /** Matchings per posting title. */
  matchingsByPosting: Map<string, number>;
  chats: number;
  deleteFrom: Date;
  months: number;
  publicUrl: string;
  supportEmail: string;
}

const dateFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

export function composeRetentionMail(input: RetentionMailInput): MailMessage {
  const base = input.publicUrl.replace(/\/+$/, '');
  const from = dateFormat.format(input.deleteFrom);
  const subject = `Matchwerk: Löschung abgeschlossener Matchings und Chats ab ${from}`;
  const intro = `zum Schutz personenbezogener Daten löscht Matchwerk Matchings und Chats ${input.months} Monate nach Abschluss eines Matchings (Entscheidung getroffen und Ausbildungs- bzw. Stellenbeginn erreicht). Für ${mailLine(input.organizationName)} werden ab dem ${from} gelöscht:`;
  const items: string[] = [];
  for (const [title, count] of [...input.matchingsByPosting.entries()].sort(([a], [b]) => a.localeCompare(b, 'de'))) {
    items.push(`„${mailLine(title)}“: ${count === 1 ? '1 Matching' : `${count} Matchings`}`);
  }
  if (input.chats > 0) items.push(input.chats === 1 ? '1 Chat mit allen Nachrichten' : `${input.chats} Chats mit allen Nachrichten`);
  const exportHint = 'Wenn Sie die Daten aufbewahren müssen, laden Sie sie vorher unter „Mein Unternehmen“ mit „Alle Daten exportieren (ZIP)“ herunter.';
  const url = `${base}/#/settings`;
  const text = ['Guten Tag,', '', intro, '', ...items.map((item) => `- ${item}`), '', exportHint, url, '', `Bei Fragen erreichen Sie uns unter ${input.supportEmail}.`, '', 'Ihr Matchwerk-Team'];
  const html = [
    '<p>Guten Tag,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(exportHint)} <a href="${escapeHtml(url)}">Mein Unternehmen öffnen</a></p>`,
    `<p>Bei Fragen erreichen Sie uns unter <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    '<p>Ihr Matchwerk-Team</p>',
  ];
  return {
    to: input.to.join(', '),
    subject,
    text: text.join('\n'),
    html: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${html.join('')}</body></html>`,
  };
}
