// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The mails to a parent of a candidate under 16 (ADR 0097), in plain language ("Sie" to the
 * parent): the request to confirm, and the note after a confirmation with the link to take it
 * back. The candidate's first name only, no address, no school. Template per ADR 0050.
 */
import { MailButton, MailClosing, MailLayout, MailParagraph } from '../../mail/mail-layout';
import { mailDate } from '../../mail/mail-date';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';

export interface ParentalConsentMailInput {
  to: string;
  /** The candidate's first name as they gave it. */
  childName: string;
  /** The public page (`/einwilligung?token=…`). */
  url: string;
  /** Until when the link works. */
  validUntil: Date;
  supportEmail: string;
}

export function composeParentalConsentRequestMail(input: ParentalConsentMailInput): Promise<MailMessage> {
  const child = mailLine(input.childName);
  const subject = mailLine(`Matchwerk: ${child} braucht Ihre Zustimmung`);
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailParagraph>Guten Tag,</MailParagraph>
      <MailParagraph>
        {`${child} hat sich bei Matchwerk angemeldet und Ihre E-Mail-Adresse als Adresse der Eltern angegeben.`}
      </MailParagraph>
      <MailParagraph>
        Matchwerk ist eine Plattform für Schülerinnen und Schüler: Sie finden dort Praktika, Ferienjobs und
        Ausbildungsplätze in ihrer Region, zeigen Interesse an einer Stelle und schreiben mit dem Unternehmen, wenn es
        zustimmt. Unternehmen sehen dabei den Namen, das Alter (nicht das Geburtsdatum), die Schule und das Profil –
        aber nur, wenn Ihr Kind Interesse an einer ihrer Stellen zeigt.
      </MailParagraph>
      <MailParagraph>
        Weil Ihr Kind jünger als 16 Jahre ist, braucht es Ihre Zustimmung (Datenschutz-Grundverordnung, Art. 8). Bis Sie
        zustimmen, kann es sich Stellen nur ansehen.
      </MailParagraph>
      <MailButton href={mailLine(input.url)}>Lesen und zustimmen oder ablehnen</MailButton>
      <MailParagraph>
        {`Der Link ist bis zum ${mailDate(input.validUntil)} gültig. Über denselben Link können Sie Ihre Zustimmung später jederzeit zurücknehmen.`}
      </MailParagraph>
      <MailParagraph>
        Wenn Sie kein Kind haben, das sich angemeldet haben könnte, ignorieren Sie diese E-Mail.
      </MailParagraph>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}

export function composeParentalConsentConfirmedMail(input: ParentalConsentMailInput): Promise<MailMessage> {
  const child = mailLine(input.childName);
  const subject = mailLine(`Matchwerk: Ihre Zustimmung für ${child}`);
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailParagraph>Guten Tag,</MailParagraph>
      <MailParagraph>
        {`vielen Dank: Sie haben zugestimmt, dass ${child} Matchwerk nutzt. Ihr Kind kann jetzt Interesse an Stellen zeigen und mit Unternehmen schreiben.`}
      </MailParagraph>
      <MailParagraph>
        Sie können Ihre Zustimmung jederzeit zurücknehmen. Dann kann Ihr Kind wieder nur Stellen ansehen.
      </MailParagraph>
      <MailButton href={mailLine(input.url)}>Zustimmung verwalten</MailButton>
      <MailParagraph>{`Der Link ist bis zum ${mailDate(input.validUntil)} gültig (dem 16. Geburtstag).`}</MailParagraph>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
