/**
 * VAPID keys (RFC 8292, ADR 0098): from the environment in production (parseEnv refuses to
 * start without them while the candidate app is on), generated once and kept in the data
 * folder otherwise, so subscriptions survive restarts of a demo.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** base64url of the private scalar (32 bytes). */
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

const storedSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** A fresh key pair (tests, the first demo start). */
export function generateVapidKeys(subject: string): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey, subject };
}

/**
 * The keys of this server: `configured` when given (production), else DATA_DIR/vapid-keys.json,
 * written on the first start (mode 0600, like the auth secret).
 */
export function resolveVapidKeys(options: {
  configured: VapidKeys | undefined;
  dataDir: string;
  subject: string;
}): VapidKeys {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, VAPID_KEYS_FILE);
  if (existsSync(file)) {
    const stored = storedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return { ...stored.data, subject: options.subject };
  }
  const keys = generateVapidKeys(options.subject);
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }, null, 2)}\n`, {
    mode: 0o600,
  });
  return keys;
}
