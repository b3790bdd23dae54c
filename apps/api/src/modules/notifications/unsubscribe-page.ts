/**
 * The small German HTML pages behind the unsubscribe link of notification mails. Opening the
 * link (GET) only shows a button: mail scanners and link previews fetch links, so a GET must
 * never change anything. The button posts to the same URL, like an RFC 8058 one-click request.
 * CSP: no script at all, the form posts to 'self' (form-action 'self').
 */
import { FAVICON_LINK_TAGS } from '../../http/favicon';
import { escapeHtml } from '../../mail/mail-line';

export type UnsubscribePageKind = 'CONFIRM' | 'DONE' | 'INVALID' | 'FAILED';

/** The form field RFC 8058 one-click requests send; the page's button sends it too. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

const TEXTS: Record<UnsubscribePageKind, { title: string; text: string }> = {
  CONFIRM: {
    title: 'E-Mail-Benachrichtigungen abbestellen',
    text: 'Möchten Sie keine E-Mail-Benachrichtigungen über neue Anfragen und Nachrichten mehr erhalten? Bestätigen Sie das bitte mit der Schaltfläche.',
  },
  DONE: {
    title: 'Benachrichtigungen abbestellt',
    text: 'Sie erhalten ab sofort keine E-Mail-Benachrichtigungen mehr über neue Anfragen und Nachrichten. Sie können sie jederzeit wieder unter „Support & Einstellungen“ einschalten.',
  },
  INVALID: {
    title: 'Link ungültig',
    text: 'Dieser Abmeldelink ist ungültig. Sie können die Benachrichtigungen nach der Anmeldung unter „Support & Einstellungen“ ausschalten.',
  },
  FAILED: {
    title: 'Abbestellen nicht möglich',
    text: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut oder schalten Sie die Benachrichtigungen nach der Anmeldung unter „Support & Einstellungen“ aus.',
  },
};

export interface UnsubscribePageInput {
  kind: UnsubscribePageKind;
  /** Where "Zu Matchwerk" leads (the web app). */
  appUrl: string;
  /** CONFIRM only: the (valid) token the button posts. */
  token?: string;
}

export function renderUnsubscribePage(input: UnsubscribePageInput): string {
  const { title, text } = TEXTS[input.kind];
  // A query-only action keeps the page's own path, so the form also works behind a path prefix.
  const form =
    input.kind === 'CONFIRM' && input.token
      ? `<form method="post" action="${escapeHtml(`?token=${encodeURIComponent(input.token)}`)}">` +
        `<input type="hidden" name="${ONE_CLICK_FIELD}" value="${ONE_CLICK_VALUE}">` +
        '<button type="submit" style="font: inherit; padding: 0.5rem 1rem; cursor: pointer;">Benachrichtigungen abbestellen</button></form>'
      : '';
  return (
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    FAVICON_LINK_TAGS +
    `<title>${escapeHtml(title)} – Matchwerk</title></head>` +
    '<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem;">' +
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}<p><a href="${escapeHtml(input.appUrl)}">Zu Matchwerk</a></p></main>` +
    '</body></html>'
  );
}
