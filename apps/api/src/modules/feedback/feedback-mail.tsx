// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/** The mail of one feedback to SUPPORT_EMAIL (ADR 0036; template per ADR 0050). */
import { Fragment } from 'react';
import { MailHeading, MailLayout, MailParagraph, MailQuote } from '../../mail/mail-layout';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';

/**
 * Feedback from the help page to SUPPORT_EMAIL (ADR 0036). Sender, page and category are one
 * safe line each; the message keeps its line breaks, quoted with "> " in the text part (so no
 * line of it reads like a header or a field of ours) and escaped by React in the HTML part.
 */
export function composeFeedbackMail(input: {
  to: string;
  categoryLabel: string;
  sender: { name: string; email: string; roleLabel: string; organizationName: string | null };
  pageUrl: string;
  message: string;
  hasScreenshot: boolean;
  receivedAt: string;
}): Promise<MailMessage> {
  const senderName = mailLine(input.sender.name) || 'Ohne Namen';
  const subject = mailLine(`Feedback (${input.categoryLabel}) von ${senderName}`);
  const facts: [string, string][] = [
    ['Kategorie', mailLine(input.categoryLabel)],
    ['Von', `${senderName} <${mailLine(input.sender.email)}>`],
    ['Rolle', mailLine(input.sender.roleLabel)],
    ...(input.sender.organizationName
      ? ([['Unternehmen', mailLine(input.sender.organizationName)]] as [string, string][])
      : []),
    ['Seite', mailLine(input.pageUrl)],
    ['Eingegangen', mailLine(input.receivedAt)],
    ['Screenshot', input.hasScreenshot ? 'ja – in Matchwerk unter „Support & Einstellungen“ → Feedback' : 'nein'],
  ];
  return renderMail(
    { to: input.to, subject, headers: { 'Reply-To': mailLine(input.sender.email) } },
    <MailLayout title={subject}>
      <MailParagraph>
        {facts.map(([label, value], index) => (
          <Fragment key={label}>
            {index > 0 ? <br /> : null}
            <strong>{`${label}:`}</strong>
            {` ${value}`}
          </Fragment>
        ))}
      </MailParagraph>
      <MailHeading>Nachricht:</MailHeading>
      <MailQuote text={input.message} />
    </MailLayout>,
  );
}
