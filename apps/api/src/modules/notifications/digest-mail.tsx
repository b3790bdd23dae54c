// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/** The German notification digest (ADR 0050 template): counts, up to 20 items per kind, links into the app, unsubscribe. */
import { formatPersonName, NOTIFICATION_INTERVAL_LABELS } from '@matchwerk/shared';
import {
  MailClosing,
  MailFootnote,
  MailGreeting,
  MailHeading,
  MailLayout,
  MailLink,
  MailList,
  MailParagraph,
} from '../../mail/mail-layout';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';
import type { DigestInput } from './digest';

const MAX_ITEMS = 20;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Candidate names and posting titles are user input: one line each (mailLine); React escapes them. */
function personName(item: { names: string[] | null; familyNames: string[] | null }): string {
  return mailLine(formatPersonName(item)) || 'Eine Bewerberin / ein Bewerber';
}

function excerpt(text: string, max = 120): string {
  const flat = mailLine(text).replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function composeDigestMail(input: DigestInput): Promise<MailMessage> {
  const messageCount = input.chats.reduce((sum, chat) => sum + chat.count, 0);
  const parts: string[] = [];
  if (input.matchings.length > 0) parts.push(plural(input.matchings.length, 'neue Anfrage', 'neue Anfragen'));
  if (messageCount > 0) parts.push(plural(messageCount, 'neue Nachricht', 'neue Nachrichten'));
  const subject = `Matchwerk: ${parts.join(' und ')}`;
  const base = input.publicUrl.replace(/\/+$/, '');
  const candidatesUrl = `${base}/#/`;
  const chatUrl = (applicantId: string) => `${base}/#/chat/${encodeURIComponent(applicantId)}`;
  const intro =
    input.interval === 'IMMEDIATELY'
      ? 'es gibt Neuigkeiten auf Matchwerk:'
      : `Ihre ${NOTIFICATION_INTERVAL_LABELS[input.interval]}e Zusammenfassung von Matchwerk:`;

  const matchingItems = input.matchings.slice(0, MAX_ITEMS).map((matching, index) => ({
    key: `${matching.applicantId}-${index}`,
    content: `${personName(matching)} interessiert sich für „${mailLine(matching.vacancyTitle)}“`,
  }));
  if (input.matchings.length > MAX_ITEMS)
    matchingItems.push({ key: 'more', content: `… und ${input.matchings.length - MAX_ITEMS} weitere` });

  const chatItems = input.chats.slice(0, MAX_ITEMS).map((chat, index) => ({
    key: `${chat.applicantId}-${index}`,
    content: (
      <>
        {`${personName(chat)} (${plural(chat.count, 'Nachricht', 'Nachrichten')}): „${excerpt(chat.lastText)}“`} —{' '}
        <MailLink href={chatUrl(chat.applicantId)}>zum Chat</MailLink>
      </>
    ),
  }));
  if (input.chats.length > MAX_ITEMS)
    chatItems.push({ key: 'more', content: <>{`… und ${input.chats.length - MAX_ITEMS} weitere Chats`}</> });

  return renderMail(
    {
      to: input.to,
      subject,
      // RFC 2369 + RFC 8058: mail providers show their own "unsubscribe" button and POST to the link (no cookie, no redirect).
      headers: {
        'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
    <MailLayout
      title={subject}
      footer={
        <MailFootnote>
          Sie erhalten diese E-Mail, weil Benachrichtigungen für Ihr Matchwerk-Konto eingeschaltet sind.{' '}
          <MailLink href={input.unsubscribeUrl}>Benachrichtigungen abbestellen</MailLink>
        </MailFootnote>
      }
    >
      <MailGreeting name={input.name} />
      <MailParagraph>{intro}</MailParagraph>
      {matchingItems.length > 0 ? (
        <>
          <MailHeading>{`${plural(input.matchings.length, 'neue Anfrage', 'neue Anfragen')} zu Ihren Stellenanzeigen:`}</MailHeading>
          <MailList items={matchingItems} />
          <MailParagraph>
            <MailLink href={candidatesUrl}>Anfragen ansehen</MailLink>
          </MailParagraph>
        </>
      ) : null}
      {messageCount > 0 ? (
        <>
          <MailHeading>{`${plural(messageCount, 'neue Nachricht', 'neue Nachrichten')} von Bewerberinnen und Bewerbern:`}</MailHeading>
          <MailList items={chatItems} />
        </>
      ) : null}
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
