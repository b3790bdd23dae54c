import { z } from 'zod';

/** GET /rest/config — public settings the web app needs before sign-in. */
export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  /** True when no SMTP server is configured and mails land in the demo outbox. */
  demoMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readyResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });

/** GET /rest/demo/outbox — only when demo mail is on. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
});
export const outboxResponseSchema = z.object({ mails: z.array(outboxMailSchema) });
export type OutboxMail = z.infer<typeof outboxMailSchema>;
