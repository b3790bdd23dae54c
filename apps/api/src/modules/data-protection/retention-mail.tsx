// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The mail an organisation gets RETENTION_NOTICE_DAYS before matchings and chats of a finished
 * season are deleted: what goes (matchings per posting, number of chats), from when, and how
 * to keep a copy (the ZIP export). No candidate names: the organisation knows them, the mail
 * need not carry them. Template per ADR 0050.
 */
import { MailButton, MailClosing, MailGreeting, MailLayout, MailList, MailParagraph } from '../../mail/mail-layout';
import { mailDate } from '../../mail/mail-date';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';

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

export function composeRetentionMail(input: RetentionMailInput): Promise<MailMessage> {
  const base = input.publicUrl.replace(/\/+$/, '');
  const from = mailDate(input.deleteFrom);
  const subject = `Matchwerk: Löschung abgeschlossener Matchings und Chats ab ${from}`;
  const intro = `zum Schutz personenbezogener Daten löscht Matchwerk Matchings und Chats ${input.months} Monate nach Abschluss eines Matchings (Entscheidung getroffen und Ausbildungs- bzw. Stellenbeginn erreicht). Für ${mailLine(input.organizationName)} werden ab dem ${from} gelöscht:`;
  const items: string[] = [];
  for (const [title, count] of [...input.matchingsByPosting.entries()].sort(([a], [b]) => a.localeCompare(b, 'de'))) {
    items.push(`„${mailLine(title)}“: ${count === 1 ? '1 Matching' : `${count} Matchings`}`);
  }
  if (input.chats > 0)
    items.push(input.chats === 1 ? '1 Chat mit allen Nachrichten' : `${input.chats} Chats mit allen Nachrichten`);
  return renderMail(
    // Several recipients (every member of the organisation) in one To header.
    { to: input.to.join(', '), subject },
    <MailLayout title={subject}>
      <MailGreeting name="" />
      <MailParagraph>{intro}</MailParagraph>
      <MailList items={items.map((item, index) => ({ key: String(index), content: item }))} />
      <MailParagraph>
        Wenn Sie die Daten aufbewahren müssen, laden Sie sie vorher unter „Mein Unternehmen“ mit „Alle Daten exportieren
        (ZIP)“ herunter.
      </MailParagraph>
      <MailButton href={`${base}/#/settings`}>Mein Unternehmen öffnen</MailButton>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
