/**
 * The public page a parent opens from the consent mail (ADR 0097): what Matchwerk is, which data
 * it processes, and buttons to confirm, decline or take a confirmation back. No account, no
 * script; opening it (GET) changes nothing — mail scanners fetch links —, the buttons post the
 * decision to the same address. German, "Sie", plain language, one heading per page, labelled
 * buttons, readable without styles.
 */
import type { ParentalDecision } from '@matchwerk/shared';
import { FAVICON_LINK_TAGS } from '../../http/favicon';
import { escapeHtml } from '../../mail/mail-line';

export type ParentalPageState = 'PENDING' | 'CONFIRMED' | 'DECLINED' | 'REVOKED';
export type ParentalPageKind =
  | { kind: 'ASK'; state: ParentalPageState; childName: string; token: string }
  | { kind: 'DONE'; decision: ParentalDecision; childName: string; token: string }
  | { kind: 'INVALID' }
  | { kind: 'NOT_NEEDED'; childName: string };

const STATE_TEXT: Record<ParentalPageState, string> = {
  PENDING: 'Sie haben noch nicht entschieden.',
  CONFIRMED: 'Sie haben zugestimmt. Ihr Kind kann Interesse an Stellen zeigen und mit Unternehmen schreiben.',
  DECLINED: 'Sie haben abgelehnt. Ihr Kind kann Stellen nur ansehen.',
  REVOKED: 'Sie haben Ihre Zustimmung zurückgenommen. Ihr Kind kann Stellen nur ansehen.',
};

const BUTTONS: Record<ParentalPageState, { decision: ParentalDecision; label: string }[]> = {
  PENDING: [
    { decision: 'confirm', label: 'Ich stimme zu' },
    { decision: 'decline', label: 'Ich lehne ab' },
  ],
  CONFIRMED: [{ decision: 'revoke', label: 'Zustimmung zurücknehmen' }],
  DECLINED: [{ decision: 'confirm', label: 'Doch zustimmen' }],
  REVOKED: [{ decision: 'confirm', label: 'Wieder zustimmen' }],
};

const DONE_TEXT: Record<ParentalDecision, { title: string; text: string }> = {
  confirm: {
    title: 'Vielen Dank für Ihre Zustimmung',
    text: 'Ihr Kind kann jetzt Interesse an Stellen zeigen und mit Unternehmen schreiben. Wir haben Ihnen eine E-Mail mit einem Link geschickt, über den Sie die Zustimmung jederzeit zurücknehmen können.',
  },
  decline: {
    title: 'Sie haben abgelehnt',
    text: 'Ihr Kind kann sich Stellen weiter ansehen, aber kein Interesse zeigen und nicht chatten. Wir sagen es ihm in der App. Wenn Sie es sich anders überlegen, öffnen Sie den Link aus der E-Mail erneut.',
  },
  revoke: {
    title: 'Zustimmung zurückgenommen',
    text: 'Ihr Kind kann ab sofort kein Interesse mehr zeigen und nicht mehr chatten; offene Chats bleiben lesbar. Wenn Sie es sich anders überlegen, öffnen Sie den Link aus der E-Mail erneut.',
  },
};

const WHAT_AND_DATA =
  '<h2>Was ist Matchwerk?</h2>' +
  '<p>Matchwerk ist eine Plattform für Schülerinnen und Schüler. Sie finden dort Praktika, Ferienjobs und Ausbildungsplätze in ihrer Region. Wenn Ihr Kind Interesse an einer Stelle zeigt und das Unternehmen zustimmt, können beide miteinander schreiben. Matchwerk ist kostenlos, zeigt keine Werbung und verfolgt Ihr Kind nicht.</p>' +
  '<h2>Welche Daten verarbeiten wir?</h2>' +
  '<ul>' +
  '<li>Name, E-Mail-Adresse, Region und Geburtsdatum – das Geburtsdatum nur, um das Alter zu prüfen. Unternehmen sehen nur das Alter in Jahren.</li>' +
  '<li>Was Ihr Kind freiwillig im Profil angibt: Schule, „Über mich“, Interessen, Fotos.</li>' +
  '<li>An welchen Stellen es Interesse zeigt und die Nachrichten mit Unternehmen.</li>' +
  '<li>Ihre E-Mail-Adresse und Ihre Entscheidung, mit Datum.</li>' +
  '</ul>' +
  '<p>Ein Unternehmen sieht das Profil Ihres Kindes erst, wenn Ihr Kind Interesse an einer seiner Stellen zeigt. Stellen, für die Ihr Kind nach dem Jugendarbeitsschutzgesetz zu jung ist, bekommt es nicht angezeigt. Ihr Kind kann sein Konto jederzeit löschen; dann werden alle Daten gelöscht.</p>';

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    FAVICON_LINK_TAGS +
    `<title>${escapeHtml(title)} – Matchwerk</title></head>` +
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a;">' +
    `<main><h1>${escapeHtml(title)}</h1>${body}</main>` +
    '</body></html>'
  );
}

function form(token: string, buttons: { decision: ParentalDecision; label: string }[]): string {
  // A query-only action keeps the page's own path, so the form also works behind a path prefix.
  const action = escapeHtml(`?token=${encodeURIComponent(token)}`);
  return buttons
    .map(
      ({ decision, label }) =>
        `<form method="post" action="${action}" style="display: inline-block; margin: 0 1rem 1rem 0;">` +
        `<input type="hidden" name="decision" value="${decision}">` +
        `<button type="submit" style="font: inherit; padding: 0.6rem 1.2rem; cursor: pointer;">${escapeHtml(label)}</button></form>`,
    )
    .join('');
}

export function renderParentalConsentPage(input: ParentalPageKind): string {
  switch (input.kind) {
    case 'ASK':
      return page(
        `Zustimmung für ${input.childName}`,
        `<p>${escapeHtml(input.childName)} hat sich bei Matchwerk angemeldet und ist jünger als 16 Jahre. Deshalb braucht es Ihre Zustimmung, bevor es Interesse an Stellen zeigen und mit Unternehmen schreiben kann (Datenschutz-Grundverordnung, Art. 8).</p>` +
          WHAT_AND_DATA +
          `<h2>Ihre Entscheidung</h2><p><strong>${escapeHtml(STATE_TEXT[input.state])}</strong></p>` +
          form(input.token, BUTTONS[input.state]) +
          '<p>Sie können Ihre Entscheidung später über den Link in der E-Mail ändern.</p>',
      );
    case 'DONE':
      return page(DONE_TEXT[input.decision].title, `<p>${escapeHtml(DONE_TEXT[input.decision].text)}</p>`);
    case 'NOT_NEEDED':
      return page(
        'Keine Zustimmung mehr nötig',
        `<p>${escapeHtml(input.childName)} ist inzwischen 16 Jahre alt und braucht Ihre Zustimmung nicht mehr.</p>`,
      );
    case 'INVALID':
      return page(
        'Link ungültig oder abgelaufen',
        '<p>Dieser Link ist ungültig oder abgelaufen. Ihr Kind kann Ihnen in der Matchwerk-App eine neue E-Mail schicken.</p>',
      );
  }
}
