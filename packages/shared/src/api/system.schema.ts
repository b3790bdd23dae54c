import { z } from 'zod';

/** GET /rest/config — public settings the web app needs before sign-in. */
export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  /** True when no SMTP server is configured and mails land in the demo outbox. */
  demoMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
/**
 * A dependency in the readiness answer (issue 49 item 2): `ok`; `degraded` (down, the app works
 * without it: Redis, the object store for new images, the mail queue); `down` (the app cannot serve:
 * the database); `off` (not configured in this process).
 */
export const dependencyStateSchema = z.enum(['ok', 'degraded', 'down', 'off']);
export type DependencyState = z.infer<typeof dependencyStateSchema>;
export const DEPENDENCY_LABELS = {
  database: 'Datenbank',
  redis: 'Redis (Zähler, Chat-Versionen, Sitzungs-Abmeldungen)',
  objectStore: 'Bildspeicher',
  mailQueue: 'E-Mail-Warteschlange',
} as const;
export type DependencyName = keyof typeof DEPENDENCY_LABELS;
/** What users notice while a dependency is degraded (German, for operators' dashboards). */
export const DEGRADED_MESSAGES: Record<DependencyName, string> = {
  database: 'Die Datenbank ist nicht erreichbar: Matchwerk kann keine Anfragen beantworten.',
  redis:
    'Redis ist nicht erreichbar: jeder Prozess zählt und prüft für sich, Chat-Abfragen lesen die Datenbank (langsamer, alles funktioniert).',
  objectStore: 'Der Bildspeicher ist nicht erreichbar: neue Bilder können gerade nicht gespeichert werden.',
  mailQueue: 'Die E-Mail-Warteschlange läuft nicht: E-Mails werden direkt gesendet, Benachrichtigungen fallen aus.',
};
const dependencySchema = z.object({ state: dependencyStateSchema, label: z.string() });
/** GET /rest/ready — 200 while the app can serve (also degraded), 503 when it cannot (database down). */
export const readyResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  /** Kept for existing health checks: whether the database answered. */
  database: z.boolean(),
  dependencies: z.object({
    database: dependencySchema,
    redis: dependencySchema,
    objectStore: dependencySchema,
    mailQueue: dependencySchema,
  }),
  /** One German sentence per degraded or down dependency. */
  degraded: z.array(z.string()),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

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
