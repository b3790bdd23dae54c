// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The mail an inactive candidate gets RETENTION_NOTICE_DAYS before the account is deleted:
 * when, why (no use for the set number of months), how to keep it (sign in to the app), and
 * that nothing is needed otherwise. No organisation names: the mail must not tell anyone who
 * reads the inbox where the candidate applied. Template per ADR 0050.
 */
import { MailClosing, MailGreeting, MailLayout, MailParagraph } from '../../mail/mail-layout';
import { mailDate } from '../../mail/mail-date';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';

export interface CandidateRetentionMailInput {
  to: string;
  /** The candidate's name for the greeting; empty greets without one. */
  name: string;
  /** The day of the run that deletes the account. */
  deleteOn: Date;
  months: number;
  supportEmail: string;
}

export function composeCandidateRetentionMail(input: CandidateRetentionMailInput): Promise<MailMessage> {
  const on = mailDate(input.deleteOn);
  const subject = `Matchwerk: Ihr Konto wird am ${on} gelöscht`;
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailGreeting name={input.name} />
      <MailParagraph>
        {`Ihr Matchwerk-Konto wurde lange nicht genutzt. Zum Schutz Ihrer Daten löscht Matchwerk Konten, die ${input.months} Monate lang nicht genutzt wurden. Ihr Konto wird deshalb am ${on} gelöscht, mit Ihrem Profil, Ihren Fotos, Matchings und Chats.`}
      </MailParagraph>
      <MailParagraph>
        {`Wenn Sie Ihr Konto behalten möchten, melden Sie sich bitte vor dem ${on} in der Matchwerk-App an. Dann bleibt es bestehen.`}
      </MailParagraph>
      <MailParagraph>Wenn Sie mit der Löschung einverstanden sind, müssen Sie nichts tun.</MailParagraph>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
