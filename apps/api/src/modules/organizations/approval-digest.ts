/**
 * The daily mail of the approval queue (ADR 0020): each regional partner gets the list of
 * self sign-ups of their regions that wait for release; admins get those of regions without
 * any partner, so nothing waits unseen. Nothing waits → no mail. Runs as a pg-boss cron job
 * (src/jobs/approval-jobs.ts); pg-boss runs a cron tick once across all instances.
 */
import type { Region } from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import { composeApprovalDigestMail } from './approval-digest-mail';
import type { ApprovalQueueRepository } from './approval-queue.repository';

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
      const coveredRegions = new Set<Region>(
        recipients
          .filter((recipient) => recipient.type === 'REGIONAL_PARTNER')
          .flatMap((recipient) => recipient.regions),
      );
      let sent = 0;
      for (const recipient of recipients) {
        const theirs =
          recipient.type === 'REGIONAL_PARTNER'
            ? waiting.filter((organization) => recipient.regions.includes(organization.region))
            : waiting.filter((organization) => !coveredRegions.has(organization.region));
        if (theirs.length === 0) continue;
        try {
          await deps.mailer.send(
            await composeApprovalDigestMail({
              to: recipient.email,
              name: recipient.name,
              organizations: theirs,
              publicUrl: deps.publicUrl,
              supportEmail: deps.supportEmail,
            }),
          );
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
