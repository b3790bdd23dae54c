import type { OutboxMail } from '@matchwerk/shared';
import { extractLinks, type OutboxEntry } from '../../mail/mailer';

export interface DemoServiceDeps {
  listOutbox: () => Promise<OutboxEntry[]>;
}

/** Demo mode without SMTP_URL only (never in production): the outbox a new user reads to click the verification link. */
export function createDemoService(deps: DemoServiceDeps) {
  return {
    async listMails(): Promise<OutboxMail[]> {
      const rows = await deps.listOutbox();
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        links: extractLinks(row.text),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
