/**
 * Candidate notifications (issue 46, item 2; ADR 0098/0099): Web Push subscriptions per device,
 * the VAPID public key, the candidate's notification settings and what a push carries. The
 * candidate app's service worker reads `candidatePushPayloadSchema`.
 */
import { z } from 'zod';

/** What a candidate can be told about; each kind has its own push and e-mail switch. */
export const CANDIDATE_NOTIFICATION_KINDS = ['MATCHING_ACCEPTED', 'MATCHING_DECLINED', 'MESSAGE'] as const;
export type CandidateNotificationKind = (typeof CANDIDATE_NOTIFICATION_KINDS)[number];

/** German labels ("du") for the settings screen and the unsubscribe pages. */
export const CANDIDATE_NOTIFICATION_KIND_LABELS: Record<CandidateNotificationKind, string> = {
  MATCHING_ACCEPTED: 'Zusagen auf deine Anfragen',
  MATCHING_DECLINED: 'Absagen auf deine Anfragen',
  MESSAGE: 'Neue Nachrichten von Firmen',
};

/** Quiet hours (Europe/Berlin): on by default for candidates under 18; pushes wait until the end. */
export const CANDIDATE_QUIET_HOURS = { from: '20:00', to: '07:00', timeZone: 'Europe/Berlin' } as const;

/** The longest endpoint we keep; real push services use about 200–500 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const endpointSchema = z
  .url({
    protocol: /^https?$/,
    error: 'Die Push-Adresse (endpoint) muss eine http(s)-Adresse sein.',
  })
  .max(PUSH_ENDPOINT_MAX_LENGTH, `Die Push-Adresse darf höchstens ${PUSH_ENDPOINT_MAX_LENGTH} Zeichen lang sein.`);

/** base64url without padding of exactly `bytes` bytes. */
function base64UrlKey(bytes: number, label: string) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: `${label} fehlt.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} muss base64url-kodiert sein.`)
    .refine((value) => value.replace(/=+$/, '').length === length, `${label} hat nicht die richtige Länge.`);
}

/** POST /rest/applicant/push-subscriptions: what `PushSubscription.toJSON()` gives (upsert by endpoint). */
export const pushSubscriptionInputSchema = z
  .object({
    endpoint: endpointSchema,
    expirationTime: z.number().int().nonnegative().nullish(),
    keys: z
      .object({
        p256dh: base64UrlKey(65, 'Der Schlüssel p256dh'),
        auth: base64UrlKey(16, 'Das Geheimnis auth'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /rest/applicant/push-subscriptions: this device signs out or turns push off. */
export const pushSubscriptionDeleteSchema = z.object({ endpoint: endpointSchema }).strict();

export const pushSubscriptionResponseSchema = z.object({
  endpoint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});

/** GET /rest/applicant/push-config: the key for `pushManager.subscribe({ applicationServerKey })`. */
export const pushConfigSchema = z.object({
  vapidPublicKey: z.string().describe('VAPID public key, base64url (uncompressed P-256 point)'),
});

const perKindSchema = z
  .object({
    MATCHING_ACCEPTED: z.boolean({ error: 'Bitte gib an, ob du zu Zusagen benachrichtigt werden willst.' }),
    MATCHING_DECLINED: z.boolean({ error: 'Bitte gib an, ob du zu Absagen benachrichtigt werden willst.' }),
    MESSAGE: z.boolean({ error: 'Bitte gib an, ob du zu Nachrichten benachrichtigt werden willst.' }),
  })
  .strict();

/** PUT /rest/applicant/notification-settings (all fields, strict). */
export const candidateNotificationSettingsInputSchema = z
  .object({
    /** Push per kind (on this candidate's devices with a subscription). */
    push: perKindSchema,
    /** E-mail per kind, when no push reaches the candidate (no device or push off for the kind). */
    email: perKindSchema,
    /** Pushes and mails wait from 20:00 to 07:00 (Berlin); default on under 18. */
    quietHours: z.boolean({ error: 'Bitte gib an, ob die Ruhezeit gelten soll.' }),
  })
  .strict();
export type CandidateNotificationSettingsInput = z.infer<typeof candidateNotificationSettingsInputSchema>;

export const candidateNotificationSettingsSchema = candidateNotificationSettingsInputSchema.extend({
  quietHoursWindow: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  /** Devices with an active push subscription. */
  pushDevices: z.number().int().nonnegative(),
});
export type CandidateNotificationSettings = z.infer<typeof candidateNotificationSettingsSchema>;

/**
 * The JSON a push carries (encrypted, aes128gcm): no names of the candidate, no message text —
 * the kind, the company's name at most and where the app opens (inside /app/).
 */
export const candidatePushPayloadSchema = z.object({
  v: z.literal(1),
  kind: z.enum(CANDIDATE_NOTIFICATION_KINDS),
  /** The organisation's name (public on its postings) or null. */
  company: z.string().nullable(),
  /** Path inside the candidate app, e.g. `/app/#/nachrichten/<organisationId>`. */
  url: z.string().startsWith('/app/'),
  /** Notification tag: one per chat for messages, so they replace each other on the device. */
  tag: z.string(),
});
export type CandidatePushPayload = z.infer<typeof candidatePushPayloadSchema>;
