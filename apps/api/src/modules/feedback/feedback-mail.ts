/** The mail of one feedback to SUPPORT_EMAIL (ADR 0036). */
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, mailLine } from '../../mail/templates';

/**
 * Feedback from the help page to SUPPORT_EMAIL (ADR 0036). Sender, page and category are one
 * safe line each; the message keeps its line breaks, quoted with "> " in the text part (so no
 * line of it reads like a header or a field of ours) and HTML-escaped in the HTML part.
 */
export function composeFeedbackMail(input: {
  to: string;
  categoryLabel: string;
  sender: { name: string; email: string; roleLabel: string; organizationName: string | null };
  pageUrl: string;
  message: string;
  hasScreenshot: boolean;
  receivedAt: string;
}): MailMessage {
  const senderName = mailLine(input.sender.name) || 'Ohne Namen';
  const subject = mailLine(`Feedback (${input.categoryLabel}) von ${senderName}`);
  const facts: [string, string][] = [
    ['Kategorie', mailLine(input.categoryLabel)],
    ['Von', `${senderName} <${mailLine(input.sender.email)}>`],
    ['Rolle', mailLine(input.sender.roleLabel)],
    ...(input.sender.organizationName ? ([['Unternehmen', mailLine(input.sender.organizationName)]] as [string, string][]) : []),
    ['Seite', mailLine(input.pageUrl)],
    ['Eingegangen', mailLine(input.receivedAt)],
    ['Screenshot', input.hasScreenshot ? 'ja – in Matchwerk unter „Support & Einstellungen“ → Feedback' : 'nein'],
  ];
  const message = input.message.replace(/\r\n?/g, '\n');
  const quoted = message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [...facts.map(([label, value]) => `${label}: ${value}`), '', 'Nachricht:', quoted, ''].join('\n');
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body><table>${facts
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</table><p><strong>Nachricht:</strong></p><p>${message.split('\n').map(escapeHtml).join('<br>')}</p></body></html>`;
  return { to: mailLine(input.to), subject, text, html, headers: { 'Reply-To': mailLine(input.sender.email) } };
}
