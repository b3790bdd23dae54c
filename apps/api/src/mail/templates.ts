/** German mail templates: subject, plain text and a simple, escaped HTML body. */
import type { MailMessage } from './mailer';

/** For the HTML part: every user-supplied text goes through this (and mailLine) before it lands in markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// C0 and C1 control characters (CR, LF, TAB, NUL, NEL, …), DEL and the Unicode line and
// paragraph separators: anything a mail client or header parser could read as a line break.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A user-supplied value (name, address, title, excerpt) as one plain line for subjects and
 * text lines: line breaks and control characters become a space, so it can never start a new
 * header or a line of its own ("Max\r\nBcc: …"). Every template builds its lines through this.
 */
export function mailLine(value: string): string {
  return value.replace(LINE_BREAKING, ' ').replace(/ {2,}/g, ' ').trim();
}

/** "Guten Tag Max Muster," — the name made one safe line (HTML-escape it for the HTML part). */
export function greetingLine(name: string): string {
  const safe = mailLine(name);
  return safe ? `Guten Tag ${safe},` : 'Guten Tag,';
}

interface TemplateInput {
  to: string;
  name: string;
  supportEmail: string;
}

/**
 * One mail from a subject, paragraphs and an optional button. Every piece — subject, name,
 * paragraphs with interpolated values, link — is made one line with mailLine and HTML-escaped
 * in the HTML part, so templates interpolate user input without escaping it themselves.
 */
function build(input: TemplateInput, rawSubject: string, rawParagraphs: string[], rawAction?: { label: string; url: string }): MailMessage {
  const subject = mailLine(rawSubject);
  const paragraphs = rawParagraphs.map(mailLine);
  const action = rawAction && { label: mailLine(rawAction.label), url: mailLine(rawAction.url) };
  const supportEmail = mailLine(input.supportEmail);
  const greeting = greetingLine(input.name);
  const closing = ['Bei Fragen erreichen Sie uns unter ' + supportEmail + '.', '', 'Ihr Matchwerk-Team'];
  const textParts = [greeting, '', ...paragraphs.flatMap((p) => [p, ''])];
  if (action) textParts.push(`${action.label}:`, action.url, '');
  textParts.push(...closing);
  const htmlParts = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : '',
    `<p>Bei Fragen erreichen Sie uns unter <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>`,
    '<p>Ihr Matchwerk-Team</p>',
  ];
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${htmlParts.join('')}</body></html>`;
  return { to: mailLine(input.to), subject, text: textParts.join('\n'), html };
}

export function verifyEmailMail(input: TemplateInput & { url: string; isEmailChange?: boolean }): MailMessage {
  return build(
    input,
    'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    input.isEmailChange
      ? ['Sie möchten diese Adresse künftig für Ihr Matchwerk-Konto verwenden. Bitte bestätigen Sie sie mit dem folgenden Link.']
      : [
          'vielen Dank für Ihre Registrierung bei Matchwerk. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem folgenden Link.',
          'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
        ],
    { label: 'E-Mail-Adresse bestätigen', url: input.url },
  );
}

export function resetPasswordMail(input: TemplateInput & { url: string }): MailMessage {
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

export function confirmEmailChangeMail(input: TemplateInput & { url: string; newEmail: string }): MailMessage {
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

export function recoverEmailMail(input: TemplateInput & { url: string; newEmail: string }): MailMessage {
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

export function alreadyRegisteredMail(input: TemplateInput & { loginUrl: string }): MailMessage {
  return build(
    input,
    'Sie haben bereits ein Matchwerk-Konto',
    [
      'jemand hat versucht, mit dieser E-Mail-Adresse ein neues Matchwerk-Konto anzulegen. Zu dieser Adresse besteht bereits ein Konto.',
      `Melden Sie sich einfach an: ${input.loginUrl}`,
      'Passwort vergessen? Auf der Anmeldeseite können Sie ein neues anfordern.',
      'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
    ],
  );
}

export function signInUnlockMail(input: TemplateInput & { url: string; minutes: number }): MailMessage {
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
 * Welcome mail of an account an administrator or partner created: who created it and where to
 * sign in. Never the password (the creator hands it over another way; "Passwort vergessen" works too).
 */
export function welcomeMail(input: TemplateInput & { creatorName: string; creatorEmail: string; loginUrl: string; organizationName: string | null }): MailMessage {
  const forOrganization = input.organizationName ? ` für ${input.organizationName}` : '';
  return build(
    input,
    'Ihr Zugang zu Matchwerk',
    [
      `${input.creatorName} (${input.creatorEmail}) hat Ihnen${forOrganization} einen Zugang zu Matchwerk eingerichtet. Ihre E-Mail-Adresse ist damit bestätigt.`,
      'Ihr Passwort erhalten Sie von der Person, die den Zugang angelegt hat. Sie können auf der Anmeldeseite jederzeit über „Passwort vergessen?“ ein eigenes Passwort festlegen.',
      'Bei der ersten Anmeldung bitten wir Sie, der Datenschutzerklärung und den Nutzungsbedingungen zuzustimmen.',
    ],
    { label: 'Zur Anmeldung', url: input.loginUrl },
  );
}

/**
 * Invitation of a colleague into an organisation: who invites (or "Matchwerk" when the system
 * does), into which company, the link and how long it is valid.
 */
export function invitationMail(input: TemplateInput & { inviterName: string | null; organizationName: string; url: string; validDays: number }): MailMessage {
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
