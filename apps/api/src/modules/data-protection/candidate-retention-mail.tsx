// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The mail an inactive candidate gets RETENTION_NOTICE_DAYS before the account is deleted:
 * when, why (no use for the set number of months), how to keep it (sign in to the app), and
 * that nothing is needed otherwise. No organisation names: the mail must not tell anyone who
 * reads the inbox where the candidate applied. Template per ADR 0050, in "du" (ADR 0102).
 */
import { candidateGreetingLine, CandidateMailClosing } from '../../mail/candidate-templates';
import { MailButton, MailLayout, MailParagraph } from '../../mail/mail-layout';
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
  /** Sign-in screen of the candidate app (`/app/#/anmelden`). */
  signInUrl: string;
  supportEmail: string;
}

/** In "du" with the link into the candidate app (ADR 0102). */
export function composeCandidateRetentionMail(input: CandidateRetentionMailInput): Promise<MailMessage> {
  const on = mailDate(input.deleteOn);
  const subject = `Matchwerk: Dein Konto wird am ${on} gelöscht`;
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailParagraph>{candidateGreetingLine(input.name)}</MailParagraph>
      <MailParagraph>
        {`du hast die Matchwerk-App lange nicht benutzt. Damit deine Daten nicht unnötig bei uns liegen, löschen wir Konten, die ${input.months} Monate lang nicht benutzt wurden. Dein Konto wird deshalb am ${on} gelöscht, mit deinem Profil, deinen Fotos, Anfragen und Chats.`}
      </MailParagraph>
      <MailParagraph>
        {`Du willst dein Konto behalten? Dann melde dich einfach vor dem ${on} in der App an.`}
      </MailParagraph>
      <MailButton href={mailLine(input.signInUrl)}>Zur Anmeldung</MailButton>
      <MailParagraph>Wenn das Konto weg soll, musst du nichts tun.</MailParagraph>
      <CandidateMailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
