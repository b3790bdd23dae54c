/**
 * One push to one device with the real `web-push` library (VAPID JWT, aes128gcm, RFC 8030
 * headers). The push service's answer decides: 2xx delivered, 404/410 the subscription is gone,
 * 400/413 the push can never succeed; anything else (429, 5xx, network) is thrown so the job retries.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from './vapid';

export type PushOutcome = 'DELIVERED' | 'GONE' | 'REJECTED';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps it for an offline device. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 Topic: a newer push with the same topic replaces a waiting one (≤ 32 base64url characters). */
  topic?: string;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Keep-alive agent (the fan-out reuses connections); tests give one that trusts their push service. */
  agent?: Agent;
  timeoutMs?: number;
}

/** web-push's error carries the push service's status. */
function statusOf(error: unknown): number | undefined {
  return error instanceof webpush.WebPushError ? error.statusCode : undefined;
}

/** A VAPID JWT is valid this long (RFC 8292 allows up to 24 h); it is renewed an hour before. */
const VAPID_JWT_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_SECONDS = 60 * 60;

export function createPushSender(options: PushSenderOptions) {
  const { vapid } = options;
  // One signed JWT per push service (audience) for hours, as RFC 8292 allows: signing one per push
  // (web-push's default) costs an ES256 signature each, most of the fan-out's CPU.
  const authorizations = new Map<string, { header: string; expires: number }>();
  function authorization(endpoint: string, nowSeconds: number): string {
    const audience = new URL(endpoint).origin;
    const known = authorizations.get(audience);
    if (known && known.expires - VAPID_RENEW_SECONDS > nowSeconds) return known.header;
    const expires = nowSeconds + VAPID_JWT_SECONDS;
    const { Authorization: header } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expires,
    );
    authorizations.set(audience, { header, expires });
    return header;
  }

  return async function send(target: PushTarget, payload: string, push: PushOptions): Promise<PushOutcome> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          headers: { Authorization: authorization(target.endpoint, Math.floor(Date.now() / 1000)) },
          TTL: push.ttlSeconds,
          urgency: push.urgency,
          ...(push.topic ? { topic: push.topic } : {}),
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      return 'DELIVERED';
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) return 'GONE';
      if (status === 400 || status === 413) return 'REJECTED';
      throw error;
    }
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
