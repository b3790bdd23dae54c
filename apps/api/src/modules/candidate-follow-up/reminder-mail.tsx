// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/** The employer's reminder of unanswered matchings (issue 14, ADR 0041; template per ADR 0050). */
import { MailButton, MailClosing, MailGreeting, MailLayout, MailList, MailParagraph } from '../../mail/mail-layout';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';
import type { ReminderItem } from './candidate-follow-up.repository';

const MAX_ITEMS = 50;
const day = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export interface ReminderMailInput {
  to: string;
  name: string;
  items: readonly ReminderItem[];
  publicUrl: string;
  supportEmail: string;
}

export function composeReminderMail(input: ReminderMailInput): Promise<MailMessage> {
  const base = input.publicUrl.replace(/\/+$/, '');
  const url = `${base}/#/candidates`;
  const count = input.items.length;
  const subject =
    count === 1
      ? 'Matchwerk: 1 Anfrage wartet auf Ihre Antwort'
      : `Matchwerk: ${count} Anfragen warten auf Ihre Antwort`;
  const intro =
    count === 1
      ? 'eine Bewerberin oder ein Bewerber wartet seit einigen Tagen auf Ihre Antwort. Eine kurze Zu- oder Absage hilft sehr – auch eine freundliche Absage.'
      : `${count} Bewerberinnen und Bewerber warten seit einigen Tagen auf Ihre Antwort. Eine kurze Zu- oder Absage hilft sehr – auch eine freundliche Absage.`;
  const lineOf = (item: ReminderItem) => {
    const name = mailLine(item.applicantName) || 'Bewerber/in';
    return `${name} – ${mailLine(item.vacancyTitle)} (seit ${day.format(item.createdAt)}; ohne Antwort automatische Absage am ${day.format(item.declineAt)})`;
  };
  const items = input.items.slice(0, MAX_ITEMS).map((item, index) => ({ key: String(index), content: lineOf(item) }));
  if (count > MAX_ITEMS) items.push({ key: 'more', content: `… und ${count - MAX_ITEMS} weitere` });
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailGreeting name={input.name} />
      <MailParagraph>{intro}</MailParagraph>
      <MailList items={items} />
      <MailButton href={url}>Zu Ihren Anfragen</MailButton>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
