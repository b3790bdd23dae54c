// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The candidate's fallback mail (ADR 0099): what happened since the last one, in "du" and plain
 * language, links into the candidate app, one unsubscribe link per kind (and RFC 8058 one-click
 * for the kinds of this mail). No message text: the mail says who wrote, the app shows what.
 */
import { CANDIDATE_NOTIFICATION_KIND_LABELS, type CandidateNotificationKind } from '@matchwerk/shared';
import { MailFootnote, MailLayout, MailLink, MailList, MailParagraph, type MailListItem } from '../../mail/mail-layout';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';
import { candidateAppPath } from './candidate-notices';
import type { MailItem } from './push.repository';

export interface CandidateMailInput {
  to: string;
  firstName: string | null;
  items: MailItem[];
  publicUrl: string;
  /** Turns off one kind (footer links). */
  unsubscribeUrl: (kinds: CandidateNotificationKind[]) => string;
  supportEmail: string;
}

const UNSUBSCRIBE_LABELS: Record<CandidateNotificationKind, string> = {
  MATCHING_ACCEPTED: 'Keine E-Mails mehr zu Zusagen',
  MATCHING_DECLINED: 'Keine E-Mails mehr zu Absagen',
  MESSAGE: 'Keine E-Mails mehr zu Nachrichten',
};

function company(item: { companyName: string | null }): string {
  return mailLine(item.companyName ?? '') || 'Eine Firma';
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : `${count} ${many}`;
}

export function composeCandidateMail(input: CandidateMailInput): Promise<MailMessage> {
  const base = input.publicUrl.replace(/\/+$/, '');
  const link = (item: MailItem) => `${base}${candidateAppPath(item.kind, item.organizationId ?? '')}`;
  const kinds = [...new Set(input.items.map((item) => item.kind))].sort();

  // Messages: one line per company, however many it sent.
  const perChat = new Map<string, { item: MailItem; count: number }>();
  const lines: MailListItem[] = [];
  for (const item of input.items) {
    if (item.kind !== 'MESSAGE') continue;
    const key = item.organizationId ?? '';
    const known = perChat.get(key);
    if (known) known.count++;
    else perChat.set(key, { item, count: 1 });
  }
  for (const item of input.items) {
    if (item.kind === 'MATCHING_ACCEPTED')
      lines.push({
        key: `a-${lines.length}`,
        content: (
          <>
            {`${company(item)} hat deine Anfrage angenommen. Du kannst jetzt mit der Firma schreiben. `}
            <MailLink href={link(item)}>Zum Chat</MailLink>
          </>
        ),
      });
    else if (item.kind === 'MATCHING_DECLINED')
      lines.push({
        key: `d-${lines.length}`,
        content: (
          <>
            {`${company(item)} hat deine Anfrage leider abgesagt. `}
            <MailLink href={link(item)}>Deine Anfragen ansehen</MailLink>
          </>
        ),
      });
  }
  for (const [key, { item, count }] of perChat)
    lines.push({
      key: `m-${key}`,
      content: (
        <>
          {`${company(item)} hat dir ${plural(count, 'eine neue Nachricht', 'neue Nachrichten')} geschrieben. `}
          <MailLink href={link(item)}>Nachricht lesen</MailLink>
        </>
      ),
    });

  const subject =
    kinds.length === 1 && kinds[0] === 'MESSAGE'
      ? 'Matchwerk: Du hast neue Nachrichten'
      : kinds.length === 1 && kinds[0] === 'MATCHING_ACCEPTED'
        ? 'Matchwerk: Eine Firma hat deine Anfrage angenommen'
        : 'Matchwerk: Neues zu deinen Anfragen';
  const name = mailLine(input.firstName ?? '');
  const headerUrl = input.unsubscribeUrl(kinds);

  return renderMail(
    {
      to: input.to,
      subject,
      headers: { 'List-Unsubscribe': `<${headerUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
    <MailLayout
      title={subject}
      footer={
        <MailFootnote>
          Du bekommst diese E-Mail, weil du in der Matchwerk-App gerade keine Push-Nachrichten bekommst. Du kannst das
          in der App unter „Einstellungen“ ändern.{' '}
          {kinds.map((kind, index) => (
            <span key={kind}>
              {index > 0 ? ' · ' : null}
              <MailLink href={input.unsubscribeUrl([kind])}>{UNSUBSCRIBE_LABELS[kind]}</MailLink>
            </span>
          ))}
        </MailFootnote>
      }
    >
      <MailParagraph>{name ? `Hallo ${name},` : 'Hallo,'}</MailParagraph>
      <MailParagraph>es gibt Neues für dich bei Matchwerk:</MailParagraph>
      <MailList items={lines} />
      <MailParagraph>
        <MailLink href={`${base}/app/`}>Matchwerk öffnen</MailLink>
      </MailParagraph>
      <MailParagraph>
        Fragen? Schreib uns an <MailLink href={`mailto:${input.supportEmail}`}>{input.supportEmail}</MailLink>.
      </MailParagraph>
      <MailParagraph>Dein Matchwerk-Team</MailParagraph>
    </MailLayout>,
  );
}

/** The kinds' labels, for the unsubscribe page. */
export function kindList(kinds: readonly CandidateNotificationKind[]): string {
  return kinds.map((kind) => CANDIDATE_NOTIFICATION_KIND_LABELS[kind]).join(', ');
}
