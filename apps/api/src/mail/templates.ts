/** German mail templates: subject, plain text and a simple, escaped HTML body. */
import type { MailMessage } from './mailer';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface TemplateInput {
  to: string;
  name: string;
  supportEmail: string;
}

function build(input: TemplateInput, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailMessage {
  const greeting = input.name ? `Guten Tag ${input.name},` : 'Guten Tag,';
  const closing = ['Bei Fragen erreichen Sie uns unter ' + input.supportEmail + '.', '', 'Ihr Matchwerk-Team'];
  const textParts = [greeting, '', ...paragraphs.flatMap((p) => [p, ''])];
  if (action) textParts.push(`${action.label}:`, action.url, '');
  textParts.push(...closing);
  const htmlParts = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : '',
    `<p>Bei Fragen erreichen Sie uns unter <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    '<p>Ihr Matchwerk-Team</p>',
  ];
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${htmlParts.join('')}</body></html>`;
  return { to: input.to, subject, text: textParts.join('\n'), html };
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

/** Link into the web app's /authaction page (hash routing). */
export function authActionUrl(publicUrl: string, mode: 'verifyEmail' | 'resetPassword' | 'confirmEmailChange' | 'recoverEmail', token: string): string {
  return `${publicUrl}/#/authaction?mode=${mode}&token=${encodeURIComponent(token)}`;
}
