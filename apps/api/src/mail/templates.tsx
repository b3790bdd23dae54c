// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The German account mails (sign-up, password, e-mail change, unlock, the two invitations) as
 * React Email templates (ADR 0050): one AccountMail layout, rendered to HTML and text by renderMail.
 */
import type { ReactNode } from 'react';
import type { MailMessage } from './mailer';
import { MailButton, MailClosing, MailGreeting, MailLayout, MailLink, MailParagraph } from './mail-layout';
import { mailLine } from './mail-line';
import { renderMail } from './render-mail';

// Helpers other modules import from here (hand-built HTML pages escape with escapeHtml).
export { escapeHtml, greetingLine, mailLine } from './mail-line';

interface TemplateInput {
  to: string;
  name: string;
  supportEmail: string;
}

/**
 * One account mail from a subject, paragraphs and an optional button. Every interpolated value
 * is made one line with mailLine (text part, subject); React escapes it in the HTML part.
 */
function build(
  input: TemplateInput,
  rawSubject: string,
  paragraphs: ReactNode[],
  rawAction?: { label: string; url: string },
): Promise<MailMessage> {
  const subject = mailLine(rawSubject);
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailGreeting name={input.name} />
      {paragraphs.map((paragraph, index) => (
        // A template's paragraphs are fixed in number and order.
        <MailParagraph key={index}>{typeof paragraph === 'string' ? mailLine(paragraph) : paragraph}</MailParagraph>
      ))}
      {rawAction ? <MailButton href={mailLine(rawAction.url)}>{mailLine(rawAction.label)}</MailButton> : null}
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}

export function verifyEmailMail(input: TemplateInput & { url: string; isEmailChange?: boolean }): Promise<MailMessage> {
  return build(
    input,
    'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    input.isEmailChange
      ? [
          'Sie möchten diese Adresse künftig für Ihr Matchwerk-Konto verwenden. Bitte bestätigen Sie sie mit dem folgenden Link.',
        ]
      : [
          'vielen Dank für Ihre Registrierung bei Matchwerk. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem folgenden Link.',
          'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
        ],
    { label: 'E-Mail-Adresse bestätigen', url: input.url },
  );
}

export function resetPasswordMail(input: TemplateInput & { url: string }): Promise<MailMessage> {
  return build(
    input,
    'Passwort zurücksetzen',
    [
      'Sie haben angefordert, Ihr Matchwerk-Passwort zurückzusetzen. Der Link ist eine Stunde gültig.',
      'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ],
    { label: 'Neues Passwort festlegen', url: input.url },
  );
}

export function confirmEmailChangeMail(input: TemplateInput & { url: string; newEmail: string }): Promise<MailMessage> {
  return build(
    input,
    'Änderung Ihrer E-Mail-Adresse bestätigen',
    [
      `Für Ihr Matchwerk-Konto wurde eine Änderung der E-Mail-Adresse auf ${input.newEmail} angefordert.`,
      'Bitte bestätigen Sie die Änderung. Danach senden wir einen Bestätigungslink an die neue Adresse.',
      'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail und ändern Sie bitte Ihr Passwort.',
    ],
    { label: 'Änderung bestätigen', url: input.url },
  );
}

export function recoverEmailMail(input: TemplateInput & { url: string; newEmail: string }): Promise<MailMessage> {
  return build(
    input,
    'Ihre E-Mail-Adresse wurde geändert',
    [
      `Die E-Mail-Adresse Ihres Matchwerk-Kontos wurde auf ${input.newEmail} geändert.`,
      'Wenn Sie das nicht waren, können Sie die Änderung innerhalb von drei Tagen mit dem folgenden Link rückgängig machen. Dabei werden alle Sitzungen abgemeldet.',
    ],
    { label: 'Änderung rückgängig machen', url: input.url },
  );
}

export function alreadyRegisteredMail(input: TemplateInput & { loginUrl: string }): Promise<MailMessage> {
  return build(input, 'Sie haben bereits ein Matchwerk-Konto', [
    'jemand hat versucht, mit dieser E-Mail-Adresse ein neues Matchwerk-Konto anzulegen. Zu dieser Adresse besteht bereits ein Konto.',
    <>
      Melden Sie sich einfach an: <MailLink href={mailLine(input.loginUrl)}>{mailLine(input.loginUrl)}</MailLink>
    </>,
    'Passwort vergessen? Auf der Anmeldeseite können Sie ein neues anfordern.',
    'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
  ]);
}

export function signInUnlockMail(input: TemplateInput & { url: string; minutes: number }): Promise<MailMessage> {
  return build(
    input,
    'Anmeldung bei Matchwerk entsperren',
    [
      'für Ihr Matchwerk-Konto gab es viele fehlgeschlagene Anmeldeversuche, deshalb ist die Anmeldung vorübergehend eingeschränkt. Sie haben einen Entsperr-Link angefordert.',
      `Öffnen Sie den Link in dem Browser, mit dem Sie sich anmelden möchten; er ist ${input.minutes} Minuten gültig und nur einmal verwendbar. Danach melden Sie sich wie gewohnt mit Ihrem Passwort an.`,
      'Wenn Sie das nicht waren, versucht vielleicht jemand, Ihr Passwort zu erraten. Ihr Konto ist weiter geschützt; wählen Sie bitte zur Sicherheit ein starkes Passwort, das Sie nirgends sonst verwenden.',
    ],
    { label: 'Anmeldung entsperren', url: input.url },
  );
}

/**
 * Invitation of a user an administrator or partner created (ADR 0124): who created the account,
 * for which organisation, and the link where the person sets their own password. Nobody else
 * ever knows it. Subject as the team invitation's, so people recognise both.
 */
export function accountInvitationMail(
  input: TemplateInput & {
    creatorName: string;
    creatorEmail: string;
    organizationName: string | null;
    url: string;
    validDays: number;
  },
): Promise<MailMessage> {
  const forOrganization = input.organizationName ? ` für ${input.organizationName}` : '';
  return build(
    input,
    input.organizationName ? `Einladung zu Matchwerk: ${input.organizationName}` : 'Einladung zu Matchwerk',
    [
      `${input.creatorName} (${input.creatorEmail}) hat Ihnen${forOrganization} einen Zugang zu Matchwerk eingerichtet.`,
      `Mit dem folgenden Link legen Sie Ihr Passwort selbst fest. Er ist ${input.validDays} Tage gültig und nur einmal verwendbar. Danach melden Sie sich mit Ihrer E-Mail-Adresse und diesem Passwort an.`,
      'Ist der Link abgelaufen, fordern Sie auf der Anmeldeseite über „Passwort vergessen?“ einen neuen an.',
      'Bei der ersten Anmeldung bitten wir Sie, der Datenschutzerklärung und den Nutzungsbedingungen zuzustimmen.',
    ],
    { label: 'Passwort festlegen', url: input.url },
  );
}

/**
 * Invitation of a colleague into an organisation: who invites (or "Matchwerk" when the system
 * does), into which company, the link and how long it is valid.
 */
export function invitationMail(
  input: TemplateInput & { inviterName: string | null; organizationName: string; url: string; validDays: number },
): Promise<MailMessage> {
  const who = input.inviterName ? `${input.inviterName} lädt Sie` : 'Sie werden';
  const verb = input.inviterName ? 'ein' : 'eingeladen';
  return build(
    input,
    `Einladung zu Matchwerk: ${input.organizationName}`,
    [
      `${who} ${verb}, das Unternehmen ${input.organizationName} bei Matchwerk zu vertreten: Stellenanzeigen veröffentlichen, Anfragen von Bewerberinnen und Bewerbern beantworten und mit ihnen schreiben.`,
      `Mit dem folgenden Link legen Sie Ihr Passwort fest und nehmen die Einladung an. Er ist ${input.validDays} Tage gültig und nur einmal verwendbar.`,
      'Wenn Sie mit dieser Einladung nichts anfangen können, ignorieren Sie diese E-Mail einfach; es wird kein Konto angelegt.',
    ],
    { label: 'Einladung annehmen', url: input.url },
  );
}

/** Link into the web app's /authaction page (hash routing). */
export function authActionUrl(
  publicUrl: string,
  mode: 'verifyEmail' | 'resetPassword' | 'confirmEmailChange' | 'recoverEmail' | 'unlockSignIn' | 'invite',
  token: string,
  /** The account's address, so a page whose link has expired can offer a new one for it (after the `#`: never sent to the server). */
  email?: string,
): string {
  const address = email ? `&email=${encodeURIComponent(email)}` : '';
  return `${publicUrl}/#/authaction?mode=${mode}&token=${encodeURIComponent(token)}${address}`;
}
