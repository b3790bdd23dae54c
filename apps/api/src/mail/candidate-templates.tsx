// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The account mails to candidates (user type APPLICANT; issue 46 item 3, ADR 0102): the same
 * occasions as templates.tsx, but in "du", in plain language for pupils from 14, and with links
 * into the candidate app (`/app/#/…`, CANDIDATE_APP_ROUTES) instead of the employer web app.
 */
import { candidateAppUrl, CANDIDATE_AUTH_ACTION_ROUTES, type CandidateAuthAction } from '@matchwerk/shared';
import type { ReactNode } from 'react';
import type { MailMessage } from './mailer';
import { MailButton, MailLayout, MailLink, MailParagraph } from './mail-layout';
import { mailLine } from './mail-line';
import { renderMail } from './render-mail';

export interface CandidateMailInput {
  to: string;
  name: string;
  supportEmail: string;
}

/** "Hallo Lea," — the name as one safe line; without a name just "Hallo,". */
export function candidateGreetingLine(name: string): string {
  const safe = mailLine(name);
  return safe ? `Hallo ${safe},` : 'Hallo,';
}

/** Support address and sign-off in "du". */
export function CandidateMailClosing({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <MailParagraph>
        Fragen? Schreib uns an <MailLink href={`mailto:${supportEmail}`}>{supportEmail}</MailLink>.
      </MailParagraph>
      <MailParagraph>Dein Matchwerk-Team</MailParagraph>
    </>
  );
}

function build(
  input: CandidateMailInput,
  rawSubject: string,
  paragraphs: ReactNode[],
  rawAction?: { label: string; url: string },
): Promise<MailMessage> {
  const subject = mailLine(rawSubject);
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailParagraph>{candidateGreetingLine(input.name)}</MailParagraph>
      {paragraphs.map((paragraph, index) => (
        // A template's paragraphs are fixed in number and order.
        <MailParagraph key={index}>{typeof paragraph === 'string' ? mailLine(paragraph) : paragraph}</MailParagraph>
      ))}
      {rawAction ? <MailButton href={mailLine(rawAction.url)}>{mailLine(rawAction.label)}</MailButton> : null}
      <CandidateMailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}

/**
 * Link of an account mail into the candidate app: `/app/#/bestaetigt?token=…` and so on. The
 * address (password reset) lets the screen offer a new link when this one has expired.
 */
export function candidateActionUrl(
  publicUrl: string,
  action: CandidateAuthAction,
  token: string,
  email?: string,
): string {
  return candidateAppUrl(publicUrl, CANDIDATE_AUTH_ACTION_ROUTES[action], { query: { token, email } });
}

export function candidateVerifyEmailMail(
  input: CandidateMailInput & { url: string; isEmailChange?: boolean },
): Promise<MailMessage> {
  return build(
    input,
    'Deine E-Mail-Adresse bestätigen',
    input.isEmailChange
      ? ['du möchtest diese Adresse ab jetzt für die Matchwerk-App verwenden. Tippe dazu auf den Button.']
      : [
          'schön, dass du bei Matchwerk bist! Tippe auf den Button, damit wir wissen, dass diese E-Mail-Adresse dir gehört. Danach kannst du loslegen.',
          'Du hast dich gar nicht angemeldet? Dann lösch diese E-Mail einfach.',
        ],
    { label: 'E-Mail-Adresse bestätigen', url: input.url },
  );
}

export function candidateResetPasswordMail(input: CandidateMailInput & { url: string }): Promise<MailMessage> {
  return build(
    input,
    'Neues Passwort für die Matchwerk-App',
    [
      'du möchtest ein neues Passwort für die Matchwerk-App. Tippe auf den Button und denk dir ein neues aus. Der Link funktioniert eine Stunde lang.',
      'Das warst du nicht? Dann lösch diese E-Mail einfach. Dein altes Passwort bleibt, wie es ist.',
    ],
    { label: 'Neues Passwort festlegen', url: input.url },
  );
}

export function candidateConfirmEmailChangeMail(
  input: CandidateMailInput & { url: string; newEmail: string },
): Promise<MailMessage> {
  return build(
    input,
    'Neue E-Mail-Adresse bestätigen',
    [
      `du möchtest deine E-Mail-Adresse in der Matchwerk-App auf ${input.newEmail} ändern.`,
      'Tippe auf den Button, wenn das stimmt. Danach schicken wir noch einen Link an die neue Adresse.',
      'Das warst du nicht? Dann lösch diese E-Mail und ändere zur Sicherheit dein Passwort.',
    ],
    { label: 'Änderung bestätigen', url: input.url },
  );
}

export function candidateRecoverEmailMail(
  input: CandidateMailInput & { url: string; newEmail: string },
): Promise<MailMessage> {
  return build(
    input,
    'Deine E-Mail-Adresse wurde geändert',
    [
      `deine E-Mail-Adresse in der Matchwerk-App ist jetzt ${input.newEmail}.`,
      'Das warst du nicht? Dann tippe in den nächsten drei Tagen auf den Button. Damit machst du die Änderung rückgängig und alle Geräte werden abgemeldet.',
    ],
    { label: 'Änderung rückgängig machen', url: input.url },
  );
}

export function candidateAlreadyRegisteredMail(
  input: CandidateMailInput & { signInUrl: string },
): Promise<MailMessage> {
  return build(input, 'Du hast schon ein Matchwerk-Konto', [
    'jemand wollte sich gerade mit dieser E-Mail-Adresse neu bei Matchwerk anmelden. Mit dieser Adresse gibt es aber schon ein Konto.',
    <>
      Melde dich einfach an: <MailLink href={mailLine(input.signInUrl)}>{mailLine(input.signInUrl)}</MailLink>
    </>,
    'Passwort vergessen? Beim Anmelden kannst du ein neues anfordern.',
    'Das warst du nicht? Dann lösch diese E-Mail einfach.',
  ]);
}

export function candidateSignInUnlockMail(
  input: CandidateMailInput & { url: string; minutes: number },
): Promise<MailMessage> {
  return build(
    input,
    'Anmeldung in der Matchwerk-App entsperren',
    [
      'bei deinem Konto wurde oft ein falsches Passwort eingegeben. Deshalb ist die Anmeldung gerade gesperrt. Du hast einen Link zum Entsperren angefordert.',
      `Öffne den Link auf dem Gerät, mit dem du dich anmelden willst. Er funktioniert ${input.minutes} Minuten lang und nur einmal. Danach meldest du dich wie immer mit deinem Passwort an.`,
      'Das warst du nicht? Dann probiert vielleicht jemand, dein Passwort zu erraten. Dein Konto ist geschützt. Nimm am besten ein langes Passwort, das du sonst nirgends benutzt.',
    ],
    { label: 'Anmeldung entsperren', url: input.url },
  );
}
