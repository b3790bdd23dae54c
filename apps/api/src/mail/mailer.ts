import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra mail headers (e.g. List-Unsubscribe of notification mails); passed to nodemailer as they are. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real delivery over SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Demo mode: mails are stored in the outbox table and listed at /demo/postfach. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    async send({ to, subject, text, html }) {
      await db.insert(mailOutbox).values({ to, subject, text, html });
    },
  };
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

export async function listOutbox(db: Database, limit = 100): Promise<OutboxEntry[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** Tests: keeps every mail in memory (and optionally forwards to another mailer). */
export function createMemoryMailer(
  forward?: Mailer,
): Mailer & { sent: MailMessage[]; lastTo(to: string): MailMessage | undefined } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      await forward?.send(message);
    },
    lastTo(to) {
      return [...sent].reverse().find((mail) => mail.to.toLowerCase() === to.toLowerCase());
    },
  };
}

/** Links in a mail text (used by the demo outbox and by tests). */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}
