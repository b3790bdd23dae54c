// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/** The German approval-queue mail (ADR 0020, template per ADR 0050): one line per waiting organisation with its link. */
import { REGION_LABELS } from '@matchwerk/shared';
import {
  MailButton,
  MailClosing,
  MailGreeting,
  MailLayout,
  MailLink,
  MailList,
  MailParagraph,
} from '../../mail/mail-layout';
import { mailLine } from '../../mail/mail-line';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';
import type { WaitingOrganization } from './approval-queue.repository';

const MAX_ITEMS = 50;
const since = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export interface ApprovalDigestInput {
  to: string;
  name: string;
  organizations: WaitingOrganization[];
  publicUrl: string;
  supportEmail: string;
}

export function composeApprovalDigestMail(input: ApprovalDigestInput): Promise<MailMessage> {
  const base = input.publicUrl.replace(/\/+$/, '');
  const count = input.organizations.length;
  const subject =
    count === 1
      ? 'Matchwerk: 1 Unternehmen wartet auf Freischaltung'
      : `Matchwerk: ${count} Unternehmen warten auf Freischaltung`;
  const intro =
    count === 1
      ? 'ein neu registriertes Unternehmen wartet auf Ihre Freischaltung. Bis dahin sind seine Stellenanzeigen für Bewerberinnen und Bewerber nicht sichtbar.'
      : `${count} neu registrierte Unternehmen warten auf Ihre Freischaltung. Bis dahin sind ihre Stellenanzeigen für Bewerberinnen und Bewerber nicht sichtbar.`;
  const listUrl = `${base}/#/organizations?status=waiting`;
  const items = input.organizations.slice(0, MAX_ITEMS).map((organization) => ({
    key: organization.id,
    content: (
      <>
        <MailLink href={`${base}/#/organization/${encodeURIComponent(organization.id)}`}>
          {mailLine(organization.name)}
        </MailLink>
        {` (${REGION_LABELS[organization.region]}, registriert am ${since.format(organization.createdAt)})`}
      </>
    ),
  }));
  if (count > MAX_ITEMS) items.push({ key: 'more', content: <>{`… und ${count - MAX_ITEMS} weitere`}</> });
  return renderMail(
    { to: input.to, subject },
    <MailLayout title={subject}>
      <MailGreeting name={input.name} />
      <MailParagraph>{intro}</MailParagraph>
      <MailList items={items} />
      <MailParagraph>
        Prüfen Sie die Angaben und schalten Sie das Unternehmen unter „Unternehmen“ frei (Schalter „Aktiv“ oder
        „Freischalten“).
      </MailParagraph>
      <MailButton href={listUrl}>Alle wartenden Unternehmen</MailButton>
      <MailClosing supportEmail={mailLine(input.supportEmail)} />
    </MailLayout>,
  );
}
