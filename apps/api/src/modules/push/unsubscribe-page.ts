/**
 * The small pages behind the fallback mail's unsubscribe links, in "du". Opening the link (GET)
 * only shows a button (mail scanners open links); the button posts to the same URL, like an
 * RFC 8058 one-click request. No script (CSP), the form posts to 'self'.
 */
import { FAVICON_LINK_TAGS } from '../../http/favicon';
import { escapeHtml } from '../../mail/mail-line';

export type CandidateUnsubscribePage = 'CONFIRM' | 'DONE' | 'INVALID' | 'FAILED';

function texts(kind: CandidateUnsubscribePage, what: string): { title: string; text: string } {
  switch (kind) {
    case 'CONFIRM':
      return {
        title: 'E-Mails abbestellen',
        text: `Willst du keine E-Mails mehr zu diesem Thema bekommen: ${what}? Dann drück auf den Knopf.`,
      };
    case 'DONE':
      return {
        title: 'Abbestellt',
        text: `Du bekommst keine E-Mails mehr zu: ${what}. In der App kannst du das unter „Einstellungen“ wieder einschalten.`,
      };
    case 'INVALID':
      return {
        title: 'Link ungültig',
        text: 'Dieser Link funktioniert nicht. Du kannst die E-Mails in der App unter „Einstellungen“ ausschalten.',
      };
    case 'FAILED':
      return {
        title: 'Das hat nicht geklappt',
        text: 'Etwas ist schiefgelaufen. Bitte versuch es später noch einmal oder schalte die E-Mails in der App unter „Einstellungen“ aus.',
      };
  }
}

export function renderCandidateUnsubscribePage(input: {
  kind: CandidateUnsubscribePage;
  /** The kinds in words (CONFIRM, DONE). */
  what?: string;
  appUrl: string;
  token?: string;
}): string {
  const { title, text } = texts(input.kind, input.what ?? '');
  const form =
    input.kind === 'CONFIRM' && input.token
      ? `<form method="post" action="${escapeHtml(`?token=${encodeURIComponent(input.token)}`)}">` +
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
        '<button type="submit" style="font: inherit; padding: 0.5rem 1rem; cursor: pointer;">E-Mails abbestellen</button></form>'
      : '';
  return (
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    FAVICON_LINK_TAGS +
    `<title>${escapeHtml(title)} – Matchwerk</title></head>` +
    '<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem;">' +
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}<p><a href="${escapeHtml(input.appUrl)}">Zur Matchwerk-App</a></p></main>` +
    '</body></html>'
  );
}
