/**
 * The daily mail of the approval queue (ADR 0020): each regional partner gets the list of
 * self sign-ups of their regions that wait for release; admins get those of regions without
 * any partner, so nothing waits unseen. Nothing waits → no mail. Runs as a pg-boss cron job
 * (src/jobs/approval-jobs.ts); pg-boss runs a cron tick once across all instances.
 */
import { REGION_LABELS, type Region } from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { escapeHtml, greetingLine, mailLine } from '../../mail/templates';
import type { ApprovalQueueRepository, WaitingOrganization } from './approval-queue.repository';

const MAX_ITEMS = 50;

export interface ApprovalDigestInput {
  to: string;
  name: string;
  organizations: WaitingOrganization[];
  publicUrl: string;
  supportEmail: string;
}

/** The German mail: one line per waiting organisation (name, region, since) with its link. */
export function composeApprovalDigestMail(input: ApprovalDigestInput): MailMessage {
  const base = input.publicUrl.replace(/\/+$/, '');
  const count = input.organizations.length;
  const subject = count === 1 ? 'Matchwerk: 1 Unternehmen wartet auf Freischaltung' : `Matchwerk: ${count} Unternehmen warten auf Freischaltung`;
  const greeting = greetingLine(input.name);
  const intro =
    count === 1
      ? 'ein neu registriertes Unternehmen wartet auf Ihre Freischaltung. Bis dahin sind seine Stellenanzeigen für Bewerberinnen und Bewerber nicht sichtbar.'
      : `${count} neu registrierte Unternehmen warten auf Ihre Freischaltung. Bis dahin sind ihre Stellenanzeigen für Bewerberinnen und Bewerber nicht sichtbar.`;
  const since = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
  const listUrl = `${base}/#/organizations?status=waiting`;
  const text: string[] = [greeting, '', intro, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(intro)}</p>`, '<ul>'];
  for (const organization of input.organizations.slice(0, MAX_ITEMS)) {
    const url = `${base}/#/organization/${encodeURIComponent(organization.id)}`;
    const line = `${mailLine(organization.name)} (${REGION_LABELS[organization.region]}, registriert am ${since.format(organization.createdAt)})`;
    text.push(`- ${line}`, `  ${url}`);
    html.push(`<li><a href="${escapeHtml(url)}">${escapeHtml(mailLine(organization.name))}</a> (${escapeHtml(REGION_LABELS[organization.region])}, registriert am ${escapeHtml(since.format(organization.createdAt))})</li>`);
  }
  if (count > MAX_ITEMS) {
    text.push(`- … und ${count - MAX_ITEMS} weitere`);
    html.push(`<li>… und ${count - MAX_ITEMS} weitere</li>`);
  }
  html.push('</ul>');
  const outro = 'Prüfen Sie die Angaben und schalten Sie das Unternehmen unter „Unternehmen“ frei (Schalter „Aktiv“ oder „Freischalten“).';
  text.push('', outro, `Alle wartenden Unternehmen: ${listUrl}`, '', `Bei Fragen erreichen Sie uns unter ${input.supportEmail}.`, '', 'Ihr Matchwerk-Team');
  html.push(
    `<p>${escapeHtml(outro)} <a href="${escapeHtml(listUrl)}">Alle wartenden Unternehmen</a></p>`,
    `<p>Bei Fragen erreichen Sie uns unter <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    '<p>Ihr Matchwerk-Team</p>',
  );
  return {
    to: input.to,
    subject,
    text: text.join('\n'),
    html: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${html.join('')}</body></html>`,
  };
}

export interface ApprovalDigestServiceDeps {
  repository: ApprovalQueueRepository;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export function createApprovalDigestService(deps: ApprovalDigestServiceDeps) {
  return {
    /** Sends one mail per recipient with something waiting in their regions; answers how many went out. */
    async run(): Promise<{ sent: number }> {
      const waiting = await deps.repository.listWaiting();
      if (waiting.length === 0) return { sent: 0 };
      const recipients = await deps.repository.listRecipients();
      const coveredRegions = new Set<Region>(recipients.filter((recipient) => recipient.type === 'REGIONAL_PARTNER').flatMap((recipient) => recipient.regions));
      let sent = 0;
      for (const recipient of recipients) {
        const theirs =
          recipient.type === 'REGIONAL_PARTNER'
            ? waiting.filter((organization) => recipient.regions.includes(organization.region))
            : waiting.filter((organization) => !coveredRegions.has(organization.region));
        if (theirs.length === 0) continue;
        try {
          await deps.mailer.send(composeApprovalDigestMail({ to: recipient.email, name: recipient.name, organizations: theirs, publicUrl: deps.publicUrl, supportEmail: deps.supportEmail }));
          sent += 1;
        } catch (error) {
          // One unreachable address must not keep the others from their mail.
          deps.log?.error({ err: error }, 'Freischaltungs-E-Mail konnte nicht gesendet werden');
        }
      }
      return { sent };
    },
  };
}

export type ApprovalDigestService = ReturnType<typeof createApprovalDigestService>;
