/**
 * A push service for tests and the bench (issue 46, ADR 0098): a small HTTPS server (a test-only
 * self-signed certificate for 127.0.0.1 in ./push-service-tls) that takes RFC 8030 pushes the
 * way a browser vendor's service does, so our real `web-push` call is tested, not a mock of it:
 *
 * - verifies the VAPID JWT (RFC 8292): `Authorization: vapid t=<jwt>, k=<key>`, ES256 signature
 *   checked with `k` (and `k` must be the server's public key when one is given), `aud` = this
 *   service's origin, `exp` in the future and at most 24 h ahead, `sub` a mailto: or https: URL;
 * - decrypts the `aes128gcm` body (RFC 8188 + RFC 8291) with the subscription's private key,
 *   which the test created itself with WebCrypto (ECDH P-256 + a 16-byte auth secret);
 * - keeps what a device would get: a waiting push with the same `Topic` is replaced (collapse);
 * - answers 201, or what the test asks for (410 gone, 500 to force a retry …).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { webcrypto } from 'node:crypto';

const subtle = webcrypto.subtle;
const TLS_DIR = new URL('./push-service-tls/', import.meta.url);
const CERT = readFileSync(new URL('cert.pem', TLS_DIR));
const KEY = readFileSync(new URL('key.pem', TLS_DIR));

/** An agent that trusts this service's certificate (and keeps connections open). */
export function pushServiceAgent(): Agent {
  return new Agent({ ca: CERT, keepAlive: true, maxSockets: 64, noDelay: true });
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload. */
  payload: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  at: number;
}

interface DeviceKeys {
  privateKey: webcrypto.CryptoKey;
  publicRaw: Uint8Array;
  auth: Uint8Array;
}

const encoder = new TextEncoder();

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** RFC 8291 §3.4 + RFC 8188: the single record of a push, decrypted with the device's keys. */
async function decrypt(body: Buffer, device: DeviceKeys): Promise<string> {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not a P-256 public key');
  if (cipherText.length > recordSize) throw new Error('more than one record');
  const serverKey = await subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await subtle.deriveBits({ name: 'ECDH', public: serverKey }, device.privateKey, 256));
  const keyInfo = concat(encoder.encode('WebPush: info\0'), device.publicRaw, serverPublic);
  const ikm = await hkdf(device.auth, shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  const aesKey = await subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aesKey, cipherText));
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('missing last-record delimiter');
  return Buffer.from(plain.subarray(0, end)).toString('utf8');
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 8292: the JWT's ES256 signature with the key in `k`, its audience, expiry and subject. */
async function verifyVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string | undefined,
): Promise<ReceivedPush['claims']> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no VAPID authorization');
  const [, jwt, key] = match as unknown as [string, string, string];
  if (expectedKey && key !== expectedKey) throw new Refusal(403, 'unknown VAPID key');
  const [encodedHeader, encodedClaims, encodedSignature] = jwt.split('.');
  if (!encodedHeader || !encodedClaims || !encodedSignature) throw new Refusal(401, 'malformed JWT');
  const jose = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8')) as { alg?: string };
  if (jose.alg !== 'ES256') throw new Refusal(401, 'JWT is not ES256');
  const publicKey = await subtle.importKey(
    'raw',
    Buffer.from(key, 'base64url'),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const valid = await subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    Buffer.from(encodedSignature, 'base64url'),
    encoder.encode(`${encodedHeader}.${encodedClaims}`),
  );
  if (!valid) throw new Refusal(403, 'bad JWT signature');
  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Refusal(403, `aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Refusal(403, 'exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(403, 'sub is no mailto: or https: URL');
  return claims;
}

export interface TestPushService {
  origin: string;
  /** A subscription as a browser makes it: its keys made here with WebCrypto, the private one kept. */
  subscribe(): Promise<TestSubscription>;
  /** Every push taken (2xx), in order. */
  received: ReceivedPush[];
  /** Pushes refused (bad JWT, undecryptable): status and why. */
  refused: { subscriptionId: string; status: number; reason: string }[];
  /** What the device would show now: per subscription, a newer push with the same topic replaced the older. */
  waiting(subscriptionId: string): ReceivedPush[];
  /** The next answers for a subscription (e.g. [500, 201]); afterwards 201 again. */
  answer(subscriptionId: string, statuses: number[]): void;
  /** Every request seen for a subscription, with its status. */
  attempts(subscriptionId: string): number[];
  /** Resolves when `count` pushes were taken in total. */
  until(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestPushService(options: { vapidPublicKey?: string } = {}): Promise<TestPushService> {
  const devices = new Map<string, DeviceKeys>();
  const answers = new Map<string, number[]>();
  const attempts = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const refused: TestPushService['refused'] = [];
  const waiting = new Map<string, ReceivedPush[]>();
  let waiters: { count: number; resolve: () => void }[] = [];
  let origin = '';
  let next = 0;

  async function handle(id: string, headers: Record<string, string | string[] | undefined>, body: Buffer) {
    const device = devices.get(id);
    if (!device) throw new Refusal(404, 'no such subscription');
    const planned = answers.get(id)?.shift();
    const claims = await verifyVapid(headers.authorization as string | undefined, origin, options.vapidPublicKey);
    if (headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'not aes128gcm');
    const ttl = Number(headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL missing');
    if (planned !== undefined && planned !== 201) return planned;
    const push: ReceivedPush = {
      subscriptionId: id,
      payload: await decrypt(body, device),
      ttl,
      urgency: headers.urgency as string | undefined,
      topic: headers.topic as string | undefined,
      claims,
      at: Date.now(),
    };
    received.push(push);
    const queue = (waiting.get(id) ?? []).filter((old) => !push.topic || old.topic !== push.topic);
    queue.push(push);
    waiting.set(id, queue);
    waiters = waiters.filter((waiter) => {
      if (received.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
    return 201;
  }

  const server: Server = createServer({ cert: CERT, key: KEY, noDelay: true }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const record = (status: number) => {
        const list = attempts.get(id) ?? [];
        list.push(status);
        attempts.set(id, list);
        response.writeHead(status, status === 201 ? { location: `${origin}/message/${++next}` } : {}).end();
      };
      if (request.method !== 'POST') return record(405);
      handle(id, request.headers, Buffer.concat(chunks)).then(record, (error: unknown) => {
        const status = error instanceof Refusal ? error.status : 400;
        refused.push({ subscriptionId: id, status, reason: error instanceof Error ? error.message : String(error) });
        record(status);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    async subscribe() {
      const pair = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const publicRaw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
      const auth = webcrypto.getRandomValues(new Uint8Array(16));
      const id = webcrypto.randomUUID();
      devices.set(id, { privateKey: pair.privateKey, publicRaw, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: Buffer.from(publicRaw).toString('base64url'), auth: Buffer.from(auth).toString('base64url') },
      };
    },
    waiting: (id) => [...(waiting.get(id) ?? [])],
    answer(id, statuses) {
      answers.set(id, [...statuses]);
    },
    attempts: (id) => [...(attempts.get(id) ?? [])],
    until(count, timeoutMs = 30_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`push service: ${received.length} of ${count} pushes after ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
