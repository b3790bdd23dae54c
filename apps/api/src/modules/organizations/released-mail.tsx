// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/** The mail to a company's users once its partner released it (issue 48 item 3, template per ADR 0050). */
import { MailButton, MailClosing, MailGreeting, MailLayout, MailParagraph } from '../../mail/mail-layout';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';

export interface ReleasedMailInput {
  to: string;
  name: string;
  organizationName: string;
  publicUrl: string;
  supportEmail: string;
}

export const RELEASED_MAIL_SUBJECT = 'Matchwerk: Ihr Unternehmen ist freigeschaltet';

export function composeReleasedMail(input: ReleasedMailInput): Promise<MailMessage> {
  const base = input.publicUrl.replace(/\/+$/, '');
  return renderMail(
    { to: input.to, subject: RELEASED_MAIL_SUBJECT },
    <MailLayout title={RELEASED_MAIL_SUBJECT}>
      <MailGreeting name={input.name} />
      <MailParagraph>
        {`Ihr Regionalpartner hat ${mailLine(input.organizationName)} freigeschaltet. Ihre aktiven Stellenanzeigen sehen Bewerberinnen und Bewerber ab sofort.`}
      </MailParagraph>
      <MailParagraph>
        Stellenanzeigen, die Sie noch nicht aktiviert haben, schalten Sie unter „Stellenanzeigen“ mit „Aktivieren“ frei.
      </MailParagraph>
      <MailButton href={`${base}/#/vacancies`}>Zu Ihren Stellenanzeigen</MailButton>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
